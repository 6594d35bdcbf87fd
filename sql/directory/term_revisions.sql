-- name: supersede_pending_revisions :exec
-- Marks one proposer's pending revision of a term superseded (it proposes another, or takes its edit back).
-- $1 term id, $2 proposer
update directory.term_revisions set status = 'superseded', decided_at = now()
where term_id = $1::uuid and proposed_by = $2::text and status = 'pending';

-- name: insert_revision :one
-- Records a pending revision of a term.
-- $1 term id, $2 proposer, $3 changed fields, $4 the term's version it was based on
insert into directory.term_revisions (term_id, proposed_by, changes, base_version)
values ($1::uuid, $2::text, $3::jsonb, $4::bigint)
returning id;

-- name: get_revision :one
-- One revision with its wire record, locked for the rest of the transaction.
-- $1 revision id
select r.id, r.term_id, r.status, r.changes, v.doc
from directory.term_revisions r join directory.term_revision_view v on v.id = r.id
where r.id = $1::uuid
for update of r;

-- name: decide_revision :exec
-- Records an administrator's decision on a pending revision.
-- $1 revision id, $2 status, $3 decided by
update directory.term_revisions set status = $2::text, decided_by = $3::text, decided_at = now()
where id = $1::uuid and status = 'pending';

-- name: list_revisions :one
-- One page of revisions, oldest first, as a JSON array, optionally of one status and of one term, with the
-- glossary ledger's version.
-- $1 status, $2 term id, $3 sequence number to continue after, $4 limit
with page as (
  select v.seq, v.doc, row_number() over (order by v.seq) as n
  from (
    select seq, doc from directory.term_revision_view
    where ($1::text is null or status = $1::text)
      and ($2::uuid is null or term_id = $2::uuid)
      and ($3::bigint is null or seq > $3::bigint)
    order by seq
    limit $4::int + 1
  ) v
)
select (select version from directory.ledgers where name = 'glossary') as data_version,
       coalesce((select json_agg(doc order by n) from page where n <= $4::int), '[]')::text as items,
       (select seq from page where n = $4::int) as last_seq,
       (select count(*) from page) > $4::int as more;

-- name: pending_revision_count :one
-- How many revisions of a term wait for a decision.
-- $1 term id
select count(*)::int as pending from directory.term_revisions where term_id = $1::uuid and status = 'pending';
