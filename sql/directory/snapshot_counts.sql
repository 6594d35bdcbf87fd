-- name: count_portal_entries :one
-- How many entries a portal's latest snapshot holds (as portal_entries), optionally only drifting users, counting
-- no further than a cap.
-- $1 portal id, $2 drift only, $3 cap
select count(*)::int as total
from (
  select 1
  from directory.authorization_snapshots s
  join directory.authorization_entries e on e.snapshot_id = s.id
  join directory.users u on u.id = e.user_id
  where s.portal_id = $1::text and s.is_latest
    and (not $2::bool or (e.assignments <> '[]'
         and (u.employment_status <> 'ACTIVE' or not u.is_active or u.deleted_at is not null)))
  limit $3::int
) c;

-- name: count_portal_changes :one
-- How many users a portal's latest snapshot changed against its previous one (as portal_changes), counting no
-- further than a cap.
-- $1 portal id, $2 cap
select count(*)::int as total
from (
  select 1
  from directory.authorization_snapshots s
  cross join directory.snapshot_changes(s.id, s.previous_id) c
  where s.portal_id = $1::text and s.is_latest
  limit $2::int
) c;
