-- Statements on an outbox table; `outbox_table` is replaced by an allow-listed name (sql/jobs/outbox.ts).

-- name: take_unsent :many
-- Marks up to a number of unsent jobs as sent and returns them; several relays never take the same row.
-- $1 how many
update outbox_table o set sent_at = now()
where o.id in (select id from outbox_table where sent_at is null order by id limit $1::int for update skip locked)
returning o.id, o.stream, o.payload;

-- name: unsend_unfinished :one
-- Puts back for sending every job not done that was sent before a time (Redis lost it, or it is overdue).
-- $1 sent before
with again as (
  update outbox_table set sent_at = null where done_at is null and sent_at < $1::timestamptz returning 1
)
select count(*)::int as requeued from again;

-- name: mark_done :exec
-- Records that a job's durable effect is committed (called in the job's own transaction).
-- $1 outbox id
update outbox_table set done_at = now() where id = $1::bigint and done_at is null;

-- name: purge_done :exec
-- Forgets jobs done more than a day ago.
-- no parameters
delete from outbox_table where done_at < now() - interval '1 day';

-- name: backlog :one
-- How many jobs wait for the relay and for their workers.
-- no parameters
select count(*) filter (where sent_at is null)::int as unsent, count(*) filter (where done_at is null)::int as unfinished
from outbox_table;
