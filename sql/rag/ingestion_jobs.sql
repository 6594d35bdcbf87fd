-- name: insert_job :exec
-- Records an ingestion job and queues it through the outbox, in the caller's transaction. No RETURNING anywhere:
-- a job is as visible as its document, which an administrator may have registered above its own clearance, and
-- only the service's jobs may read the outbox.
-- $1 job id, $2 document id, $3 tenant id, $4 source version, $5 request, $6 stream
with job as (
  insert into rag.ingestion_jobs (id, document_id, tenant_id, source_version, request)
  values ($1::uuid, $2::uuid, $3::uuid, $4::text, $5::jsonb)
)
insert into rag.outbox (stream, payload) values ($6::text, jsonb_build_object('jobId', $1::uuid));

-- name: get_job :one
-- An ingestion job with its document's current state, locked.
-- $1 job id
select j.id, j.document_id, j.tenant_id, j.source_version, j.request, j.status, j.attempts,
       r.source_version as document_version, r.fetch_approved, r.published, r.indexed_version, r.status as document_status
from rag.ingestion_jobs j join rag.tb_ai_document_registry r on r.id = j.document_id
where j.id = $1::uuid
for update of j;

-- name: job_outcome :one
-- A job's outcome, for the request that waits for it.
-- $1 job id
select j.status, j.error, j.error_code, r.chunk_count, r.indexed_version, r.id as document_id
from rag.ingestion_jobs j join rag.tb_ai_document_registry r on r.id = j.document_id
where j.id = $1::uuid;

-- name: start_job :exec
-- Marks a job running (one more attempt) and its document indexing.
-- $1 job id, $2 document id
with job as (update rag.ingestion_jobs set status = 'running', attempts = attempts + 1 where id = $1::uuid)
update rag.tb_ai_document_registry set status = 'indexing', updated_at = now() where id = $2::uuid;

-- name: settle_job :exec
-- Records a job's end (done, failed, superseded or waiting for approval) and wakes whoever waits for it.
-- $1 job id, $2 status, $3 error, $4 error code
with job as (
  update rag.ingestion_jobs set status = $2::text, error = $3::text, error_code = $4::text,
    finished_at = case when $2::text = 'waiting_approval' then null else now() end
  where id = $1::uuid
)
select pg_notify('rag_ingestion', $1::text);

-- name: waiting_job :one
-- The job waiting for a document's file-store approval.
-- $1 document id
select id from rag.ingestion_jobs where document_id = $1::uuid and status = 'waiting_approval' order by created_at desc limit 1;

-- name: requeue_job :exec
-- Queues an existing job again through the outbox.
-- $1 job id, $2 stream
with job as (update rag.ingestion_jobs set status = 'queued' where id = $1::uuid returning id)
insert into rag.outbox (stream, payload) select $2::text, jsonb_build_object('jobId', id) from job;
