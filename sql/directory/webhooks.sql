-- Statements on webhook subscriptions, their cursors, the changes they are owed and their delivery attempts.

-- name: insert_subscription :one
-- Registers a subscription for a portal.
-- $1 portal id, $2 url, $3 resources, $4 company id, $5 secret
insert into directory.webhook_subscriptions (portal_id, url, resources, company_id, secret)
values ($1::text, $2::text, $3::text[], $4::uuid, $5::text)
returning id, portal_id, url, resources, company_id, state, rotation_ends_at, consecutive_failures,
          failing_since, next_attempt_at, last_success_at, last_error, created_at, updated_at;

-- name: start_cursors :exec
-- Starts a subscription's cursors at its resources' current ledger versions: it is owed later changes only.
-- $1 subscription id, $2 resources
insert into directory.webhook_cursors (subscription_id, resource, delivered_through)
select $1::uuid, r, l.version
from unnest($2::text[]) r
join directory.ledgers l on l.name = case r when 'users' then 'directory' when 'departments' then 'directory'
                                            when 'user-groups' then 'groups' else 'glossary' end;

-- name: count_subscriptions :one
-- How many subscriptions a portal has (registration caps them).
-- $1 portal id
select count(*)::int as n from directory.webhook_subscriptions where portal_id = $1::text;

-- name: list_subscriptions :many
-- A portal's subscriptions, oldest first; with a null portal, every portal's (the console).
-- $1 portal id or null
select id, portal_id, url, resources, company_id, state, rotation_ends_at, consecutive_failures,
       failing_since, next_attempt_at, last_success_at, last_error, created_at, updated_at
from directory.webhook_subscriptions
where $1::text is null or portal_id = $1::text
order by created_at, id
limit 1000;

-- name: get_subscription :one
-- One subscription of a portal (none when another portal owns it).
-- $1 portal id, $2 subscription id
select id, portal_id, url, resources, company_id, state, rotation_ends_at, consecutive_failures,
       failing_since, next_attempt_at, last_success_at, last_error, created_at, updated_at
from directory.webhook_subscriptions
where portal_id = $1::text and id = $2::uuid;

-- name: set_subscription_state :one
-- Pauses or resumes a portal's subscription; resuming forgets the failures and makes it due at once.
-- $1 portal id, $2 subscription id, $3 state (active or paused)
update directory.webhook_subscriptions set
  state = $3::text,
  consecutive_failures = case when $3::text = 'active' then 0 else consecutive_failures end,
  failing_since = case when $3::text = 'active' then null else failing_since end,
  next_attempt_at = case when $3::text = 'active' then now() else next_attempt_at end,
  updated_at = now()
where portal_id = $1::text and id = $2::uuid
returning id, portal_id, url, resources, company_id, state, rotation_ends_at, consecutive_failures,
          failing_since, next_attempt_at, last_success_at, last_error, created_at, updated_at;

-- name: rotate_secret :one
-- Replaces a subscription's secret, keeping the old one valid (deliveries signed with both) until a time.
-- $1 portal id, $2 subscription id, $3 new secret, $4 the old secret's expiry
update directory.webhook_subscriptions set
  previous_secret = secret, rotation_ends_at = $4::timestamptz, secret = $3::text, updated_at = now()
where portal_id = $1::text and id = $2::uuid
returning id, portal_id, url, resources, company_id, state, rotation_ends_at, consecutive_failures,
          failing_since, next_attempt_at, last_success_at, last_error, created_at, updated_at;

-- name: delete_subscription :one
-- Deletes a portal's subscription with its cursors and attempts.
-- $1 portal id, $2 subscription id
delete from directory.webhook_subscriptions where portal_id = $1::text and id = $2::uuid returning id;

-- name: subscription_for_delivery :one
-- What a delivery needs of a subscription: where, what, its valid secrets and whether it is due.
-- $1 subscription id
select id, portal_id, url, company_id, state, secret,
       case when rotation_ends_at > now() then previous_secret end as previous_secret,
       next_attempt_at <= now() as due
from directory.webhook_subscriptions where id = $1::uuid;

-- name: pending_changes :many
-- Per resource of a subscription, the changes after its cursor: the range of at most about $2 changes (whole
-- versions) and the distinct ids in it that pass the company filter (rows without a company always pass).
-- $1 subscription id, $2 changes per range, $3 company filter or null
with bound as (
  select c.resource, c.delivered_through,
         (select max(v.data_version) from (
            select w.data_version from directory.webhook_changes w
            where w.resource = c.resource and w.data_version > c.delivered_through
            order by w.data_version limit $2::int) v) as through
  from directory.webhook_cursors c where c.subscription_id = $1::uuid
)
select b.resource, b.delivered_through as from_data_version, b.through as data_version,
       coalesce((select array_agg(distinct w.record_id order by w.record_id) from directory.webhook_changes w
                 where w.resource = b.resource and w.data_version > b.delivered_through
                   and w.data_version <= b.through
                   and ($3::uuid is null or w.company_id is null or w.company_id = $3::uuid)), '{}') as ids
from bound b where b.through is not null
order by b.resource;

-- name: advance_cursor :exec
-- Records that a resource's changes through a version were delivered (a cursor never moves back).
-- $1 subscription id, $2 resource, $3 version
update directory.webhook_cursors set delivered_through = greatest(delivered_through, $3::bigint)
where subscription_id = $1::uuid and resource = $2::text;

-- name: record_success :exec
-- Forgets a subscription's failures after a delivered batch.
-- $1 subscription id
update directory.webhook_subscriptions set
  consecutive_failures = 0, failing_since = null, last_success_at = now(), last_error = null, next_attempt_at = now()
where id = $1::uuid;

-- name: record_failure :one
-- Counts a failed attempt: the next waits 2^failures seconds (at most $3); failing for $4 seconds gives up (failing).
-- $1 subscription id, $2 error, $3 longest backoff in seconds, $4 give-up period in seconds
update directory.webhook_subscriptions set
  consecutive_failures = consecutive_failures + 1,
  failing_since = coalesce(failing_since, now()),
  last_error = left($2::text, 500),
  next_attempt_at = now() + make_interval(secs => least($3::int, power(2, least(consecutive_failures, 30)))),
  state = case when state = 'active' and coalesce(failing_since, now()) <= now() - make_interval(secs => $4::int)
               then 'failing' else state end,
  updated_at = now()
where id = $1::uuid
returning state, consecutive_failures;

-- name: insert_delivery :exec
-- Records one delivery attempt, keeping the newest 50 of the subscription.
-- $1 subscription id, $2 message id, $3 resource, $4 from version, $5 version, $6 id count, $7 status, $8 error, $9 ms
with kept as (
  select id from directory.webhook_deliveries where subscription_id = $1::uuid order by id desc limit 49
), added as (
  insert into directory.webhook_deliveries
    (subscription_id, message_id, resource, from_data_version, data_version, id_count, status, error, duration_ms)
  values ($1::uuid, $2::text, $3::text, $4::bigint, $5::bigint, $6::int, $7::int, left($8::text, 500), $9::int)
  returning id
)
delete from directory.webhook_deliveries d
where d.subscription_id = $1::uuid and d.id < (select coalesce(min(id), 0) from kept)
  and (select count(*) from kept) = 49;

-- name: recent_deliveries :many
-- The newest attempts of the given subscriptions, at most $2 each, newest first.
-- $1 subscription ids, $2 attempts per subscription
select d.subscription_id, d.message_id, d.resource, d.from_data_version, d.data_version, d.id_count, d.status,
       d.error, d.duration_ms, d.at
from unnest($1::uuid[]) s(id)
cross join lateral (
  select * from directory.webhook_deliveries w where w.subscription_id = s.id order by w.id desc limit $2::int
) d
order by d.subscription_id, d.id desc;

-- name: due_subscriptions :many
-- Active subscriptions past their backoff that are owed changes (the sweep wakes them), with their portals.
-- no parameters
select s.id, s.portal_id from directory.webhook_subscriptions s
where s.state = 'active' and s.next_attempt_at <= now()
  and exists (select 1 from directory.webhook_cursors c
              join directory.webhook_changes w on w.resource = c.resource and w.data_version > c.delivered_through
              where c.subscription_id = s.id);

-- name: purge_delivered_changes :exec
-- Forgets changes every subscription of their resource is past (all of them when none covers it), and changes written
-- more than $1 seconds ago whatever the cursors: a subscription left paused or failing would otherwise keep every
-- later change. A cursor behind forgotten changes moves past them, so its next delivery starts after the gap (its
-- fromDataVersion does not join the receiver's last dataVersion) instead of naming versions without their ids.
-- Per resource an index range, so the sweep's cost follows what it deletes, not the table's size.
-- $1 retention in seconds
with expired as (
  select r.resource,
         (select max(w.data_version) from directory.webhook_changes w
          where w.resource = r.resource and w.recorded_at < now() - make_interval(secs => $1::int)) as through
  from unnest(array['users', 'departments', 'user-groups', 'glossary-terms', 'content-term-links']) r(resource)
), skipped as (
  update directory.webhook_cursors c set delivered_through = e.through
  from expired e
  where c.resource = e.resource and e.through is not null and c.delivered_through < e.through
  returning c.subscription_id
), horizon as (
  select e.resource,
         greatest(coalesce((select min(c.delivered_through) from directory.webhook_cursors c
                            where c.resource = e.resource), 9223372036854775807),
                  coalesce(e.through, 0)) as through
  from expired e
)
delete from directory.webhook_changes w using horizon h
where w.resource = h.resource and w.data_version <= h.through;

-- name: enqueue_delivery :exec
-- Wakes a subscription's delivery through the outbox (a resumed subscription catches up at once).
-- $1 subscription id
insert into directory.outbox (stream, payload)
select 'directory:webhook-delivery', jsonb_build_object('jobId', gen_random_uuid(), 'subscriptionId', id, 'portalId', portal_id)
from directory.webhook_subscriptions where id = $1::uuid;
