-- The reference portal's own copy of the directory, in a schema of its own. Each row keeps the record as the
-- directory served it (`record`) beside the columns a portal would query, and the version it carried: an older
-- version never overwrites a newer one, so replaying a page after a crash is harmless.
create schema if not exists portal_mirror;

create table if not exists portal_mirror.departments (
  id uuid primary key,
  code text not null,
  name text not null,
  parent_id uuid,
  company_id uuid not null,
  is_active boolean not null,
  version bigint not null,
  record jsonb not null
);

-- No foreign key to departments: the feeds are read one after the other, so a user may name a department the
-- copy learns of in the next round.
create table if not exists portal_mirror.users (
  id uuid primary key,
  login_id text not null,
  display_name text not null,
  department_id uuid,
  company_id uuid not null,
  employment_status text not null,
  is_active boolean not null,
  version bigint not null,
  record jsonb not null
);
create index if not exists users_department_idx on portal_mirror.users (department_id);

create table if not exists portal_mirror.user_groups (
  id uuid primary key,
  code text not null,
  name text not null,
  company_id uuid,
  version bigint not null,
  record jsonb not null
);

create table if not exists portal_mirror.group_members (
  group_id uuid not null references portal_mirror.user_groups (id) on delete cascade,
  user_id uuid not null,
  primary key (group_id, user_id)
);

-- Where each feed was last read up to: the dataVersion passed as updatedSince (or since) next time.
create table if not exists portal_mirror.sync_state (
  feed text primary key check (feed in ('users', 'departments', 'user-groups')),
  data_version bigint not null,
  synced_at timestamptz not null default now()
);

-- The portal's own webhook subscription: the directory shows its signing secret only when it is created or rotated,
-- so the portal keeps it here to verify deliveries after a restart.
create table if not exists portal_mirror.webhook_subscription (
  id uuid primary key,
  url text not null,
  secret text not null
);
