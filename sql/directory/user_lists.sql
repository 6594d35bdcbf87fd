-- name: list_users_ordered :one
-- One page of live users in a console's chosen order (ties broken by id) as a JSON array, with the ledger version.
-- $1 company id, $2 department id, $3 only active, $4 lowercase LIKE pattern for q, $5 order column (name,
-- loginId or updatedAt), $6 descending, $7 order key to continue after, $8 id to continue after, $9 limit
with matching as (
  -- The order key from the table's own columns: the wire record is built for the page's rows only.
  select u.id,
         case $5::text
           when 'name' then coalesce(nullif(u.korean_name, ''), u.english_name)
           when 'loginId' then lower(u.login_id)
           else to_char(u.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')
         end as k
  from directory.users u
  where u.deleted_at is null
    and ($1::uuid is null or u.company_id = $1::uuid)
    and ($2::uuid is null or u.department_id = $2::uuid)
    and (not $3::bool or u.is_active)
    and ($4::text is null or u.search_text like $4::text)
),
page as (
  -- Descending: the first two keys order the rows and the last two tie; ascending: the first two are null.
  select m.id, m.k,
         row_number() over (
           order by case when $6::bool then m.k end desc, case when $6::bool then m.id end desc, m.k, m.id
         ) as n
  from matching m
  where $8::uuid is null
     or ($6::bool and (m.k, m.id) < ($7::text, $8::uuid))
     or (not $6::bool and (m.k, m.id) > ($7::text, $8::uuid))
  order by n
  limit $9::int + 1
)
select (select version from directory.ledgers where name = 'directory') as data_version,
       coalesce((select json_agg(v.doc order by p.n) from page p join directory.user_view v on v.id = p.id
                 where p.n <= $9::int), '[]')::text as items,
       (select k from page where n = $9::int) as last_key,
       (select id from page where n = $9::int) as last_id,
       (select count(*) from page) > $9::int as more;

-- name: count_users :one
-- How many live users match a list's filters, counting no further than a cap (the console shows "cap+").
-- $1 company id, $2 department id, $3 only active, $4 lowercase LIKE pattern for q, $5 cap
select count(*)::int as total
from (
  select 1 from directory.users u
  where u.deleted_at is null
    and ($1::uuid is null or u.company_id = $1::uuid)
    and ($2::uuid is null or u.department_id = $2::uuid)
    and (not $3::bool or u.is_active)
    and ($4::text is null or u.search_text like $4::text)
  limit $5::int
) c;
