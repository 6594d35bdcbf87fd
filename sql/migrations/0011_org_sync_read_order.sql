-- Two organization syncs can overlap (the periodic job and a manual run, or two instances), and
-- the one that read the directory first could commit last: its older reading then deactivated the
-- departments the newer one had just added, until the next sync. A sync now records when it began
-- reading, and one whose reading is older than the last applied one's is not applied.
alter table rag.sync_state add column read_started_at timestamptz;
comment on column rag.sync_state.read_started_at is
  'When the last applied sync began reading the directory (database clock).';
