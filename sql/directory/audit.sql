-- name: insert_audit :exec
-- Appends one audit entry.
-- $1 actor kind, $2 actor id, $3 actor label, $4 action, $5 outcome, $6 target type, $7 target id, $8 request id, $9 details
insert into directory.audit_log (actor_kind, actor_id, actor_label, action, outcome, target_type, target_id, request_id, details)
values ($1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::jsonb);

-- name: insert_audit_batch :exec
-- Appends many audit entries of one actor at once (for example, status moves of an import).
-- $1 actor kind, $2 actor id, $3 actor label, $4 request id, $5 jsonb array of {action, targetType, targetId, details}
insert into directory.audit_log (actor_kind, actor_id, actor_label, action, target_type, target_id, request_id, details)
select $1::text, $2::text, $3::text, e.action, e.target_type, e.target_id, $4::text, coalesce(e.details, '{}')
from jsonb_to_recordset($5::jsonb) as e(action text, target_type text, target_id text, details jsonb);

-- name: list_audit :one
-- One page of audit entries newest first as a JSON array, optionally for one target or action prefix,
-- with the newest entry id as the log's data version.
-- $1 id to continue below (null for the first page), $2 target type, $3 target id, $4 action prefix, $5 limit
with page as (
  select a.id, row_number() over (order by a.id desc) as n,
         json_build_object('id', a.id, 'at', directory.iso_time(a.at), 'actorKind', a.actor_kind,
           'actorId', a.actor_id, 'actorLabel', a.actor_label, 'action', a.action, 'outcome', a.outcome,
           'targetType', a.target_type, 'targetId', a.target_id, 'requestId', a.request_id,
           'details', a.details) as doc
  from (
    select * from directory.audit_log
    where ($1::bigint is null or id < $1::bigint)
      and ($2::text is null or target_type = $2::text)
      and ($3::text is null or target_id = $3::text)
      and ($4::text is null or action like $4::text || '%')
    order by id desc
    limit $5::int + 1
  ) a
)
select (select coalesce(max(id), 0) from directory.audit_log) as data_version,
       coalesce((select json_agg(doc order by n) from page where n <= $5::int), '[]')::text as items,
       (select id from page where n = $5::int) as last_id,
       (select count(*) from page) > $5::int as more;

-- name: count_audit :one
-- How many audit entries match a list's filters, counting no further than a cap (the log only grows: an
-- uncapped count would read the whole of it each time the console opens the screen).
-- $1 target type, $2 target id, $3 action prefix, $4 cap
select count(*)::int as total
from (
  select 1 from directory.audit_log
  where ($1::text is null or target_type = $1::text)
    and ($2::text is null or target_id = $2::text)
    and ($3::text is null or action like $3::text || '%')
  limit $4::int
) c;
