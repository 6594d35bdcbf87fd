-- name: list_documents :many
-- A page of documents as the caller sees them, newest first, optionally in one state. The registrant and the
-- job requests are left out: they name users.
-- $1 state (a status, 'unpublished' or 'hidden'; null: all), $2 after this created_at, as text (a timestamptz
-- parameter would go through a JavaScript Date and lose the microseconds; null: first page), $3 and this id,
-- $4 limit
select id, portal_id, source_document_id, source_version, indexed_version, title, status, published,
       deleted_at is not null as hidden, security_level, chunk_count, error, error_code, updated_at,
       created_at::text as cursor_at
from rag.tb_ai_document_registry
where ($1::text is null
       or ($1::text = 'hidden' and deleted_at is not null)
       or ($1::text = 'unpublished' and not published and deleted_at is null)
       or (status = $1::text and deleted_at is null))
  and ($2::text is null or (created_at, id) < ($2::text::timestamptz, $3::uuid))
order by created_at desc, id desc
limit $4::int;

-- name: document_detail :one
-- One document as the caller sees it (its registrant left out).
-- $1 document id
select id, portal_id, source_document_id, source_version, indexed_version, title, classification, content_type,
       content_locator, size_bytes, status, published, fetch_approved, deleted_at, security_level, organization_ids,
       chunk_count, error, error_code, last_ingested_at, created_at, updated_at
from rag.tb_ai_document_registry where id = $1::uuid;

-- name: document_jobs :many
-- A document's versions as its ingestion jobs recorded them, newest first (the requests are left out).
-- $1 document id, $2 limit
select id, source_version, status, attempts, error, error_code, created_at, finished_at
from rag.ingestion_jobs where document_id = $1::uuid
order by created_at desc limit $2::int;

-- name: document_chunk_versions :many
-- How many of a document's chunks the caller may reach, per source version (more than one means a mix).
-- $1 document id
select source_version, count(*)::int as chunks, (count(*) filter (where visible))::int as visible
from rag.tb_doc_chunk_vector where document_id = $1::uuid
group by source_version order by source_version;

-- name: organization_names :many
-- Organizations by id as the caller sees them (its tenant's and the public bucket).
-- $1 organization ids
select id, code, name, is_public from rag.tb_organization where id = any($1::uuid[]);

-- name: list_audit :many
-- A page of audit rows (the caller's tenant; administrators only), newest first; a row's results count only those
-- the caller's clearance admits.
-- $1 before this id (null: first page), $2 action (null: all), $3 limit
select id, at, action, sub, outcome, latency_ms,
       (select count(*) from jsonb_array_elements(results) e
        where (e ->> 'securityLevel')::int <= rag.app_current_clearance())::int as result_count,
       settings_version, directory_version
from rag.tb_rag_audit_logs
where ($1::bigint is null or id < $1::bigint) and ($2::text is null or action = $2::text)
order by id desc limit $3::int;

-- name: count_audit :one
-- How many audit rows the caller sees (as list_audit), optionally of one action, counting no further than a cap:
-- the log only grows, and an uncapped count would read all of it each time the screen opens.
-- $1 action (null: all), $2 cap
select count(*)::int as total
from (select 1 from rag.tb_rag_audit_logs where $1::text is null or action = $1::text limit $2::int) c;

-- name: audit_entry :one
-- One audit row for replay, without its stored results (replay_chunks reads them).
-- $1 audit id
select id, at, action, sub, outcome, latency_ms, settings_version, directory_version, details
from rag.tb_rag_audit_logs where id = $1::bigint;

-- name: replay_chunks :many
-- An audit row's returned chunks in order, each beside what the registry and the chunk table hold now (under the
-- caller's row-level security). A chunk recorded above the caller's clearance is left out altogether (its
-- document, organizations and level are not the caller's to see), and positions count only the chunks shown.
-- $1 audit id
select (row_number() over (order by e.ord))::int as position, (e.item ->> 'documentId')::uuid as document_id,
       e.item ->> 'sourceDocumentId' as source_document_id, e.item ->> 'sourceVersion' as source_version,
       e.item ->> 'chunkId' as chunk_id, (e.item ->> 'chunkIndex')::int as chunk_index,
       (e.item ->> 'securityLevel')::int as security_level, e.item ->> 'admittedBy' as admitted_by,
       array(select jsonb_array_elements_text(e.item -> 'organizationIds'))::uuid[] as organization_ids,
       d.title, d.source_version as document_version, d.deleted_at is not null as hidden,
       c.id::text as current_chunk_id, c.source_version as current_chunk_version
from rag.tb_rag_audit_logs a
cross join lateral jsonb_array_elements(a.results) with ordinality as e(item, ord)
left join rag.tb_ai_document_registry d on d.id = (e.item ->> 'documentId')::uuid
left join rag.tb_doc_chunk_vector c
  on c.document_id = (e.item ->> 'documentId')::uuid and c.chunk_index = (e.item ->> 'chunkIndex')::int
where a.id = $1::bigint and (e.item ->> 'securityLevel')::int <= rag.app_current_clearance()
order by e.ord;

-- name: settings_at_version :one
-- The settings one version held (who changed them is left out: it names a user).
-- $1 version
select version, settings, changed_at from rag.settings where version = $1::bigint;

-- name: tenant_settings_at_version :one
-- The overrides one version of the caller's tenant held (who changed them is left out: it names a user).
-- $1 tenant id, $2 version
select version, overrides from rag.tenant_settings where tenant_id = $1::uuid and version = $2::bigint;
