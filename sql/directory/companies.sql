-- name: list_companies :one
-- One page of live companies by code as a JSON array, with the ledger version read in the same snapshot.
-- $1 lowercase code to continue after, $2 limit
with page as (
  select v.code, v.doc, row_number() over (order by lower(v.code)) as n
  from (
    select code, doc from directory.company_view
    where deleted_at is null and ($1::text is null or lower(code) > $1::text)
    order by lower(code)
    limit $2::int + 1
  ) v
)
select (select version from directory.ledgers where name = 'directory') as data_version,
       coalesce((select json_agg(doc order by n) from page where n <= $2::int), '[]')::text as items,
       (select lower(code) from page where n = $2::int) as last_code,
       (select count(*) from page) > $2::int as more;

-- name: get_company :one
-- One live company: its wire record and writable fields.
-- $1 id
select id, code, name, name_en, default_locale, is_active, version, doc
from directory.company_view where id = $1::uuid and deleted_at is null;

-- name: companies_by_ids :many
-- Live companies among the given ids.
-- $1 ids
select id, default_locale from directory.companies where id = any($1::uuid[]) and deleted_at is null;

-- name: insert_company :one
-- Creates a company.
-- $1 code, $2 name, $3 English name, $4 default locale, $5 active, $6 version
insert into directory.companies (code, name, name_en, default_locale, is_active, version)
values ($1::text, $2::text, $3::text, $4::text, $5::bool, $6::bigint)
returning id;

-- name: update_company :one
-- Writes a company's fields when its version still matches.
-- $1 id, $2 expected version, $3 new version, $4 code, $5 name, $6 English name, $7 default locale, $8 active
update directory.companies set code = $4::text, name = $5::text, name_en = $6::text, default_locale = $7::text,
  is_active = $8::bool, version = $3::bigint, updated_at = now()
where id = $1::uuid and deleted_at is null and version = $2::bigint
returning id;

-- name: company_dependents :one
-- Counts the live departments and users of a company.
-- $1 id
select (select count(*) from directory.departments where company_id = $1::uuid and deleted_at is null)::int as departments,
       (select count(*) from directory.users where company_id = $1::uuid and deleted_at is null)::int as users;

-- name: delete_company :one
-- Turns a live company into a tombstone.
-- $1 id, $2 version
update directory.companies set deleted_at = now(), version = $2::bigint, updated_at = now()
where id = $1::uuid and deleted_at is null
returning id;
