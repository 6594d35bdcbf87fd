-- name: list_group_changes :one
-- Groups changed after a version, in (version, id) order, as a JSON array (tombstones included),
-- with the groups ledger's version and purge horizon.
-- $1 since version, $2 version to continue after, $3 id to continue after, $4 limit
with page as (
  select v.id, v.version, v.doc, row_number() over (order by v.version, v.id) as n
  from (
    select id, version, doc from directory.user_group_view
    where version > $1::bigint
      and ($2::bigint is null or (version, id) > ($2::bigint, $3::uuid))
    order by version, id
    limit $4::int + 1
  ) v
)
select l.version as data_version, l.purged_through,
       coalesce((select json_agg(doc order by n) from page where n <= $4::int), '[]')::text as items,
       (select version from page where n = $4::int) as last_version,
       (select id from page where n = $4::int) as last_id,
       (select count(*) from page) > $4::int as more
from directory.ledgers l where l.name = 'groups';

-- name: get_group :one
-- One group (live or tombstone) with its wire record and its content for comparisons; locks it for the transaction.
-- $1 group id
select g.id, g.code, g.name, g.description, g.company_id, g.version, g.deleted_at is not null as deleted,
       coalesce((select array_agg(m.user_id order by m.user_id) from directory.user_group_members m
                 where m.group_id = g.id), '{}') as member_ids,
       v.doc
from directory.user_groups g
join directory.user_group_view v on v.id = g.id
where g.id = $1::uuid
for update of g;

-- name: upsert_group :exec
-- Writes a group's fields at a version, creating it or reviving a tombstone.
-- $1 id, $2 code, $3 name, $4 description, $5 company id, $6 version
insert into directory.user_groups (id, code, name, description, company_id, version)
values ($1::uuid, $2::text, $3::text, $4::text, $5::uuid, $6::bigint)
on conflict (id) do update set code = excluded.code, name = excluded.name, description = excluded.description,
  company_id = excluded.company_id, version = excluded.version, deleted_at = null, updated_at = now();

-- name: set_members :exec
-- Makes a group's members exactly the given users.
-- $1 group id, $2 user ids
with gone as (
  delete from directory.user_group_members
  where group_id = $1::uuid and user_id <> all($2::uuid[])
)
insert into directory.user_group_members (group_id, user_id)
select $1::uuid, u from unnest($2::uuid[]) as u
on conflict do nothing;

-- name: tombstone_group :exec
-- Turns a group into a tombstone at a version and drops its members.
-- $1 id, $2 version
with gone as (delete from directory.user_group_members where group_id = $1::uuid)
update directory.user_groups set deleted_at = now(), version = $2::bigint, updated_at = now()
where id = $1::uuid;

-- name: unknown_users :many
-- The given ids that name no live user.
-- $1 user ids
select u as id from unnest($1::uuid[]) as u
except
select id from directory.users where deleted_at is null;

-- name: user_in_groups :one
-- Whether a user belongs to any group.
-- $1 user id
select exists (select 1 from directory.user_group_members where user_id = $1::uuid) as member;

-- name: drop_user_from_groups :many
-- Removes a user from every group, giving each group it left a new version; returns those groups.
-- $1 user id, $2 version
with left_groups as (
  delete from directory.user_group_members where user_id = $1::uuid returning group_id
)
update directory.user_groups g set version = $2::bigint, updated_at = now()
where g.id in (select group_id from left_groups)
returning g.id;

-- name: purge_group_tombstones :one
-- Deletes group tombstones older than the retention and returns the highest version deleted.
-- $1 retention in days
with gone as (
  delete from directory.user_groups where deleted_at < now() - make_interval(days => $1::int) returning version
)
select max(version) as max_version, count(*)::int as purged from gone;
