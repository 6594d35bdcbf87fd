-- The retrieval service's tables (seed 2, CONTRACT 2.1), all under forced row-level security.
-- Policies read the principal from transaction-local settings that every request sets first
-- (set_config(name, value, true)); a missing setting, or one an ended transaction left as '',
-- reads as null and admits nothing. A sixth setting, my.app_system, is set only by the
-- service's own jobs (organization sync, source deletes, retention) that act across tenants.

create schema rag;
comment on schema rag is 'The retrieval service; it learns about departments only through the directory''s portal API.';
grant usage on schema rag to backbone_rw;

create function rag.app_current_tenant() returns uuid language sql stable as
  $$ select nullif(current_setting('my.app_tenant_id', true), '')::uuid $$;
create function rag.app_current_org() returns uuid language sql stable as
  $$ select nullif(current_setting('my.app_user_org_id', true), '')::uuid $$;
create function rag.app_current_clearance() returns int language sql stable as
  $$ select nullif(current_setting('my.app_user_clearance_level', true), '')::int $$;
create function rag.app_current_is_admin() returns boolean language sql stable as
  $$ select coalesce(nullif(current_setting('my.app_is_admin', true), '')::boolean, false) $$;
create function rag.app_current_public_org() returns uuid language sql stable as
  $$ select nullif(current_setting('my.app_public_org_id', true), '')::uuid $$;
create function rag.app_current_is_system() returns boolean language sql stable as
  $$ select coalesce(nullif(current_setting('my.app_system', true), '')::boolean, false) $$;
comment on function rag.app_current_is_system() is
  'True only inside the service''s own cross-tenant jobs (organization sync, source deletes, retention).';
grant execute on all functions in schema rag to backbone_rw;

create text search configuration rag.korean (copy = simple);
comment on text search configuration rag.korean is
  'Indexes the output of the Korean analyzer (domain/rag/korean.ts): lexemes arrive already normalised and stripped.';

-- Organizations: the directory's departments (tenant = company) and the installation's public bucket.
create table rag.tb_organization (
  id uuid primary key,
  tenant_id uuid,
  code text not null,
  name text not null,
  parent_id uuid,
  is_active boolean not null default true,
  is_public boolean not null default false,
  directory_version bigint,
  synced_at timestamptz not null default now(),
  check (is_public or tenant_id is not null)
);
comment on table rag.tb_organization is 'Kept equal to the directory''s departments by the organization sync job; one row is the public bucket.';
create unique index tb_organization_public_key on rag.tb_organization (is_public) where is_public;
alter table rag.tb_organization enable row level security;
alter table rag.tb_organization force row level security;
create policy tb_organization_read on rag.tb_organization for select
  using ((select rag.app_current_is_system()) or is_public or tenant_id = (select rag.app_current_tenant()));
create policy tb_organization_write on rag.tb_organization for all
  using ((select rag.app_current_is_system())) with check ((select rag.app_current_is_system()));
grant select, insert, update, delete on rag.tb_organization to backbone_rw;

-- The organizations a principal is admitted through: its own, while active, and the public bucket.
create function rag.app_visible_orgs() returns uuid[] language sql stable as $$
  select array_remove(array[
    (select o.id from rag.tb_organization o where o.id = rag.app_current_org() and o.is_active),
    rag.app_current_public_org()
  ], null)
$$;
comment on function rag.app_visible_orgs() is
  'A deactivated department stops admitting its members as soon as the sync marks it inactive.';
grant execute on function rag.app_visible_orgs() to backbone_rw;

create table rag.sync_state (
  name text primary key,
  last_success_at timestamptz,
  last_attempt_at timestamptz,
  error text,
  directory_version bigint
);
comment on table rag.sync_state is 'The organization sync''s outcome; search fails closed when its last success is too old.';
alter table rag.sync_state enable row level security;
alter table rag.sync_state force row level security;
create policy sync_state_read on rag.sync_state for select using (true);
create policy sync_state_write on rag.sync_state for all
  using (rag.app_current_is_system()) with check (rag.app_current_is_system());
grant select, insert, update on rag.sync_state to backbone_rw;

-- Documents: one row per (portal, source document), the version the portal last sent and the one indexed.
create table rag.tb_ai_document_registry (
  id uuid primary key default gen_random_uuid(),
  portal_id text not null,
  source_document_id uuid not null,
  source_version text not null,
  tenant_id uuid not null,
  organization_id uuid not null,
  organization_ids uuid[] not null check (cardinality(organization_ids) between 1 and 100),
  security_level smallint not null check (security_level between 0 and 3),
  classification text not null default '',
  title text not null,
  content_locator text not null,
  checksum text not null check (checksum ~ '^[0-9a-f]{64}$'),
  content_type text not null,
  registrant_id text not null,
  registrant_department_code text not null default '',
  size_bytes bigint not null,
  status text not null check (status in ('queued', 'indexing', 'indexed', 'failed', 'pending_approval')),
  error text,
  error_code text,
  fetch_approved boolean not null default false,
  published boolean not null default true,
  indexed_version text,
  indexed_checksum text,
  chunk_count int not null default 0,
  last_ingested_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint tb_ai_document_registry_organization_id_fkey
    foreign key (organization_id) references rag.tb_organization (id) on delete restrict,
  unique (portal_id, source_document_id)
);
comment on column rag.tb_ai_document_registry.organization_id is 'The first of the document''s organizations.';
comment on column rag.tb_ai_document_registry.organization_ids is
  'All of the document''s organizations; tb_document_organizations holds one row each so every one must exist.';
comment on column rag.tb_ai_document_registry.deleted_at is 'A source delete without cascade: the document stays, hidden.';
create index tb_ai_document_registry_status_idx on rag.tb_ai_document_registry (tenant_id, status);
alter table rag.tb_ai_document_registry enable row level security;
alter table rag.tb_ai_document_registry force row level security;
create policy registry_read on rag.tb_ai_document_registry for select using (
  (select rag.app_current_is_system()) or (
    tenant_id = (select rag.app_current_tenant())
    and ((select rag.app_current_is_admin()) or (
      security_level <= (select rag.app_current_clearance())
      and organization_ids && (select rag.app_visible_orgs())))));
create policy registry_insert on rag.tb_ai_document_registry for insert with check (
  (select rag.app_current_is_system()) or (
    tenant_id = (select rag.app_current_tenant())
    and ((select rag.app_current_is_admin()) or (
      security_level <= (select rag.app_current_clearance())
      and organization_ids <@ (select rag.app_visible_orgs())))));
create policy registry_update on rag.tb_ai_document_registry for update
  using ((select rag.app_current_is_system()) or tenant_id = (select rag.app_current_tenant()))
  with check ((select rag.app_current_is_system()) or tenant_id = (select rag.app_current_tenant()));
create policy registry_delete on rag.tb_ai_document_registry for delete
  using ((select rag.app_current_is_system())
         or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())));
grant select, insert, update, delete on rag.tb_ai_document_registry to backbone_rw;

create table rag.tb_document_organizations (
  document_id uuid not null references rag.tb_ai_document_registry (id) on delete cascade,
  organization_id uuid not null references rag.tb_organization (id) on delete restrict,
  tenant_id uuid not null,
  primary key (document_id, organization_id)
);
comment on table rag.tb_document_organizations is 'Every organization a document belongs to (each must exist in tb_organization).';
create index tb_document_organizations_org_idx on rag.tb_document_organizations (organization_id);
alter table rag.tb_document_organizations enable row level security;
alter table rag.tb_document_organizations force row level security;
create policy document_organizations_all on rag.tb_document_organizations for all
  using ((select rag.app_current_is_system()) or tenant_id = (select rag.app_current_tenant()))
  with check ((select rag.app_current_is_system()) or tenant_id = (select rag.app_current_tenant()));
grant select, insert, delete on rag.tb_document_organizations to backbone_rw;

-- Chunks carry their document's tenant, organizations, level and visibility, so a search reads one table.
create table rag.tb_doc_chunk_vector (
  id bigint generated always as identity primary key,
  document_id uuid not null references rag.tb_ai_document_registry (id) on delete cascade,
  chunk_index int not null,
  source_version text not null,
  tenant_id uuid not null,
  organization_ids uuid[] not null,
  security_level smallint not null,
  visible boolean not null,
  heading_path text[] not null default '{}',
  content text not null,
  lexemes tsvector not null,
  lexeme_count int not null,
  bigrams tsvector not null,
  embedding vector(1024) not null,
  created_at timestamptz not null default now(),
  unique (document_id, chunk_index)
);
comment on column rag.tb_doc_chunk_vector.visible is
  'False while a document awaits publication approval or after a source delete without cascade.';
comment on column rag.tb_doc_chunk_vector.lexemes is 'The Korean analyzer''s lexemes; matched with the leakproof @@~ so the GIN index serves callers under RLS.';
create index tb_doc_chunk_vector_embedding_idx on rag.tb_doc_chunk_vector using hnsw (embedding vector_cosine_ops);
create index tb_doc_chunk_vector_lexemes_idx on rag.tb_doc_chunk_vector using gin (lexemes public.tsvector_lp_ops);
create index tb_doc_chunk_vector_bigrams_idx on rag.tb_doc_chunk_vector using gin (bigrams public.tsvector_lp_ops);
create index tb_doc_chunk_vector_scope_idx on rag.tb_doc_chunk_vector using gin (organization_ids);
create index tb_doc_chunk_vector_tenant_idx on rag.tb_doc_chunk_vector (tenant_id, security_level);
alter table rag.tb_doc_chunk_vector enable row level security;
alter table rag.tb_doc_chunk_vector force row level security;
create policy chunks_read on rag.tb_doc_chunk_vector for select using (
  (select rag.app_current_is_system()) or (
    tenant_id = (select rag.app_current_tenant())
    and ((select rag.app_current_is_admin()) or (
      visible
      and security_level <= (select rag.app_current_clearance())
      and organization_ids && (select rag.app_visible_orgs())))));
create policy chunks_write on rag.tb_doc_chunk_vector for all
  using ((select rag.app_current_is_system())
         or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())))
  with check ((select rag.app_current_is_system())
              or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())));
grant select, insert, update, delete on rag.tb_doc_chunk_vector to backbone_rw;

create table rag.tb_rag_audit_logs (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  action text not null,
  sub text not null,
  tenant_id uuid,
  organization_id uuid references rag.tb_organization (id) on delete set null,
  claimed_organization_id uuid,
  clearance_level smallint,
  is_admin boolean not null default false,
  question_hash text,
  results jsonb not null default '[]',
  settings_version bigint,
  directory_version bigint,
  latency_ms int,
  outcome text not null default 'success',
  details jsonb not null default '{}'
);
comment on column rag.tb_rag_audit_logs.results is 'Each returned chunk: document id, source version, chunk id and index, and why it was visible.';
comment on column rag.tb_rag_audit_logs.claimed_organization_id is 'The organization the token named, kept even when it is not (or no longer) synced.';
create index tb_rag_audit_logs_at_idx on rag.tb_rag_audit_logs (tenant_id, id desc);
alter table rag.tb_rag_audit_logs enable row level security;
alter table rag.tb_rag_audit_logs force row level security;
create policy audit_insert on rag.tb_rag_audit_logs for insert
  with check ((select rag.app_current_is_system()) or tenant_id = (select rag.app_current_tenant()));
create policy audit_read on rag.tb_rag_audit_logs for select
  using ((select rag.app_current_is_system())
         or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())));
grant select, insert on rag.tb_rag_audit_logs to backbone_rw;

-- Ingestion jobs: the request a document version was accepted with, until it is indexed or fails.
create table rag.ingestion_jobs (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references rag.tb_ai_document_registry (id) on delete cascade,
  tenant_id uuid not null,
  source_version text not null,
  request jsonb not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed', 'superseded', 'waiting_approval')),
  attempts int not null default 0,
  error text,
  error_code text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index ingestion_jobs_document_idx on rag.ingestion_jobs (document_id, created_at desc);
alter table rag.ingestion_jobs enable row level security;
alter table rag.ingestion_jobs force row level security;
create policy ingestion_jobs_all on rag.ingestion_jobs for all
  using ((select rag.app_current_is_system()) or tenant_id = (select rag.app_current_tenant()))
  with check ((select rag.app_current_is_system()) or tenant_id = (select rag.app_current_tenant()));
grant select, insert, update on rag.ingestion_jobs to backbone_rw;

-- Settings: every change is a new row (version), with who made it and what changed.
create table rag.settings (
  version bigint generated always as identity primary key,
  settings jsonb not null,
  changed_by text not null,
  changes jsonb not null default '{}',
  changed_at timestamptz not null default now()
);
alter table rag.settings enable row level security;
alter table rag.settings force row level security;
create policy settings_read on rag.settings for select using (true);
create policy settings_write on rag.settings for insert
  with check (rag.app_current_is_system() or rag.app_current_is_admin());
grant select, insert on rag.settings to backbone_rw;

create table rag.outbox (
  id bigint generated always as identity primary key,
  stream text not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  done_at timestamptz
);
create index outbox_unsent_idx on rag.outbox (id) where sent_at is null;
create index outbox_undone_idx on rag.outbox (sent_at) where done_at is null;
alter table rag.outbox enable row level security;
alter table rag.outbox force row level security;
-- Any principal may queue work in its own transaction; only the service's jobs read and settle it.
create policy outbox_insert on rag.outbox for insert with check (true);
create policy outbox_jobs on rag.outbox for select using (rag.app_current_is_system());
create policy outbox_settle on rag.outbox for update using (rag.app_current_is_system()) with check (rag.app_current_is_system());
create policy outbox_forget on rag.outbox for delete using (rag.app_current_is_system());
grant select, insert, update, delete on rag.outbox to backbone_rw;
create function rag.notify_outbox() returns trigger language plpgsql as $$
begin
  perform pg_notify('backbone_outbox', 'rag');
  return null;
end
$$;
create trigger outbox_notify after insert on rag.outbox for each statement execute function rag.notify_outbox();
