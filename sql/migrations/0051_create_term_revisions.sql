-- The glossary's approval gate for edits: a portal's change to a term that has been approved does not touch
-- the term. It waits here as a revision until an administrator approves it (the change is then applied to the
-- term at a new glossary version) or rejects it. Until then the ontology pack, the matching dictionary, the
-- term-linking worker, query expansion and answer prompts all keep reading the term's approved text.

create table directory.term_revisions (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  term_id uuid not null references directory.terms (id) on delete cascade,
  proposed_by text not null,
  changes jsonb not null check (jsonb_typeof(changes) = 'object' and changes <> '{}'),
  base_version bigint not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'superseded')),
  decided_by text,
  decided_at timestamptz,
  created_at timestamptz not null default now()
);
comment on column directory.term_revisions.changes is
  'Only the fields the revision changes: {definition?, aliases?, abbreviations?, scope?}; never a status.';
comment on column directory.term_revisions.base_version is 'The term''s version when the revision was proposed.';
comment on column directory.term_revisions.status is
  'pending until an administrator decides; superseded when the same portal proposes another edit of the term.';
create unique index term_revisions_seq_key on directory.term_revisions (seq);
create unique index term_revisions_one_pending on directory.term_revisions (term_id, proposed_by)
  where status = 'pending';
create index term_revisions_status_idx on directory.term_revisions (status, seq);
grant select, insert, update on directory.term_revisions to backbone_rw;

-- The wire record: what the revision changes, and the term's values of those fields now (the diff's left side).
create view directory.term_revision_view with (security_invoker = true) as
select r.id, r.seq, r.term_id, r.status,
       json_build_object(
         'id', r.id, 'termId', r.term_id, 'notation', t.notation, 'termStatus', t.status, 'status', r.status,
         'proposedBy', r.proposed_by, 'changes', r.changes,
         'current', (select jsonb_object_agg(k.key, case k.key
                                                      when 'definition' then to_jsonb(t.definition)
                                                      when 'aliases' then to_jsonb(t.aliases)
                                                      when 'abbreviations' then to_jsonb(t.abbreviations)
                                                      when 'scope' then to_jsonb(t.scope) end)
                     from jsonb_object_keys(r.changes) as k(key)),
         'baseVersion', r.base_version, 'termVersion', t.version, 'decidedBy', r.decided_by,
         'decidedAt', directory.iso_time(r.decided_at), 'createdAt', directory.iso_time(r.created_at)) as doc
from directory.term_revisions r
join directory.terms t on t.id = r.term_id;
grant select on directory.term_revision_view to backbone_rw;
