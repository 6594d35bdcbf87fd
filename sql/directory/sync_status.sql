-- name: record_sync :one
-- Applies a portal's sync report: timestamps only move forward, and the state follows the latest outcome.
-- $1 portal id, $2 resource, $3 success, $4 occurred at, $5 data version, $6 error
insert into directory.sync_status as s (portal_id, resource, state, last_success_at, last_failure_at, error, data_version)
values ($1::text, $2::text,
        case when $3::bool then 'HEALTHY' else 'FAILED' end,
        case when $3::bool then $4::timestamptz end,
        case when $3::bool then null else $4::timestamptz end,
        case when $3::bool then null else $6::text end,
        $5::bigint)
on conflict (portal_id, resource) do update set
  last_success_at = case when $3::bool then greatest(s.last_success_at, $4::timestamptz) else s.last_success_at end,
  last_failure_at = case when $3::bool then s.last_failure_at else greatest(s.last_failure_at, $4::timestamptz) end,
  error = case when $3::bool then s.error else $6::text end,
  data_version = coalesce($5::bigint, s.data_version),
  state = case
    when (case when $3::bool then greatest(s.last_success_at, $4::timestamptz) else s.last_success_at end)
         >= coalesce(case when $3::bool then s.last_failure_at else greatest(s.last_failure_at, $4::timestamptz) end,
                     '-infinity')
    then 'HEALTHY' else 'FAILED' end,
  updated_at = now()
returning portal_id, resource, state, last_success_at, last_failure_at, error, data_version, updated_at;

-- name: list_sync_status :many
-- Every recorded sync status.
-- no parameters
select portal_id, resource, state, last_success_at, last_failure_at, error, data_version, updated_at
from directory.sync_status order by portal_id, resource;

-- name: mark_stale :many
-- Marks healthy records whose last success is older than the threshold as STALE.
-- $1 threshold in seconds
update directory.sync_status set state = 'STALE', updated_at = now()
where state = 'HEALTHY' and last_success_at < now() - make_interval(secs => $1::int)
returning portal_id, resource, last_success_at;

-- name: record_credential_failure :exec
-- Counts a credential failure attributable to a portal.
-- $1 portal id, $2 reason
insert into directory.portal_credential_failures as f (portal_id, failures, last_at, last_reason)
values ($1::text, 1, now(), $2::text)
on conflict (portal_id) do update set failures = f.failures + 1, last_at = now(), last_reason = $2::text;

-- name: list_credential_failures :many
-- Credential failures per portal.
-- no parameters
select portal_id, failures, last_at, last_reason from directory.portal_credential_failures order by portal_id;
