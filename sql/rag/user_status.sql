-- name: upsert_user_status :exec
-- Records users as the directory last described them; a row changes only for a newer version of the user.
-- $1 JSON array of {id, tenantId, active, version}
insert into rag.tb_user_status as u (user_id, tenant_id, active, directory_version, synced_at)
select d.id, d."tenantId", d.active, d.version, now()
from jsonb_to_recordset($1::jsonb) as d(id uuid, "tenantId" uuid, active boolean, version bigint)
on conflict (user_id) do update set tenant_id = coalesce(excluded.tenant_id, u.tenant_id), active = excluded.active,
  directory_version = excluded.directory_version, synced_at = now()
where excluded.directory_version > u.directory_version;

-- name: deactivate_unlisted :one
-- After a full walk: users the walk did not list are gone from the directory (their tombstones already purged).
-- $1 ids the walk listed, $2 the version the walk began at
with gone as (
  update rag.tb_user_status set active = false, directory_version = $2::bigint, synced_at = now()
  where active and user_id <> all($1::uuid[]) and directory_version < $2::bigint
  returning 1
)
select count(*)::int as deactivated from gone;

-- name: user_inactive :one
-- Whether the directory has deactivated or deleted this user (a subject it never listed is not).
-- $1 user id
select exists (select 1 from rag.tb_user_status where user_id = $1::uuid and not active) as inactive;

-- name: users_cursor :one
-- The directory version the users feed was last read up to; null before the first sync.
-- no parameters
select (select directory_version from rag.sync_state where name = 'users') as version;

-- name: lock_user_sync :exec
-- Serialises applying user syncs for the rest of the transaction.
-- no parameters
select pg_advisory_xact_lock(hashtextextended('rag.user-sync', 0));

-- name: record_user_sync :exec
-- Records the outcome of a user sync attempt; a success moves the feed's cursor forward (never back).
-- $1 success, $2 error, $3 directory version read up to
insert into rag.sync_state as s (name, last_success_at, last_attempt_at, error, directory_version)
values ('users', case when $1::bool then now() end, now(), $2::text, $3::bigint)
on conflict (name) do update set
  last_success_at = case when $1::bool then now() else s.last_success_at end,
  last_attempt_at = now(),
  error = $2::text,
  directory_version = greatest(s.directory_version, $3::bigint);
