-- name: upsert_organizations :exec
-- Makes the directory's departments the organizations: inserts new ones, updates changed ones.
-- $1 JSON array of {id, tenantId, code, name, parentId, isActive}, $2 directory version
insert into rag.tb_organization as o (id, tenant_id, code, name, parent_id, is_active, directory_version, synced_at)
select d.id, d."tenantId", d.code, d.name, d."parentId", d."isActive", $2::bigint, now()
from jsonb_to_recordset($1::jsonb) as d(id uuid, "tenantId" uuid, code text, name text, "parentId" uuid, "isActive" boolean)
on conflict (id) do update set tenant_id = excluded.tenant_id, code = excluded.code, name = excluded.name,
  parent_id = excluded.parent_id, is_active = excluded.is_active, directory_version = excluded.directory_version,
  synced_at = now()
where (o.tenant_id, o.code, o.name, o.parent_id, o.is_active)
  is distinct from (excluded.tenant_id, excluded.code, excluded.name, excluded.parent_id, excluded.is_active);

-- name: deactivate_missing :one
-- Deactivates organizations the directory no longer has (documents still reference them, so they stay).
-- $1 ids the directory has
with gone as (
  update rag.tb_organization set is_active = false, synced_at = now()
  where not is_public and is_active and id <> all($1::uuid[])
  returning 1
)
select count(*)::int as deactivated from gone;

-- name: ensure_public_bucket :exec
-- Creates the installation's one public bucket (no tenant of its own).
-- $1 id
insert into rag.tb_organization (id, tenant_id, code, name, is_active, is_public)
values ($1::uuid, null, 'PUBLIC', '전사 공개 / Company-wide public', true, true)
on conflict (id) do nothing;

-- name: record_sync :exec
-- Records the outcome of an organization sync attempt; a success also when it began reading the directory.
-- $1 success, $2 error, $3 directory version, $4 when the sync began reading
insert into rag.sync_state as s (name, last_success_at, last_attempt_at, error, directory_version, read_started_at)
values ('organizations', case when $1::bool then now() end, now(), $2::text, $3::bigint, $4::timestamptz)
on conflict (name) do update set
  last_success_at = case when $1::bool then now() else s.last_success_at end,
  last_attempt_at = now(),
  error = $2::text,
  directory_version = coalesce($3::bigint, s.directory_version),
  read_started_at = coalesce($4::timestamptz, s.read_started_at);

-- name: read_clock :one
-- The database's clock, read when a sync begins reading the directory: one clock for every instance.
-- no parameters
select clock_timestamp() as now;

-- name: lock_sync :exec
-- Serialises applying organization syncs for the rest of the transaction.
-- no parameters
select pg_advisory_xact_lock(hashtextextended('rag.organization-sync', 0));

-- name: superseded :one
-- Whether a sync that began reading the directory after $1 has already been applied.
-- $1 when this sync began reading
select coalesce((select read_started_at > $1::timestamptz from rag.sync_state where name = 'organizations'), false)
  as superseded;

-- name: sync_state :one
-- The organization sync's last success, attempt, error and directory version.
-- no parameters
select last_success_at, last_attempt_at, error, directory_version from rag.sync_state where name = 'organizations';

-- name: unseen_organizations :one
-- Those of the given organizations the caller's principal does not see (it sees its tenant's and the public bucket).
-- $1 organization ids
select array(select unnest($1::uuid[]) except select id from rag.tb_organization where id = any($1::uuid[]))::text[]
  as ids;
