-- The directory ledger: companies, departments, users, sync status and the audit log.
-- Every committed change takes the next number of its ledger (`directory.ledgers`):
-- the row lock on the ledger serialises writers, so versions grow in commit order and a
-- reader that saw dataVersion N will find every later change with version > N.

create schema directory;
comment on schema directory is 'The central directory ledger; the retrieval side reads it only through the portal API.';
grant usage on schema directory to backbone_rw;

create table directory.ledgers (
  name text primary key check (name in ('directory', 'groups', 'glossary')),
  version bigint not null default 0,
  purged_through bigint not null default 0
);
comment on column directory.ledgers.purged_through is
  'Tombstones with a version at or below this were purged; a change feed starting below it must resync (410).';
insert into directory.ledgers (name) values ('directory'), ('groups'), ('glossary');
grant select, update on directory.ledgers to backbone_rw;

create function directory.next_version(ledger text) returns bigint
language sql volatile as $$
  update directory.ledgers set version = version + 1 where name = ledger returning version
$$;
comment on function directory.next_version(text) is
  'Takes the ledger''s next version and holds its row lock until commit, so versions follow commit order.';

-- Keys the service generates for itself (the cursor signing key), shared by every process.
create table directory.service_keys (
  name text primary key,
  secret bytea not null
);
insert into directory.service_keys (name, secret)
values ('cursor', decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));
grant select on directory.service_keys to backbone_rw;

create table directory.companies (
  id uuid primary key default gen_random_uuid(),
  code text not null check (code ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$'),
  name text not null check (length(name) between 1 and 200),
  name_en text not null default '',
  default_locale text not null default 'ko',
  is_active boolean not null default true,
  version bigint not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index companies_code_key on directory.companies (lower(code)) where deleted_at is null;
create index companies_version_idx on directory.companies (version, id);
grant select, insert, update, delete on directory.companies to backbone_rw;

insert into directory.companies (id, code, name, name_en, default_locale, version)
values ('00000000-0000-4000-8000-000000000001', 'DEFAULT', '기본 회사', 'Default company', 'ko',
        directory.next_version('directory'));
comment on table directory.companies is 'Companies; the default company (code DEFAULT) holds users created without a companyId.';

create table directory.departments (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references directory.companies (id) on delete restrict,
  code text not null check (code ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$'),
  name text not null check (length(name) between 1 and 200),
  name_en text not null default '',
  parent_id uuid references directory.departments (id) on delete restrict,
  sort_order int not null default 0 check (sort_order between 0 and 999999),
  is_active boolean not null default true,
  depth int not null default 0,
  path uuid[] not null,
  tree_key text collate "C" not null,
  version bigint not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  check (parent_id is distinct from id)
);
comment on column directory.departments.path is 'Ancestor ids from the root to this department, inclusive.';
comment on column directory.departments.tree_key is
  'Per level: sort order (6 digits), id, slash. Ordering by it lists parents before children, siblings by sort order.';
create unique index departments_company_code_key on directory.departments (company_id, lower(code))
  where deleted_at is null;
create index departments_tree_idx on directory.departments (company_id, tree_key) where deleted_at is null;
create index departments_parent_idx on directory.departments (parent_id);
create index departments_version_idx on directory.departments (version, id);
grant select, insert, update, delete on directory.departments to backbone_rw;

create table directory.users (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references directory.companies (id) on delete restrict,
  login_id text not null check (length(login_id) between 1 and 200),
  korean_name text not null default '',
  english_name text not null default '',
  email text not null default '',
  job_title text not null default '',
  position text not null default '',
  employee_no text,
  is_department_head boolean not null default false,
  department_id uuid references directory.departments (id) on delete restrict,
  employment_status text not null default 'ACTIVE' check (employment_status in ('ACTIVE', 'LEAVE', 'RETIRED')),
  is_active boolean not null default true,
  clearance_level smallint not null default 0 check (clearance_level between 0 and 3),
  version bigint not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  search_text text generated always as (
    lower(login_id || ' ' || korean_name || ' ' || english_name || ' ' || email || ' ' || coalesce(employee_no, ''))
  ) stored,
  check (korean_name <> '' or english_name <> '')
);
comment on column directory.users.clearance_level is '0 PUBLIC, 1 INTERNAL, 2 CONFIDENTIAL, 3 RESTRICTED.';
comment on column directory.users.search_text is 'What the q filter matches: login id, names, e-mail and employee number, lowercased.';
create unique index users_login_id_key on directory.users (lower(login_id)) where deleted_at is null;
create unique index users_employee_no_key on directory.users (company_id, employee_no)
  where deleted_at is null and employee_no is not null;
create index users_version_idx on directory.users (version, id);
create index users_department_idx on directory.users (department_id);
-- The page walk reads live users in id order; these match its predicate exactly, so its plan
-- stays an ordered index scan even while statistics lag a bulk import.
create index users_live_idx on directory.users (id) where deleted_at is null;
create index users_company_live_idx on directory.users (company_id, id) where deleted_at is null;
create index users_search_idx on directory.users using gin (search_text gin_trgm_ops);
grant select, insert, update, delete on directory.users to backbone_rw;

create table directory.sync_status (
  portal_id text not null,
  resource text not null check (resource in ('users', 'departments', 'user-groups', 'authorization-snapshot')),
  state text not null check (state in ('NEVER_SYNCED', 'HEALTHY', 'STALE', 'FAILED')),
  last_success_at timestamptz,
  last_failure_at timestamptz,
  error text,
  data_version bigint,
  updated_at timestamptz not null default now(),
  primary key (portal_id, resource)
);
create index sync_status_stale_idx on directory.sync_status (last_success_at) where state = 'HEALTHY';
grant select, insert, update on directory.sync_status to backbone_rw;

create table directory.portal_credential_failures (
  portal_id text primary key,
  failures bigint not null default 0,
  last_at timestamptz not null,
  last_reason text not null
);
comment on table directory.portal_credential_failures is
  'Credential failures attributable to a portal (disabled key, JWT with a valid signature failing a check).';
grant select, insert, update on directory.portal_credential_failures to backbone_rw;

create table directory.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_kind text not null check (actor_kind in ('admin', 'portal', 'system', 'anonymous')),
  actor_id text,
  actor_label text,
  action text not null,
  outcome text not null default 'success' check (outcome in ('success', 'refused')),
  target_type text,
  target_id text,
  request_id text,
  details jsonb not null default '{}'
);
create index audit_log_at_idx on directory.audit_log (id desc);
create index audit_log_target_idx on directory.audit_log (target_type, target_id);
grant select, insert on directory.audit_log to backbone_rw;

-- Wire records are rendered here, once: every read of a user, department or company
-- goes through these views, and list pages are aggregated to JSON in the same statement
-- that reads them, so the API passes the database's text through instead of re-encoding it.
create function directory.iso_time(t timestamptz) returns text
language sql stable as $$ select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;
comment on function directory.iso_time(timestamptz) is 'An ISO 8601 UTC timestamp with milliseconds, as JavaScript''s toISOString writes it.';
grant execute on function directory.iso_time(timestamptz) to backbone_rw;

create view directory.user_view with (security_invoker = true) as
select u.id, u.company_id, u.department_id, u.login_id, u.employment_status, u.is_active, u.version,
       u.deleted_at, u.search_text,
       json_build_object(
         'id', u.id, 'loginId', u.login_id, 'name', coalesce(nullif(u.korean_name, ''), u.english_name),
         'koreanName', u.korean_name, 'englishName', u.english_name, 'email', u.email,
         'jobTitle', u.job_title, 'position', u.position, 'employeeNo', u.employee_no,
         'isDepartmentHead', u.is_department_head, 'departmentId', u.department_id,
         'departmentName', d.name, 'deptCode', d.code, 'employmentStatus', u.employment_status,
         'isEmployed', u.employment_status = 'ACTIVE', 'isActive', u.is_active,
         'clearanceLevel', u.clearance_level, 'version', u.version,
         'updatedAt', directory.iso_time(u.updated_at), 'companyId', u.company_id,
         'companyDefaultLocale', c.default_locale) as doc
from directory.users u
join directory.companies c on c.id = u.company_id
left join directory.departments d on d.id = u.department_id;
comment on view directory.user_view is 'Users with their DirectoryUser wire record (doc); the seed''s name and isEmployed derive here.';
grant select on directory.user_view to backbone_rw;

create view directory.department_view with (security_invoker = true) as
select d.id, d.company_id, d.parent_id, d.code, d.is_active, d.depth, d.path, d.sort_order, d.version,
       d.deleted_at, d.tree_key,
       json_build_object(
         'id', d.id, 'code', d.code, 'name', d.name, 'nameEn', d.name_en, 'parentId', d.parent_id,
         'companyId', d.company_id, 'companyDefaultLocale', c.default_locale, 'isActive', d.is_active,
         'depth', d.depth, 'path', d.path, 'sortOrder', d.sort_order, 'version', d.version,
         'updatedAt', directory.iso_time(d.updated_at)) as doc
from directory.departments d
join directory.companies c on c.id = d.company_id;
grant select on directory.department_view to backbone_rw;

create view directory.company_view with (security_invoker = true) as
select c.id, c.code, c.name, c.name_en, c.default_locale, c.is_active, c.version, c.deleted_at,
       json_build_object(
         'id', c.id, 'code', c.code, 'name', c.name, 'nameEn', c.name_en, 'defaultLocale', c.default_locale,
         'isActive', c.is_active, 'version', c.version, 'updatedAt', directory.iso_time(c.updated_at)) as doc
from directory.companies c;
grant select on directory.company_view to backbone_rw;

-- Planner statistics after bulk imports. ANALYZE needs the table owner; this function lets the
-- application role refresh exactly these two tables' statistics and nothing else.
create function directory.refresh_statistics() returns void
language plpgsql security definer set search_path = pg_catalog as $$
begin
  analyze directory.users;
  analyze directory.departments;
end
$$;
revoke all on function directory.refresh_statistics() from public;
grant execute on function directory.refresh_statistics() to backbone_rw;
