-- name: list_documents_by_change :many
-- A page of the caller's documents, oldest change first, hidden ones (a source delete without cascade) left out;
-- row-level security keeps it to the caller's tenant, clearance and (for non-administrators) organizations. The
-- tenant is also named here so the listing indexes apply (the policy's condition is a disjunction they cannot use).
-- $1 portal id (null: every portal), $2 status (null: every status), $3 changed at or after (null: any time),
-- $4 after this updated_at, as text (microseconds kept; null: first page), $5 and this id, $6 limit
select id, portal_id, source_document_id, source_version, indexed_version, title, status, published, chunk_count,
       error_code, created_at, updated_at, updated_at::text as cursor_at
from rag.tb_ai_document_registry
where tenant_id = (select rag.app_current_tenant())
  and deleted_at is null
  and ($1::text is null or portal_id = $1::text)
  and ($2::text is null or status = $2::text)
  and ($3::text is null or updated_at >= $3::text::timestamptz)
  and ($4::text is null or (updated_at, id) > ($4::text::timestamptz, $5::uuid))
order by updated_at, id
limit $6::int;

-- name: document_by_source :one
-- The caller's tenant's document of one portal and source document id, as the caller may see it.
-- $1 portal id, $2 source document id
select id, portal_id, source_document_id, source_version, indexed_version, title, status, published, chunk_count,
       error_code, created_at, updated_at, updated_at::text as cursor_at
from rag.tb_ai_document_registry
where tenant_id = (select rag.app_current_tenant()) and deleted_at is null
  and portal_id = $1::text and source_document_id = $2::uuid;
