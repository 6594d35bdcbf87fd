-- Who may replace a document, and whose key it is (issue 15, item 2).
--
-- 1. A document's key includes its tenant: one tenant registering a source document id can never
--    block another tenant from registering the same id, nor learn that it exists.
-- 2. Re-registering a document (an update of its registry row) is for its registrant, an administrator
--    of its tenant, or the portal it belongs to, as the token names them (claims `sub` and
--    `portal_id`). The application checks the same before it writes; the policy holds when it does not.
--    Two more transaction-local settings carry them, read like the others: a missing or ended setting
--    reads as null and matches no row.

alter table rag.tb_ai_document_registry drop constraint tb_ai_document_registry_portal_id_source_document_id_key;
alter table rag.tb_ai_document_registry
  add constraint tb_ai_document_registry_source_key unique (tenant_id, portal_id, source_document_id);

create function rag.app_current_subject() returns text language sql stable as
  $$ select nullif(current_setting('my.app_subject', true), '') $$;
comment on function rag.app_current_subject() is 'The user a request acts for (the token''s sub).';
create function rag.app_current_portal() returns text language sql stable as
  $$ select nullif(current_setting('my.app_portal_id', true), '') $$;
comment on function rag.app_current_portal() is 'The portal a request''s token speaks for (claim portal_id), if any.';
grant execute on function rag.app_current_subject(), rag.app_current_portal() to backbone_rw;

drop policy registry_update on rag.tb_ai_document_registry;
create policy registry_update on rag.tb_ai_document_registry for update
  using ((select rag.app_current_is_system()) or (
    tenant_id = (select rag.app_current_tenant())
    and ((select rag.app_current_is_admin())
         or registrant_id = (select rag.app_current_subject())
         or portal_id = (select rag.app_current_portal()))))
  with check ((select rag.app_current_is_system()) or (
    tenant_id = (select rag.app_current_tenant())
    and ((select rag.app_current_is_admin())
         or registrant_id = (select rag.app_current_subject())
         or portal_id = (select rag.app_current_portal()))));
comment on policy registry_update on rag.tb_ai_document_registry is
  'A document is changed only by its registrant, an administrator of its tenant, or its own portal.';
