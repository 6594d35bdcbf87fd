-- name: list_users :one
-- One page of live users in id order as a JSON array, with the ledger version read in the same snapshot.
-- $1 company id, $2 department id, $3 only active, $4 lowercase LIKE pattern for q, $5 id to continue after, $6 limit
with page as (
  select v.id, v.doc, row_number() over (order by v.id) as n
  from (
    select v.id, v.doc from directory.user_view v
    where v.deleted_at is null
      and ($1::uuid is null or v.company_id = $1::uuid)
      and ($2::uuid is null or v.department_id = $2::uuid)
      and (not $3::bool or v.is_active)
      and ($4::text is null or v.search_text like $4::text)
      and ($5::uuid is null or v.id > $5::uuid)
    order by v.id
    limit $6::int + 1
  ) v
)
select (select version from directory.ledgers where name = 'directory') as data_version,
       coalesce((select json_agg(doc order by n) from page where n <= $6::int), '[]')::text as items,
       (select id from page where n = $6::int) as last_id,
       (select count(*) from page) > $6::int as more;

-- name: list_user_changes :one
-- Users changed after a version in (version, id) order as a JSON array: changed users that no longer exist
-- or no longer match the filters are tombstones, and so are users that moved out of the filtered company
-- (at the version of the move). Carries the ledger's version and purge horizon.
-- $1 since version, $2 company id, $3 version to continue after, $4 id to continue after, $5 limit,
-- $6 department id, $7 only active, $8 lowercase LIKE pattern for q
with page as (
  select c.id, c.version, c.doc, row_number() over (order by c.version, c.id) as n
  from (
    select v.id, v.version,
           case when v.deleted_at is null
                  and ($6::uuid is null or v.department_id = $6::uuid)
                  and (not $7::bool or v.is_active)
                  and ($8::text is null or v.search_text like $8::text)
                then v.doc
                else json_build_object('id', v.id, 'deleted', true, 'version', v.version) end as doc
    from directory.user_view v
    where v.version > $1::bigint
      and ($2::uuid is null or v.company_id = $2::uuid)
      and ($3::bigint is null or (v.version, v.id) > ($3::bigint, $4::uuid))
    union all
    select d.user_id, d.version, json_build_object('id', d.user_id, 'deleted', true, 'version', d.version)
    from directory.user_company_departures d
    where d.company_id = $2::uuid and d.version > $1::bigint
      and ($3::bigint is null or (d.version, d.user_id) > ($3::bigint, $4::uuid))
    order by 2, 1
    limit $5::int + 1
  ) c
)
select l.version as data_version, l.purged_through,
       coalesce((select json_agg(doc order by n) from page where n <= $5::int), '[]')::text as items,
       (select version from page where n = $5::int) as last_version,
       (select id from page where n = $5::int) as last_id,
       (select count(*) from page) > $5::int as more
from directory.ledgers l where l.name = 'directory';

-- name: get_user :one
-- One live user's wire record.
-- $1 user id
select doc from directory.user_view where id = $1::uuid and deleted_at is null;

-- name: get_user_by_login :one
-- One live user's wire record by login id, case-insensitively.
-- $1 login id
select doc from directory.user_view where lower(login_id) = lower($1::text) and deleted_at is null;

-- name: users_by_login :many
-- Live users holding any of the given login ids (lowercased), for imports.
-- $1 lowercase login ids
select id, lower(login_id) as login_key, login_id, company_id, korean_name, english_name, email, job_title, position,
       employee_no, is_department_head, department_id, employment_status, is_active, clearance_level
from directory.users
where lower(login_id) = any($1::text[]) and deleted_at is null;

-- name: users_by_employee_no :many
-- Live users holding any of the given (company id, employee number) pairs.
-- $1 company ids, $2 employee numbers (parallel arrays)
select u.id, u.company_id, u.employee_no, lower(u.login_id) as login_key
from directory.users u
join unnest($1::uuid[], $2::text[]) as k(company_id, employee_no)
  on u.company_id = k.company_id and u.employee_no = k.employee_no
where u.deleted_at is null;

-- name: upsert_users :many
-- Inserts or updates whole user records keyed by login id; rows whose fields are all unchanged are left alone.
-- $1 jsonb array of user records (camelCase keys), $2 version
insert into directory.users as u (
  company_id, login_id, korean_name, english_name, email, job_title, position, employee_no, is_department_head,
  department_id, employment_status, is_active, clearance_level, version)
select r."companyId", r."loginId", r."koreanName", r."englishName", r.email, r."jobTitle", r.position,
       r."employeeNo", r."isDepartmentHead", r."departmentId", r."employmentStatus", r."isActive",
       r."clearanceLevel", $2::bigint
from jsonb_to_recordset($1::jsonb) as r(
  "companyId" uuid, "loginId" text, "koreanName" text, "englishName" text, email text, "jobTitle" text,
  position text, "employeeNo" text, "isDepartmentHead" bool, "departmentId" uuid, "employmentStatus" text,
  "isActive" bool, "clearanceLevel" smallint)
on conflict (lower(login_id)) where deleted_at is null do update set
  company_id = excluded.company_id, login_id = excluded.login_id, korean_name = excluded.korean_name,
  english_name = excluded.english_name, email = excluded.email, job_title = excluded.job_title,
  position = excluded.position, employee_no = excluded.employee_no,
  is_department_head = excluded.is_department_head, department_id = excluded.department_id,
  employment_status = excluded.employment_status, is_active = excluded.is_active,
  clearance_level = excluded.clearance_level, version = excluded.version, updated_at = now()
where (u.company_id, u.login_id, u.korean_name, u.english_name, u.email, u.job_title, u.position, u.employee_no,
       u.is_department_head, u.department_id, u.employment_status, u.is_active, u.clearance_level)
  is distinct from
      (excluded.company_id, excluded.login_id, excluded.korean_name, excluded.english_name, excluded.email,
       excluded.job_title, excluded.position, excluded.employee_no, excluded.is_department_head,
       excluded.department_id, excluded.employment_status, excluded.is_active, excluded.clearance_level)
returning u.id, lower(u.login_id) as login_key, (xmax = 0) as inserted;

-- name: update_user :one
-- Applies a whole user record to one live user when its version still matches.
-- $1 user id, $2 expected version, $3 new version, $4 jsonb user record (camelCase keys)
update directory.users u set
  company_id = r."companyId", login_id = r."loginId", korean_name = r."koreanName",
  english_name = r."englishName", email = r.email, job_title = r."jobTitle", position = r.position,
  employee_no = r."employeeNo", is_department_head = r."isDepartmentHead", department_id = r."departmentId",
  employment_status = r."employmentStatus", is_active = r."isActive", clearance_level = r."clearanceLevel",
  version = $3::bigint, updated_at = now()
from jsonb_to_record($4::jsonb) as r(
  "companyId" uuid, "loginId" text, "koreanName" text, "englishName" text, email text, "jobTitle" text,
  position text, "employeeNo" text, "isDepartmentHead" bool, "departmentId" uuid, "employmentStatus" text,
  "isActive" bool, "clearanceLevel" smallint)
where u.id = $1::uuid and u.deleted_at is null and u.version = $2::bigint
returning u.id;

-- name: set_user_active :one
-- Sets a live user's active flag, taking a new version only when it changes.
-- $1 user id, $2 active, $3 version
update directory.users set is_active = $2::bool, version = $3::bigint, updated_at = now()
where id = $1::uuid and deleted_at is null and is_active <> $2::bool
returning id;

-- name: delete_user :one
-- Turns a live user into a tombstone.
-- $1 user id, $2 version
update directory.users set deleted_at = now(), version = $2::bigint, updated_at = now()
where id = $1::uuid and deleted_at is null
returning id;

-- name: touch_users_of_department :exec
-- Gives every live user of a department a new version, because their departmentName or deptCode changed.
-- $1 department id, $2 version
update directory.users set version = $2::bigint, updated_at = now()
where department_id = $1::uuid and deleted_at is null;

-- name: touch_users_of_company :exec
-- Gives every live user of a company a new version, because their companyDefaultLocale changed.
-- $1 company id, $2 version
update directory.users set version = $2::bigint, updated_at = now()
where company_id = $1::uuid and deleted_at is null;

-- name: purge_user_tombstones :one
-- Deletes user tombstones older than the retention and returns the highest version deleted.
-- $1 retention in days
with gone as (
  delete from directory.users where deleted_at < now() - make_interval(days => $1::int) returning version
)
select max(version) as max_version, count(*)::int as purged from gone;

-- name: purge_company_departures :one
-- Deletes moves out of a company older than the tombstone retention and returns the highest version deleted.
-- $1 retention in days
with gone as (
  delete from directory.user_company_departures where departed_at < now() - make_interval(days => $1::int)
  returning version
)
select max(version) as max_version, count(*)::int as purged from gone;
