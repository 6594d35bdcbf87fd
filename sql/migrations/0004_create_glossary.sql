-- The glossary and ontology ledger, content-term links, queued content bodies, and the outbox
-- that hands the term-linking worker its jobs. Every change takes the glossary ledger's next
-- version, so matching dictionaries, packs and link feeds are read by version.

create table directory.terms (
  id uuid primary key default gen_random_uuid(),
  notation text not null check (length(notation) between 1 and 200),
  notation_key text not null,
  aliases text[] not null default '{}',
  abbreviations text[] not null default '{}',
  definition text not null default '',
  scope text,
  status text not null default 'proposed' check (status in ('proposed', 'approved', 'rejected', 'deprecated')),
  is_active boolean not null default true,
  evidence jsonb not null default '[]',
  proposed_by text,
  decided_by text,
  decided_at timestamptz,
  version bigint not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on column directory.terms.notation_key is
  'The notation after NFKC, case folding and whitespace folding: full-width and half-width forms, API and api are one term.';
comment on column directory.terms.evidence is 'Where the term was seen: [{kind: "content", contentKey, excerpt}]; approval links that content.';
create unique index terms_notation_key on directory.terms (notation_key);
create index terms_version_idx on directory.terms (version, id);
create index terms_status_idx on directory.terms (status, id);
grant select, insert, update on directory.terms to backbone_rw;

create table directory.term_relations (
  id uuid primary key default gen_random_uuid(),
  source_id uuid not null references directory.terms (id) on delete cascade,
  type text not null check (type in ('broader', 'narrower', 'related', 'synonym', 'part_of', 'references')),
  target_term_id uuid references directory.terms (id) on delete cascade,
  target_ref text check (target_ref ~ '^[^:\s]+:[^:\s]+:\S+$'),
  version bigint not null,
  created_at timestamptz not null default now(),
  deleted_at timestamptz,
  check ((target_term_id is null) <> (target_ref is null)),
  check (target_term_id is distinct from source_id)
);
comment on column directory.term_relations.target_ref is 'A reference node <portalId>:<entityType>:<entityId> when the target is not a term.';
create unique index term_relations_key on directory.term_relations (source_id, type, coalesce(target_term_id::text, target_ref))
  where deleted_at is null;
create index term_relations_version_idx on directory.term_relations (version);
create index term_relations_target_idx on directory.term_relations (target_term_id);
grant select, insert, update on directory.term_relations to backbone_rw;

create table directory.content_term_links (
  content_key text not null check (content_key ~ '^[^:\s]+:[^:\s]+:\S+$'),
  term_id uuid not null references directory.terms (id) on delete cascade,
  portal_id text not null,
  detected_by text not null check (detected_by in ('dictionary', 'llm', 'manual')),
  confidence real check (confidence between 0 and 1),
  version bigint not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (content_key, term_id),
  check (portal_id = split_part(content_key, ':', 1))
);
comment on table directory.content_term_links is 'One row per (content key, term); a tombstone keeps the pair with deleted_at set.';
create index content_term_links_version_idx on directory.content_term_links (version, content_key, term_id);
create index content_term_links_term_idx on directory.content_term_links (term_id);
create index content_term_links_portal_idx on directory.content_term_links (portal_id, content_key);
grant select, insert, update on directory.content_term_links to backbone_rw;

create table directory.content_bodies (
  id uuid primary key default gen_random_uuid(),
  portal_id text not null,
  content_key text not null,
  title text,
  body text,
  content_type text not null,
  candidate_terms text[] not null default '{}',
  status text not null default 'queued' check (status in ('queued', 'done', 'failed')),
  result jsonb,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
comment on column directory.content_bodies.body is 'Held only until its job is done: content stays with its portal.';
create index content_bodies_queued_idx on directory.content_bodies (created_at) where status = 'queued';
grant select, insert, update on directory.content_bodies to backbone_rw;

-- Jobs leave in the same transaction as the work they describe; a relay moves them to Redis.
create table directory.outbox (
  id bigint generated always as identity primary key,
  stream text not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  done_at timestamptz
);
comment on table directory.outbox is
  'Jobs waiting for the relay (sent_at null) or for their worker (done_at null); the relay sends again what Redis lost.';
create index outbox_unsent_idx on directory.outbox (id) where sent_at is null;
create index outbox_undone_idx on directory.outbox (sent_at) where done_at is null;
grant select, insert, update, delete on directory.outbox to backbone_rw;

create view directory.term_view with (security_invoker = true) as
select t.id, t.notation_key, t.status, t.is_active, t.scope, t.version,
       json_build_object(
         'id', t.id, 'notation', t.notation, 'aliases', t.aliases, 'abbreviations', t.abbreviations,
         'definition', t.definition, 'scope', t.scope, 'status', t.status, 'isActive', t.is_active,
         'evidence', t.evidence, 'proposedBy', t.proposed_by, 'decidedBy', t.decided_by,
         'decidedAt', directory.iso_time(t.decided_at), 'version', t.version,
         'createdAt', directory.iso_time(t.created_at), 'updatedAt', directory.iso_time(t.updated_at)) as doc
from directory.terms t;
grant select on directory.term_view to backbone_rw;

create function directory.notify_outbox() returns trigger
language plpgsql as $$
begin
  perform pg_notify('backbone_outbox', 'directory');
  return null;
end
$$;
comment on function directory.notify_outbox() is 'Wakes the relays when jobs are committed (notifications are delivered on commit).';
create trigger outbox_notify after insert on directory.outbox for each statement execute function directory.notify_outbox();
