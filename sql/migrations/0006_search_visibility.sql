-- Administrators skip only the organization condition (CONTRACT 2.1). In 0005 an administrator
-- also skipped the clearance test on documents and chunks; from here on every principal needs the
-- tenant and a clearance at least the document's level, and only the organization test is waived
-- for administrators. Chunks held back for publication approval or hidden by a source delete stay
-- out of every non-administrator's reach; administrators reach them (to publish or replace them),
-- and searches leave them out by their own condition on `visible`.

drop policy chunks_read on rag.tb_doc_chunk_vector;
create policy chunks_read on rag.tb_doc_chunk_vector for select using (
  (select rag.app_current_is_system()) or (
    tenant_id = (select rag.app_current_tenant())
    and security_level <= (select rag.app_current_clearance())
    and ((select rag.app_current_is_admin())
         or (visible and organization_ids && (select rag.app_visible_orgs())))));
comment on policy chunks_read on rag.tb_doc_chunk_vector is
  'Tenant and clearance for everyone; administrators skip the organization test and see hidden chunks.';

drop policy registry_read on rag.tb_ai_document_registry;
create policy registry_read on rag.tb_ai_document_registry for select using (
  (select rag.app_current_is_system()) or (
    tenant_id = (select rag.app_current_tenant())
    and security_level <= (select rag.app_current_clearance())
    and ((select rag.app_current_is_admin()) or organization_ids && (select rag.app_visible_orgs()))));
comment on policy registry_read on rag.tb_ai_document_registry is
  'Tenant and clearance for everyone; administrators skip only the organization test.';
