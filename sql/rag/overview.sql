-- name: documents_by_status :many
-- Documents per status as the caller sees them; hidden ones (a source delete without cascade) apart.
-- no parameters
select case when deleted_at is not null then 'hidden' else status end as status, count(*)::int as count
from rag.tb_ai_document_registry group by 1 order by 1;

-- name: chunk_count :one
-- Chunks the caller may reach, and how many of them searches leave out (unpublished or hidden).
-- no parameters
select count(*)::int as total, (count(*) filter (where not visible))::int as hidden from rag.tb_doc_chunk_vector;

-- name: jobs_by_status :many
-- Ingestion jobs per status over the last day.
-- no parameters
select status, count(*)::int as count from rag.ingestion_jobs
where created_at > now() - interval '1 day' or status in ('queued', 'running', 'waiting_approval')
group by status order by status;

-- name: recent_failures :many
-- The latest failed documents with their errors.
-- $1 limit
select id, portal_id, source_document_id, source_version, indexed_version, title, error, error_code, updated_at
from rag.tb_ai_document_registry where status = 'failed' order by updated_at desc limit $1::int;

-- name: organization_sync :one
-- The organization sync's state and how many organizations the caller's tenant has.
-- no parameters
select s.last_success_at, s.last_attempt_at, s.error, s.directory_version,
       (select count(*)::int from rag.tb_organization o where not o.is_public) as organizations,
       (select count(*)::int from rag.tb_organization o where not o.is_public and o.is_active) as active
from (select 1) one left join rag.sync_state s on s.name = 'organizations';

-- name: activity_by_hour :many
-- Searches and answers per hour over the last 24 hours (the caller's tenant).
-- no parameters
select date_trunc('hour', at) as hour, count(*) filter (where action = 'search')::int as searches,
       count(*) filter (where action = 'ask')::int as answers
from rag.tb_rag_audit_logs where at > now() - interval '24 hours' and action in ('search', 'ask')
group by 1 order by 1;

-- name: recent_audit :many
-- The latest audit rows (the caller's tenant); a row's results count only those the caller's clearance admits.
-- $1 limit
select id, at, action, sub, organization_id, claimed_organization_id, clearance_level, is_admin, outcome, latency_ms,
       (select count(*) from jsonb_array_elements(results) e
        where (e ->> 'securityLevel')::int <= rag.app_current_clearance())::int as result_count,
       settings_version, directory_version
from rag.tb_rag_audit_logs order by id desc limit $1::int;

-- name: service_key :one
-- One of the installation's own keys: askers' pseudonyms, question hashes (the system role only).
-- $1 key name
select secret from rag.service_keys where name = $1::text;
