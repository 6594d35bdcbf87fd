-- Closes two gaps the isolation tests found.
--
-- 1. chunks_write was a FOR ALL policy, so it also granted SELECT, and policies of one command
--    combine with OR: an administrator read chunks above its clearance through it, whatever
--    chunks_read said. Writes now have one policy per command, and every read goes through
--    chunks_read alone. (UPDATE and DELETE also need the row to pass chunks_read, so an
--    administrator cannot publish or replace chunks above its clearance either.)
-- 2. tb_document_organizations and ingestion_jobs were readable by anyone of the tenant: a job's
--    request holds the document's title, organizations, level and locator. Their rows are now as
--    visible as their document's registry row (whose own policy applies inside the subquery).

drop policy chunks_write on rag.tb_doc_chunk_vector;
create policy chunks_insert on rag.tb_doc_chunk_vector for insert with check (
  (select rag.app_current_is_system())
  or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())));
create policy chunks_update on rag.tb_doc_chunk_vector for update
  using ((select rag.app_current_is_system())
         or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())))
  with check ((select rag.app_current_is_system())
              or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())));
create policy chunks_delete on rag.tb_doc_chunk_vector for delete using (
  (select rag.app_current_is_system())
  or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())));

drop policy document_organizations_all on rag.tb_document_organizations;
create policy document_organizations_read on rag.tb_document_organizations for select using (
  (select rag.app_current_is_system())
  or exists (select 1 from rag.tb_ai_document_registry r where r.id = document_id));
create policy document_organizations_insert on rag.tb_document_organizations for insert with check (
  (select rag.app_current_is_system()) or tenant_id = (select rag.app_current_tenant()));
create policy document_organizations_delete on rag.tb_document_organizations for delete using (
  (select rag.app_current_is_system())
  or exists (select 1 from rag.tb_ai_document_registry r where r.id = document_id));

drop policy ingestion_jobs_all on rag.ingestion_jobs;
create policy ingestion_jobs_read on rag.ingestion_jobs for select using (
  (select rag.app_current_is_system())
  or exists (select 1 from rag.tb_ai_document_registry r where r.id = document_id));
create policy ingestion_jobs_insert on rag.ingestion_jobs for insert with check (
  (select rag.app_current_is_system()) or tenant_id = (select rag.app_current_tenant()));
create policy ingestion_jobs_update on rag.ingestion_jobs for update
  using ((select rag.app_current_is_system())
         or exists (select 1 from rag.tb_ai_document_registry r where r.id = document_id))
  with check ((select rag.app_current_is_system()) or tenant_id = (select rag.app_current_tenant()));
