-- name: list_departments :one
-- One page of live departments in tree order (company, then parents before children, siblings by sort order)
-- as a JSON array; without "include inactive", an inactive department hides its whole subtree.
-- $1 company id, $2 include inactive, $3 company id to continue after, $4 tree key to continue after, $5 limit
with page as (
  select v.company_id, v.tree_key, v.doc, row_number() over (order by v.company_id, v.tree_key) as n
  from (
    select v.company_id, v.tree_key, v.doc from directory.department_view v
    where v.deleted_at is null
      and ($1::uuid is null or v.company_id = $1::uuid)
      and ($2::bool or not exists (
        select 1 from directory.departments a where a.id = any(v.path) and not a.is_active))
      and ($3::uuid is null or (v.company_id, v.tree_key) > ($3::uuid, $4::text collate "C"))
    order by v.company_id, v.tree_key
    limit $5::int + 1
  ) v
)
select (select version from directory.ledgers where name = 'directory') as data_version,
       coalesce((select json_agg(doc order by n) from page where n <= $5::int), '[]')::text as items,
       (select company_id from page where n = $5::int) as last_company_id,
       (select tree_key from page where n = $5::int) as last_tree_key,
       (select count(*) from page) > $5::int as more;

-- name: list_department_changes :one
-- Departments changed after a version in (version, id) order as a JSON array, with tombstones for those
-- deleted or (without "include inactive") hidden; carries the ledger's version and purge horizon.
-- $1 since version, $2 company id, $3 version to continue after, $4 id to continue after, $5 limit, $6 include inactive
with page as (
  select v.id, v.version, row_number() over (order by v.version, v.id) as n,
         case when v.deleted_at is null and ($6::bool or not exists (
                select 1 from directory.departments a where a.id = any(v.path) and not a.is_active))
              then v.doc
              else json_build_object('id', v.id, 'deleted', true, 'version', v.version) end as doc
  from (
    select v.* from directory.department_view v
    where v.version > $1::bigint
      and ($2::uuid is null or v.company_id = $2::uuid)
      and ($3::bigint is null or (v.version, v.id) > ($3::bigint, $4::uuid))
    order by v.version, v.id
    limit $5::int + 1
  ) v
)
select l.version as data_version, l.purged_through,
       coalesce((select json_agg(doc order by n) from page where n <= $5::int), '[]')::text as items,
       (select version from page where n = $5::int) as last_version,
       (select id from page where n = $5::int) as last_id,
       (select count(*) from page) > $5::int as more
from directory.ledgers l where l.name = 'directory';

-- name: get_department :one
-- One live department: its wire record and the tree fields moves need.
-- $1 department id
select id, company_id, parent_id, code, is_active, depth, path, sort_order, version, tree_key, doc
from directory.department_view
where id = $1::uuid and deleted_at is null;

-- name: departments_of_companies :many
-- Live departments (id, company, lowercase code) of the given companies, to resolve codes in imports.
-- $1 company ids
select id, company_id, lower(code) as code_key
from directory.departments
where company_id = any($1::uuid[]) and deleted_at is null;

-- name: insert_department :one
-- Creates a department under an optional parent, deriving depth, path and tree key from the parent.
-- $1 id, $2 company id, $3 code, $4 name, $5 English name, $6 parent id, $7 sort order, $8 active, $9 version
insert into directory.departments (
  id, company_id, code, name, name_en, parent_id, sort_order, is_active, depth, path, tree_key, version)
select $1::uuid, $2::uuid, $3::text, $4::text, $5::text, $6::uuid, $7::int, $8::bool,
       coalesce(p.depth + 1, 0),
       coalesce(p.path, '{}'::uuid[]) || $1::uuid,
       coalesce(p.tree_key, '') || lpad($7::int::text, 6, '0') || ':' || $1::text || '/',
       $9::bigint
from (select 1) one
left join directory.departments p on p.id = $6::uuid and p.deleted_at is null
returning id;

-- name: update_department_fields :one
-- Writes a department's own fields when its version still matches.
-- $1 id, $2 expected version, $3 new version, $4 code, $5 name, $6 English name, $7 active
update directory.departments set code = $4::text, name = $5::text, name_en = $6::text, is_active = $7::bool,
  version = $3::bigint, updated_at = now()
where id = $1::uuid and deleted_at is null and version = $2::bigint
returning id;

-- name: move_subtree :exec
-- Re-roots a department and its live descendants under a new parent path and key (segments are 44 characters).
-- $1 department id, $2 new parent path, $3 new parent tree key, $4 new sort order, $5 version, $6 old depth
update directory.departments d set
  path = $2::uuid[] || d.path[$6::int + 1:],
  depth = d.depth - $6::int + cardinality($2::uuid[]),
  tree_key = $3::text || lpad($4::int::text, 6, '0') || ':' || $1::text || '/' || substr(d.tree_key, ($6::int + 1) * 44 + 1),
  parent_id = case when d.id = $1::uuid then ($2::uuid[])[cardinality($2::uuid[])] else d.parent_id end,
  sort_order = case when d.id = $1::uuid then $4::int else d.sort_order end,
  version = $5::bigint, updated_at = now()
where d.path @> array[$1::uuid] and d.deleted_at is null;

-- name: set_department_active :one
-- Sets a live department's active flag, taking a new version only when it changes.
-- $1 id, $2 active, $3 version
update directory.departments set is_active = $2::bool, version = $3::bigint, updated_at = now()
where id = $1::uuid and deleted_at is null and is_active <> $2::bool
returning id;

-- name: department_dependents :one
-- Counts what still hangs on a department: live children and live users.
-- $1 id
select (select count(*) from directory.departments where parent_id = $1::uuid and deleted_at is null)::int as children,
       (select count(*) from directory.users where department_id = $1::uuid and deleted_at is null)::int as users;

-- name: delete_department :one
-- Turns a live department into a tombstone.
-- $1 id, $2 version
update directory.departments set deleted_at = now(), version = $2::bigint, updated_at = now()
where id = $1::uuid and deleted_at is null
returning id;

-- name: touch_departments_of_company :exec
-- Gives every live department of a company a new version, because companyDefaultLocale changed.
-- $1 company id, $2 version
update directory.departments set version = $2::bigint, updated_at = now()
where company_id = $1::uuid and deleted_at is null;

-- name: purge_department_tombstones :one
-- Deletes department tombstones older than the retention that nothing references; returns the highest version deleted.
-- $1 retention in days
with gone as (
  delete from directory.departments d
  where d.deleted_at < now() - make_interval(days => $1::int)
    and not exists (select 1 from directory.users u where u.department_id = d.id)
    and not exists (select 1 from directory.departments c where c.parent_id = d.id)
  returning version
)
select max(version) as max_version, count(*)::int as purged from gone;
