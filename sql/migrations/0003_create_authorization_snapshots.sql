-- Portals' published permission summaries (seed 1.2, 2, 3): read-only observation copies.
-- A publication replaces the portal's previous snapshot in one transaction: its entries are
-- written, what changed per user is recorded, the previous entries are deleted and the latest
-- pointer moves, so a reader sees the old snapshot or the new one, never a mix.

create table directory.authorization_snapshots (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  portal_id text not null,
  source_version text not null,
  collected_at timestamptz not null default now(),
  user_count int not null,
  assignment_count int not null,
  is_latest boolean not null default false
);
comment on table directory.authorization_snapshots is
  'Every accepted publication; only the latest of a portal keeps its entries, older rows keep the history.';
comment on column directory.authorization_snapshots.seq is 'Counts accepted publications; the dashboard''s data version.';
create unique index authorization_snapshots_latest_key on directory.authorization_snapshots (portal_id) where is_latest;
create index authorization_snapshots_portal_idx on directory.authorization_snapshots (portal_id, collected_at desc);
grant select, insert, update, delete on directory.authorization_snapshots to backbone_rw;

-- Entries carry no foreign keys: a publication has just checked every user and the snapshot is
-- written in the same transaction, and per-row key checks tripled the cost of replacing 100,000
-- entries. Entries of users purged later simply drop out of the dashboard's joins.
create table directory.authorization_entries (
  snapshot_id uuid not null,
  user_id uuid not null,
  company_id uuid not null,
  assignments text not null check (assignments like '[%]'),
  primary key (snapshot_id, user_id)
);
comment on column directory.authorization_entries.company_id is 'The user''s company when the snapshot was accepted (observation only).';
comment on column directory.authorization_entries.assignments is
  'The user''s assignments as canonical JSON (deduplicated, sorted by kind, key, scope, label), so equal sets are equal text.';
grant select, insert, delete on directory.authorization_entries to backbone_rw;

create table directory.authorization_changes (
  snapshot_id uuid not null,
  user_id uuid not null,
  added text not null,
  removed text not null,
  primary key (snapshot_id, user_id)
);
comment on table directory.authorization_changes is
  'Per user, the assignments (JSON arrays) a snapshot added and removed against the portal''s previous snapshot. '
  'No foreign key, as with entries: rows are written with their snapshot and deleted with it.';
grant select, insert, delete on directory.authorization_changes to backbone_rw;
