-- name: insert_job :exec
-- Records an ingestion job and queues it through the outbox, in the caller's transaction. No RETURNING anywhere:
-- a job is as visible as its document, which an administrator may have registered above its own clearance, and
-- only the service's jobs may read the outbox.
-- The entry carries the tenant so that workers can share their slots across tenants without reading the job.
-- $1 job id, $2 document id, $3 tenant id, $4 source version, $5 request, $6 stream, $7 submitted by
with job as (
  insert into rag.ingestion_jobs (id, document_id, tenant_id, source_version, request, submitted_by)
  values ($1::uuid, $2::uuid, $3::uuid, $4::text, $5::jsonb, $7::text)
)
insert into rag.outbox (stream, payload)
values ($6::text, jsonb_build_object('jobId', $1::uuid, 'tenantId', $3::uuid));

-- name: lock_queued_by :exec
-- Serialises acceptances by one user until the transaction ends, so that two at once cannot both pass the cap.
-- $1 tenant id, $2 subject
select pg_advisory_xact_lock(hashtextextended('rag.queued/' || $1::uuid::text || '/' || $2::text, 0));

-- name: queued_by :one
-- How many jobs a user queued that have not finished (queued or running); as many as the caller may see.
-- $1 tenant id, $2 subject
select count(*)::int as queued from rag.ingestion_jobs
where tenant_id = $1::uuid and submitted_by = $2::text and status in ('queued', 'running');

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

-- name: start_job :one
-- Marks a job running (one more attempt) and its document indexing; returns when its first attempt started.
-- $1 job id, $2 document id
with job as (
  update rag.ingestion_jobs set status = 'running', attempts = attempts + 1, started_at = coalesce(started_at, now())
  where id = $1::uuid
  returning started_at
), document as (
  update rag.tb_ai_document_registry set status = 'indexing', updated_at = now() where id = $2::uuid
)
select started_at from job;

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
with job as (update rag.ingestion_jobs set status = 'queued' where id = $1::uuid returning id, tenant_id)
insert into rag.outbox (stream, payload) select $2::text, jsonb_build_object('jobId', id, 'tenantId', tenant_id) from job;
