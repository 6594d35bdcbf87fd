-- name: document_tenants :many
-- The tenants that hold documents (the retention runs tenant by tenant, each under its own rules).
-- no parameters
select distinct tenant_id from rag.tb_ai_document_registry order by tenant_id;

-- name: source_tenants :many
-- The tenants that hold a source document (a source delete applies each one's cascade rule to its own).
-- $1 portal id, $2 source document id
select distinct tenant_id from rag.tb_ai_document_registry
where portal_id = $1::text and source_document_id = $2::uuid order by tenant_id;

-- name: expired_documents :many
-- A tenant's documents not re-ingested within its retention, oldest first.
-- $1 tenant id, $2 retention in days, $3 limit
select portal_id, source_document_id from rag.tb_ai_document_registry
where tenant_id = $1::uuid and last_ingested_at < now() - make_interval(days => $2::int)
order by last_ingested_at limit $3::int;
