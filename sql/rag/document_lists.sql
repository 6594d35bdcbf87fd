-- name: list_documents_ordered :many
-- A page of documents as the caller sees them in a screen's chosen order (ties by id), optionally in one state.
-- $1 state (a status, 'unpublished' or 'hidden'; null: all), $2 order column (title or updatedAt), $3 descending,
-- $4 order key to continue after (null: first page), $5 id to continue after, $6 limit
with matching as (
  select id, portal_id, source_document_id, source_version, indexed_version, title, status, published,
         deleted_at is not null as hidden, security_level, chunk_count, error, error_code, updated_at,
         -- Microseconds in UTC as text: ordered as the times are, and exact as a cursor's key.
         case $2::text
           when 'title' then title
           else to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')
         end as order_key
  from rag.tb_ai_document_registry
  where ($1::text is null
         or ($1::text = 'hidden' and deleted_at is not null)
         or ($1::text = 'unpublished' and not published and deleted_at is null)
         or (status = $1::text and deleted_at is null))
)
select m.id, m.portal_id, m.source_document_id, m.source_version, m.indexed_version, m.title, m.status, m.published,
       m.hidden, m.security_level, m.chunk_count, m.error, m.error_code, m.updated_at, m.order_key
from matching m
where $5::uuid is null
   or ($3::bool and (m.order_key, m.id) < ($4::text, $5::uuid))
   or (not $3::bool and (m.order_key, m.id) > ($4::text, $5::uuid))
-- Descending: the first two keys order the rows; ascending: they are null and the last two do.
order by case when $3::bool then m.order_key end desc, case when $3::bool then m.id end desc, m.order_key, m.id
limit $6::int;

-- name: count_documents :one
-- How many documents the caller sees in one state (or in all), counting no further than a cap.
-- $1 state (as list_documents), $2 cap
select count(*)::int as total
from (
  select 1 from rag.tb_ai_document_registry
  where ($1::text is null
         or ($1::text = 'hidden' and deleted_at is not null)
         or ($1::text = 'unpublished' and not published and deleted_at is null)
         or (status = $1::text and deleted_at is null))
  limit $2::int
) c;
