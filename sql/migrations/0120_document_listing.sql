-- Callers list their documents (issue 18 part 4): oldest change first by (updated_at, id), within the caller's
-- tenant and, for a portal's token, within that portal. The pages walk these indexes; the cursor that continues
-- them is signed with a key of the installation's own, read (like the others) only by the system role.
create index tb_ai_document_registry_changes_idx on rag.tb_ai_document_registry (tenant_id, updated_at, id);
create index tb_ai_document_registry_portal_changes_idx
  on rag.tb_ai_document_registry (tenant_id, portal_id, updated_at, id);

-- Row-level security binds the owner too (forced); only for this insert, in this transaction, it does not.
alter table rag.service_keys no force row level security;
insert into rag.service_keys (name, secret)
values ('cursor', decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'))
on conflict (name) do nothing;
alter table rag.service_keys force row level security;
