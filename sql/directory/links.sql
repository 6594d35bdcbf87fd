-- name: existing_links :many
-- The stored state of the given (content key, term) pairs.
-- $1 content keys, $2 term ids (parallel arrays)
select l.content_key, l.term_id, l.detected_by, l.confidence, l.deleted_at is not null as deleted
from directory.content_term_links l
join unnest($1::text[], $2::uuid[]) as k(content_key, term_id)
  on l.content_key = k.content_key and l.term_id = k.term_id;

-- name: term_states :many
-- Status and active flag of the given terms.
-- $1 term ids
select id, status, is_active from directory.terms where id = any($1::uuid[]);

-- name: upsert_links :exec
-- Writes links live at a version from a JSON array of {contentKey, termId, detectedBy, confidence}.
-- $1 links, $2 version
insert into directory.content_term_links as l (content_key, term_id, portal_id, detected_by, confidence, version)
select k."contentKey", k."termId", split_part(k."contentKey", ':', 1), k."detectedBy", k.confidence, $2::bigint
from jsonb_to_recordset($1::jsonb) as k("contentKey" text, "termId" uuid, "detectedBy" text, confidence real)
on conflict (content_key, term_id) do update set detected_by = excluded.detected_by, confidence = excluded.confidence,
  version = excluded.version, updated_at = now(), deleted_at = null;

-- name: tombstone_links :one
-- Soft-deletes a portal's live links selected by content key and/or term; returns how many.
-- $1 portal id, $2 content key, $3 term id, $4 version
with gone as (
  update directory.content_term_links set deleted_at = now(), version = $4::bigint, updated_at = now()
  where portal_id = $1::text and deleted_at is null
    and ($2::text is null or content_key = $2::text)
    and ($3::uuid is null or term_id = $3::uuid)
  returning 1
)
select count(*)::int as tombstoned from gone;

-- name: tombstone_dictionary_links :one
-- Soft-deletes a content's live dictionary links to terms not in the given set; manual and llm links stay.
-- $1 content key, $2 term ids still found, $3 version
with gone as (
  update directory.content_term_links set deleted_at = now(), version = $3::bigint, updated_at = now()
  where content_key = $1::text and detected_by = 'dictionary' and deleted_at is null and term_id <> all($2::uuid[])
  returning 1
)
select count(*)::int as tombstoned from gone;

-- name: list_links :one
-- One page of links in (version, content key, term) order as a JSON array, with the glossary ledger's version.
-- $1 content key, $2 portal id, $3 term id, $4 since version, $5 include deleted, $6 include term,
-- $7 version to continue after, $8 content key to continue after, $9 term id to continue after, $10 limit
with page as (
  select l.version, l.content_key, l.term_id, row_number() over (order by l.version, l.content_key, l.term_id) as n,
         json_build_object('contentKey', l.content_key, 'termId', l.term_id, 'portalId', l.portal_id,
           'detectedBy', l.detected_by, 'confidence', l.confidence, 'deleted', l.deleted_at is not null,
           'deletedAt', directory.iso_time(l.deleted_at), 'version', l.version,
           'createdAt', directory.iso_time(l.created_at), 'updatedAt', directory.iso_time(l.updated_at)) as link,
         case when $6::bool then json_build_object('notation', t.notation, 'definition', t.definition) end as term
  from (
    select * from directory.content_term_links
    where ($1::text is null or content_key = $1::text)
      and ($2::text is null or portal_id = $2::text)
      and ($3::uuid is null or term_id = $3::uuid)
      and version > $4::bigint
      and ($5::bool or deleted_at is null)
      and ($7::bigint is null or (version, content_key, term_id) > ($7::bigint, $8::text, $9::uuid))
    order by version, content_key, term_id
    limit $10::int + 1
  ) l
  left join directory.terms t on $6::bool and t.id = l.term_id
)
select (select version from directory.ledgers where name = 'glossary') as data_version,
       coalesce((select json_agg(case when term is null then link::jsonb else link::jsonb || jsonb_build_object('term', term) end
                                 order by n) from page where n <= $10::int), '[]')::text as items,
       (select version from page where n = $10::int) as last_version,
       (select content_key from page where n = $10::int) as last_content_key,
       (select term_id from page where n = $10::int) as last_term_id,
       (select count(*) from page) > $10::int as more;

-- name: insert_content_body :one
-- Queues a content body for the term-linking worker, with its outbox entry in the same statement.
-- $1 portal id, $2 content key, $3 title, $4 body, $5 content type, $6 candidate terms, $7 stream
with job as (
  insert into directory.content_bodies (portal_id, content_key, title, body, content_type, candidate_terms)
  values ($1::text, $2::text, $3::text, $4::text, $5::text, $6::text[])
  returning id
), queued as (
  insert into directory.outbox (stream, payload)
  select $7::text, jsonb_build_object('jobId', job.id) from job
  returning id
)
select job.id, (select id from queued) as outbox_id from job;

-- name: get_content_body :one
-- A queued content body and its state, locked for the rest of the transaction.
-- $1 job id
select id, portal_id, content_key, title, body, content_type, candidate_terms, status, result
from directory.content_bodies where id = $1::uuid for update;

-- name: finish_content_body :exec
-- Marks a job done with its result and drops the body: content stays with its portal.
-- $1 job id, $2 result
update directory.content_bodies set status = 'done', result = $2::jsonb, body = null, finished_at = now(), error = null
where id = $1::uuid;

-- name: fail_content_body :exec
-- Marks a job the worker gave up on (dead letter) failed with its error and drops the body; a finished job stays.
-- $1 job id, $2 error
update directory.content_bodies set status = 'failed', error = $2::text, body = null, finished_at = now()
where id = $1::uuid and status = 'queued';

-- name: content_body_status :one
-- A job's state for its portal.
-- $1 job id
select id, portal_id, content_key, status, result, error, created_at, finished_at from directory.content_bodies where id = $1::uuid;

-- name: dictionary_links_of_content :many
-- The terms a content is linked to live by dictionary matching.
-- $1 content key
select term_id from directory.content_term_links
where content_key = $1::text and detected_by = 'dictionary' and deleted_at is null;
