-- Fair ingestion across tenants (issue 16, part 4).
-- submitted_by: who queued a job (the caller's subject), so that a user's unfinished jobs can be capped when a
--   document is accepted; jobs from before this migration have none and count for nobody.
-- started_at: when the job's first attempt started, so that its wall-clock budget spans every retry.
alter table rag.ingestion_jobs add column submitted_by text, add column started_at timestamptz;
create index ingestion_jobs_unfinished_by_idx on rag.ingestion_jobs (tenant_id, submitted_by)
  where status in ('queued', 'running');
