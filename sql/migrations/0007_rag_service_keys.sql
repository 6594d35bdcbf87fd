-- Keys the retrieval service generates for itself: the key that turns an asker's identity into
-- the pseudonym administrators see in the audit screens (an HMAC, so a list of known user ids
-- cannot be hashed and compared). Only the service's own system principal reads it.
create table rag.service_keys (
  name text primary key,
  secret bytea not null
);
insert into rag.service_keys (name, secret)
values ('pseudonym', decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));
alter table rag.service_keys enable row level security;
alter table rag.service_keys force row level security;
create policy service_keys_system on rag.service_keys for select using ((select rag.app_current_is_system()));
grant select on rag.service_keys to backbone_rw;

-- Searches and answers per hour on the overview.
create index tb_rag_audit_logs_tenant_at_idx on rag.tb_rag_audit_logs (tenant_id, at);
