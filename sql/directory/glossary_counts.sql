-- name: count_terms :one
-- How many terms match the terms list's filters (as list_terms), counting no further than a cap.
-- $1 status, $2 lowercase LIKE pattern on the notation key, $3 cap
select count(*)::int as total
from (
  select 1 from directory.term_view
  where ($1::text is null or status = $1::text)
    and ($2::text is null or notation_key like $2::text)
  limit $3::int
) c;

-- name: count_revisions :one
-- How many revisions match the revisions list's filters (as list_revisions), counting no further than a cap.
-- $1 status, $2 term id, $3 cap
select count(*)::int as total
from (
  select 1 from directory.term_revision_view
  where ($1::text is null or status = $1::text)
    and ($2::uuid is null or term_id = $2::uuid)
  limit $3::int
) c;

-- name: count_links :one
-- How many links match the links list's filters (as list_links), counting no further than a cap.
-- $1 content key, $2 portal id, $3 term id, $4 since version, $5 include deleted, $6 cap
select count(*)::int as total
from (
  select 1 from directory.content_term_links
  where ($1::text is null or content_key = $1::text)
    and ($2::text is null or portal_id = $2::text)
    and ($3::uuid is null or term_id = $3::uuid)
    and version > $4::bigint
    and ($5::bool or deleted_at is null)
  limit $6::int
) c;
