-- Bounds the webhook changes table (tests/security/webhook_changes_growth_test.ts): a subscription left paused or
-- failing held every later change of its resources forever, since changes were purged only once every cursor was
-- past them. Each change now records when it was written; the sweep forgets changes older than
-- WEBHOOK_CHANGES_RETENTION_SECONDS whatever the cursors (moving lagging cursors past them).

alter table directory.webhook_changes add column recorded_at timestamptz not null default now();
comment on column directory.webhook_changes.recorded_at is
  'When the change was written: past WEBHOOK_CHANGES_RETENTION_SECONDS it is forgotten even if a subscription lags.';
create index webhook_changes_recorded_idx on directory.webhook_changes (resource, recorded_at);
