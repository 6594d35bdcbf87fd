-- name: try_lock_publication :one
-- Takes the portal's publication lock for this session, or answers false at once when another session holds it.
-- $1 portal id
select pg_try_advisory_lock(hashtextextended('authorization-snapshot:' || $1::text, 0)) as locked;

-- name: unlock_publication :exec
-- Gives the portal's publication lock back.
-- $1 portal id
select pg_advisory_unlock(hashtextextended('authorization-snapshot:' || $1::text, 0));

-- name: users_for_snapshot :many
-- The live users among the given ids, with the company each belongs to now. One primary-key probe per id (the
-- LIMIT keeps the planner from turning it into a join): for a batch of 2,000 among 100,000 users it chose a
-- full scan, twice as slow, 50 times per publication.
-- $1 user ids
select x.id, u.company_id
from unnest($1::uuid[]) x(id)
cross join lateral (
  select company_id from directory.users u where u.id = x.id and u.deleted_at is null limit 1
) u;

-- name: latest_snapshot :one
-- The portal's current latest snapshot, locked, and the one it replaced.
-- $1 portal id
select id, previous_id from directory.authorization_snapshots where portal_id = $1::text and is_latest for update;

-- name: copy_entries :copy
-- Streams a snapshot's entries in COPY text format: snapshot id, user id, company id, assignments JSON.
-- no parameters
copy directory.authorization_entries (snapshot_id, user_id, company_id, assignments) from stdin;

-- name: widen_work_mem :exec
-- Lets the rest of the transaction hash a whole snapshot in memory: with the default 4 MB, counting the changes
-- of 100,000 entries spilled 70 MB to disk and took three times as long.
-- no parameters
select set_config('work_mem', '128MB', true);

-- name: count_changes :one
-- How many users' assignments differ between two snapshots, a user absent from one holding nothing there: the
-- rows directory.snapshot_changes would list, counted by one hash join of the two snapshots' entries: probing
-- the key of a snapshot just written costs twice as much, grouping both snapshots by user three times.
-- $1 snapshot id, $2 previous snapshot id
select count(*)::int as n
from (select user_id, assignments from directory.authorization_entries where snapshot_id = $1::uuid) n
full join (select user_id, assignments from directory.authorization_entries where snapshot_id = $2::uuid) o
  using (user_id)
where coalesce(n.assignments, '[]') <> coalesce(o.assignments, '[]');

-- name: delete_entries :exec
-- Deletes a snapshot's entries once no view needs them (its row stays as history).
-- $1 snapshot id
delete from directory.authorization_entries where snapshot_id = $1::uuid;

-- name: demote_snapshot :exec
-- Clears the latest mark of a replaced snapshot.
-- $1 snapshot id
update directory.authorization_snapshots set is_latest = false where id = $1::uuid;

-- name: insert_latest_snapshot :one
-- Records a publication as its portal's latest (the previous latest already demoted) and trims the portal's
-- history to its 20 newest publications.
-- $1 snapshot id, $2 portal id, $3 source version, $4 user count, $5 assignment count, $6 previous snapshot id,
-- $7 users changed against it
with inserted as (
  insert into directory.authorization_snapshots
    (id, portal_id, source_version, user_count, assignment_count, previous_id, changed_users, is_latest)
  values ($1::uuid, $2::text, $3::text, $4::int, $5::int, $6::uuid, $7::int, true)
  returning collected_at
), trimmed as (
  delete from directory.authorization_snapshots
  where portal_id = $2::text and id not in (
    select id from directory.authorization_snapshots where portal_id = $2::text order by collected_at desc limit 19)
)
select collected_at from inserted;

-- name: portal_overview :many
-- Every portal that published or tried to: its latest snapshot, publication status, last successful
-- directory sync, and how many users in the snapshot still hold assignments though they are on leave,
-- retired, deactivated or deleted.
-- no parameters
with latest as (
  select * from directory.authorization_snapshots where is_latest
), publication as (
  select * from directory.sync_status where resource = 'authorization-snapshot'
)
select coalesce(s.portal_id, p.portal_id) as portal_id, s.id as snapshot_id, s.source_version, s.collected_at,
       s.user_count, s.assignment_count,
       p.state as publication_state, p.last_failure_at as publication_failed_at, p.error as publication_error,
       (select max(x.last_success_at) from directory.sync_status x
         where x.portal_id = coalesce(s.portal_id, p.portal_id) and x.resource <> 'authorization-snapshot') as last_sync_at,
       (select count(*) from directory.authorization_entries e join directory.users u on u.id = e.user_id
         where e.snapshot_id = s.id and e.assignments <> '[]'
           and (u.employment_status <> 'ACTIVE' or not u.is_active or u.deleted_at is not null))::int as drift_users,
       coalesce(s.changed_users, 0) as changed_users,
       (select coalesce(max(seq), 0) from directory.authorization_snapshots) as data_version
from latest s
full join publication p on p.portal_id = s.portal_id
order by 1;

-- name: portal_entries :one
-- One page of a portal's latest snapshot by user id, as a JSON array with each user's current state
-- and a drift flag; optionally only drifting users.
-- $1 portal id, $2 user id to continue after, $3 limit, $4 drift only
with page as (
  select e.user_id, row_number() over (order by e.user_id) as n, e.doc
  from (
    select e.user_id,
           json_build_object('userId', e.user_id, 'loginId', u.login_id, 'koreanName', u.korean_name,
             'englishName', u.english_name, 'employmentStatus', u.employment_status, 'isActive', u.is_active,
             'deleted', u.deleted_at is not null, 'companyId', e.company_id, 'assignments', e.assignments::json,
             'drift', e.assignments <> '[]'
                      and (u.employment_status <> 'ACTIVE' or not u.is_active or u.deleted_at is not null)) as doc
    from directory.authorization_snapshots s
    join directory.authorization_entries e on e.snapshot_id = s.id
    join directory.users u on u.id = e.user_id
    where s.portal_id = $1::text and s.is_latest
      and ($2::uuid is null or e.user_id > $2::uuid)
      and (not $4::bool or (e.assignments <> '[]'
           and (u.employment_status <> 'ACTIVE' or not u.is_active or u.deleted_at is not null)))
    order by e.user_id
    limit $3::int + 1
  ) e
)
select (select coalesce(max(seq), 0) from directory.authorization_snapshots) as data_version,
       coalesce((select json_agg(doc order by n) from page where n <= $3::int), '[]')::text as items,
       (select user_id from page where n = $3::int) as last_id,
       (select count(*) from page) > $3::int as more;

-- name: user_assignments :many
-- A user's entry in every portal's latest snapshot, with the snapshot's collection time and source version
-- (one primary-key probe per portal).
-- $1 user id
select s.portal_id, s.id as snapshot_id, s.source_version, s.collected_at, e.company_id, e.assignments::json as assignments
from directory.authorization_snapshots s
join directory.authorization_entries e on e.snapshot_id = s.id and e.user_id = $1::uuid
where s.is_latest
order by s.portal_id;

-- name: portal_changes :one
-- One page of what a portal's latest snapshot changed against its previous one, per user, as a JSON array.
-- $1 portal id, $2 user id to continue after, $3 limit
with page as (
  select c.user_id, row_number() over (order by c.user_id) as n, c.doc
  from (
    select c.user_id,
           json_build_object('userId', c.user_id, 'loginId', u.login_id, 'koreanName', u.korean_name,
             'englishName', u.english_name,
             'added', directory.assignments_minus(c.assignments, c.previous_assignments)::json,
             'removed', directory.assignments_minus(c.previous_assignments, c.assignments)::json) as doc
    from directory.authorization_snapshots s
    cross join directory.snapshot_changes(s.id, s.previous_id) c
    left join directory.users u on u.id = c.user_id
    where s.portal_id = $1::text and s.is_latest and ($2::uuid is null or c.user_id > $2::uuid)
    order by c.user_id
    limit $3::int + 1
  ) c
)
select (select coalesce(max(seq), 0) from directory.authorization_snapshots) as data_version,
       coalesce((select json_agg(doc order by n) from page where n <= $3::int), '[]')::text as items,
       (select user_id from page where n = $3::int) as last_id,
       (select count(*) from page) > $3::int as more;
