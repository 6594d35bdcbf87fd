-- name: list_companies :many
-- One page of live companies by code, with the ledger version read in the same snapshot.
-- $1 lowercase code to continue after, $2 limit
with ledger as (
  select version as data_version from directory.ledgers where name = 'directory'
), page as (
  select id, code, name, name_en, default_locale, is_active, version, updated_at
  from directory.companies
  where deleted_at is null and ($1::text is null or lower(code) > $1::text)
  order by lower(code)
  limit $2::int
)
select ledger.data_version, page.* from ledger left join page on true
order by lower(page.code);

-- name: get_company :one
-- One live company by id.
-- $1 id
select id, code, name, name_en, default_locale, is_active, version, updated_at
from directory.companies where id = $1::uuid and deleted_at is null;

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
