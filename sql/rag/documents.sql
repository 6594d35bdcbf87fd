-- name: find_document :one
-- A document by its key (tenant, portal, source document id), as the caller's principal sees it.
-- $1 tenant id, $2 portal id, $3 source document id
select id, portal_id, source_document_id, source_version, checksum, status, indexed_version, indexed_checksum, chunk_count,
       tenant_id, registrant_id, fetch_approved, published, deleted_at
from rag.tb_ai_document_registry
where tenant_id = $1::uuid and portal_id = $2::text and source_document_id = $3::uuid;

-- name: lock_source :exec
-- Serialises acceptances of one document key until the transaction ends.
-- $1 tenant id, $2 portal id, $3 source document id
select pg_advisory_xact_lock(hashtextextended($1::uuid::text || '/' || $2::text || '/' || $3::text, 0));

-- name: insert_document :exec
-- Creates a document on its first version. No RETURNING and no ON CONFLICT: both read the row back, and an
-- administrator may register a document above its own clearance, which it may not read (the caller holds
-- lock_source and passes a new id).
-- $1 document id, $2 JSON {portalId, sourceDocumentId, sourceVersion, tenantId, organizationIds, securityLevel,
--    classification, title, contentLocator, checksum, contentType, registrantId, registrantDepartmentCode, sizeBytes},
-- $3 status, $4 published
insert into rag.tb_ai_document_registry (
  id, portal_id, source_document_id, source_version, tenant_id, organization_id, organization_ids, security_level,
  classification, title, content_locator, checksum, content_type, registrant_id, registrant_department_code, size_bytes,
  status, published)
select $1::uuid, d."portalId", d."sourceDocumentId", d."sourceVersion", d."tenantId", d."organizationIds"[1],
       d."organizationIds", d."securityLevel", d.classification, d.title, d."contentLocator", d.checksum, d."contentType",
       d."registrantId", d."registrantDepartmentCode", d."sizeBytes", $3::text, $4::bool
from jsonb_to_record($2::jsonb) as d("portalId" text, "sourceDocumentId" uuid, "sourceVersion" text, "tenantId" uuid,
  "organizationIds" uuid[], "securityLevel" smallint, classification text, title text, "contentLocator" text, checksum text,
  "contentType" text, "registrantId" text, "registrantDepartmentCode" text, "sizeBytes" bigint);

-- name: update_document :many
-- Records a later version a portal sent; the indexed version stays until replaced. The tenant is part of the key
-- and never changes. Returns the row's id when the update policy let it change (the caller can see it: it found it).
-- $1 document id, $2 JSON (as insert_document), $3 status
update rag.tb_ai_document_registry r set
  source_version = d."sourceVersion", organization_id = d."organizationIds"[1],
  organization_ids = d."organizationIds", security_level = d."securityLevel", classification = d.classification,
  title = d.title, content_locator = d."contentLocator", checksum = d.checksum, content_type = d."contentType",
  registrant_id = d."registrantId", registrant_department_code = d."registrantDepartmentCode", size_bytes = d."sizeBytes",
  status = $3::text, error = null, error_code = null, deleted_at = null, updated_at = now()
from jsonb_to_record($2::jsonb) as d("sourceVersion" text, "organizationIds" uuid[],
  "securityLevel" smallint, classification text, title text, "contentLocator" text, checksum text, "contentType" text,
  "registrantId" text, "registrantDepartmentCode" text, "sizeBytes" bigint)
where r.id = $1::uuid
returning r.id;

-- name: set_document_organizations :exec
-- Makes a document's organization rows exactly the given ones (each must exist: the foreign key checks it).
-- $1 document id, $2 organization ids, $3 tenant id
with gone as (
  delete from rag.tb_document_organizations where document_id = $1::uuid and organization_id <> all($2::uuid[])
)
insert into rag.tb_document_organizations (document_id, organization_id, tenant_id)
select $1::uuid, o, $3::uuid from unnest($2::uuid[]) as o
on conflict do nothing;

-- name: document_failed :exec
-- Marks a document's latest version failed; its indexed version (if any) stays searchable.
-- $1 document id, $2 error, $3 error code
update rag.tb_ai_document_registry set status = 'failed', error = $2::text, error_code = $3::text, updated_at = now()
where id = $1::uuid;

-- name: document_pending_approval :exec
-- Holds a document until an administrator approves fetching its body.
-- $1 document id
update rag.tb_ai_document_registry set status = 'pending_approval', updated_at = now() where id = $1::uuid;

-- name: delete_chunks :exec
-- Deletes every chunk of a document (the first half of replacing them, in the same transaction).
-- $1 document id
delete from rag.tb_doc_chunk_vector where document_id = $1::uuid;

-- name: insert_chunks :exec
-- Inserts a version's chunks. Chunks are visible when the document is published and not hidden, read here so
-- a concurrent approval counts.
-- $1 document id, $2 source version, $3 tenant id, $4 organization ids, $5 security level, $6 chunk indexes,
-- $7 contents, $8 heading paths (JSON arrays), $9 analyzed text (lexemes joined by spaces), $10 lexeme counts,
-- $11 bigrams (tsvector literals), $12 embeddings, $13 text search configuration
insert into rag.tb_doc_chunk_vector (document_id, chunk_index, source_version, tenant_id, organization_ids, security_level,
  visible, heading_path, content, lexemes, lexeme_count, bigrams, embedding)
select $1::uuid, c.chunk_index, $2::text, $3::uuid, $4::uuid[], $5::smallint,
       (select r.published and r.deleted_at is null from rag.tb_ai_document_registry r where r.id = $1::uuid),
       array(select jsonb_array_elements_text(c.heading_path::jsonb)), c.content, to_tsvector($13::regconfig, c.lexemes),
       c.lexeme_count,
       c.bigrams::tsvector, c.embedding::vector
from unnest($6::int[], $7::text[], $8::text[], $9::text[], $10::int[], $11::text[], $12::text[])
  as c(chunk_index, content, heading_path, lexemes, lexeme_count, bigrams, embedding);

-- name: lock_current_version :one
-- Locks a document's row and reads the version and checksum it now expects, so a slow job never stores an older
-- version over a newer one that finished first.
-- $1 document id
select source_version, checksum from rag.tb_ai_document_registry where id = $1::uuid for update;

-- name: document_indexed :exec
-- Marks a document's new version indexed.
-- $1 document id, $2 source version, $3 checksum, $4 chunk count
update rag.tb_ai_document_registry set status = 'indexed', indexed_version = $2::text, indexed_checksum = $3::text,
  chunk_count = $4::int, error = null, error_code = null, last_ingested_at = now(), updated_at = now()
where id = $1::uuid;

-- name: document_status :one
-- A document's state, as the caller's principal sees it.
-- $1 document id
select id, status, chunk_count, error, error_code, source_version, indexed_version, published, deleted_at
from rag.tb_ai_document_registry where id = $1::uuid;

-- name: purge_document :many
-- Deletes a document by its source identity, in one tenant or (the service's jobs only) in every tenant; its chunks
-- and organization rows go with it (cascade).
-- $1 tenant id (null: every tenant), $2 portal id, $3 source document id, $4 only this source version (null: any)
delete from rag.tb_ai_document_registry
where ($1::uuid is null or tenant_id = $1::uuid) and portal_id = $2::text and source_document_id = $3::uuid
  and ($4::text is null or source_version = $4::text)
returning id;

-- name: hide_document :many
-- A source delete without cascade: the document stays, hidden from every search.
-- $1 tenant id (null: every tenant), $2 portal id, $3 source document id, $4 only this source version (null: any)
with doc as (
  update rag.tb_ai_document_registry set deleted_at = now(), updated_at = now()
  where ($1::uuid is null or tenant_id = $1::uuid) and portal_id = $2::text and source_document_id = $3::uuid
    and ($4::text is null or source_version = $4::text)
  returning id
), hidden as (
  update rag.tb_doc_chunk_vector set visible = false where document_id in (select id from doc)
)
select id from doc;

-- name: publish_document :one
-- An administrator's publication approval: the document's chunks become searchable.
-- $1 document id
with doc as (
  update rag.tb_ai_document_registry set published = true, updated_at = now()
  where id = $1::uuid and deleted_at is null returning id
), shown as (
  update rag.tb_doc_chunk_vector set visible = true where document_id in (select id from doc)
)
select id from doc;

-- name: approve_fetch :one
-- An administrator's file-store approval: the body may now be fetched.
-- $1 document id
update rag.tb_ai_document_registry set fetch_approved = true, status = 'queued', updated_at = now()
where id = $1::uuid returning id, tenant_id, source_version;

-- name: documents_for_reindex :many
-- Documents (optionally of one portal) with their last accepted request, to queue again.
-- $1 portal id (null: all)
select r.id, r.tenant_id, r.source_version, j.request
from rag.tb_ai_document_registry r
join lateral (select request from rag.ingestion_jobs where document_id = r.id order by created_at desc limit 1) j on true
where ($1::text is null or r.portal_id = $1::text) and r.deleted_at is null
order by r.created_at;

-- name: reindex_progress :one
-- How far a reindex got: documents (optionally of one portal) by the state of their latest ingestion job.
-- $1 portal id (null: all)
select count(*)::int as total,
       count(*) filter (where j.status in ('queued', 'running'))::int as pending,
       count(*) filter (where j.status = 'failed')::int as failed
from rag.tb_ai_document_registry r
join lateral (select status from rag.ingestion_jobs where document_id = r.id order by created_at desc limit 1) j on true
where ($1::text is null or r.portal_id = $1::text) and r.deleted_at is null;

-- name: purge_candidates :many
-- Documents an operator's bulk purge selects, oldest first.
-- $1 portal id (null: all), $2 only those hidden by a source delete, $3 only those that failed and were never indexed
select id, portal_id, source_document_id, status, deleted_at
from rag.tb_ai_document_registry
where ($1::text is null or portal_id = $1::text)
  and (not $2::bool or deleted_at is not null)
  and (not $3::bool or (status = 'failed' and indexed_version is null))
order by created_at;

-- name: purge_candidate :one
-- Purges one selected document (chunks and organization rows go with it), unless a re-ingest since made it no
-- longer match the selection.
-- $1 document id, $2 only if hidden by a source delete, $3 only if failed and never indexed
delete from rag.tb_ai_document_registry
where id = $1::uuid
  and (not $2::bool or deleted_at is not null)
  and (not $3::bool or (status = 'failed' and indexed_version is null))
returning id;
