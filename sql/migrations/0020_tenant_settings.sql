-- Installation operators and tenant overrides (issue 15, item 1).
--
-- rag.settings held one settings object that every tenant shared and any tenant's administrator
-- could change: an endpoint pointed elsewhere received every tenant's chunks and questions, and a
-- retention set by one tenant purged all of them. From here on:
-- - rag.settings is the installation's: only the installation operator writes it (a seventh
--   transaction-local setting, my.app_is_operator, set only from the token's installation_operator
--   claim that the directory issues to the configured operators);
-- - rag.tenant_settings holds what a tenant's administrator may tune for its own tenant (retrieval
--   and lifecycle), one versioned row per change, read and written only within that tenant. A
--   tenant's effective settings are the installation's overlaid with its latest overrides.

create function rag.app_current_is_operator() returns boolean language sql stable as
  $$ select coalesce(nullif(current_setting('my.app_is_operator', true), '')::boolean, false) $$;
comment on function rag.app_current_is_operator() is
  'True only for an installation operator''s request (the token''s installation_operator claim).';
grant execute on function rag.app_current_is_operator() to backbone_rw;

drop policy settings_write on rag.settings;
create policy settings_write on rag.settings for insert
  with check ((select rag.app_current_is_system()) or (select rag.app_current_is_operator()));
comment on policy settings_write on rag.settings is
  'What every tenant shares (endpoints, models, ingestion, defaults) changes only by the installation operator.';

create table rag.tenant_settings (
  tenant_id uuid not null,
  version bigint not null check (version > 0),
  overrides jsonb not null,
  changed_by text not null,
  changes jsonb not null default '{}',
  changed_at timestamptz not null default now(),
  primary key (tenant_id, version)
);
comment on table rag.tenant_settings is
  'A tenant''s overrides of the installation''s retrieval and lifecycle settings: every change a new version (per tenant).';
comment on column rag.tenant_settings.overrides is
  'The whole set of overrides at this version ({retrieval?: {...}, lifecycle?: {...}}); a field absent takes the installation''s value.';
alter table rag.tenant_settings enable row level security;
alter table rag.tenant_settings force row level security;
create policy tenant_settings_read on rag.tenant_settings for select
  using ((select rag.app_current_is_system()) or tenant_id = (select rag.app_current_tenant()));
create policy tenant_settings_insert on rag.tenant_settings for insert
  with check (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin()));
grant select, insert on rag.tenant_settings to backbone_rw;
