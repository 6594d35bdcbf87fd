-- A publication now streams its entries straight into COPY while the body is still arriving, and
-- what changed per user is no longer written at publication: the portal's previous snapshot keeps
-- its entries (only the latest and the one it replaced have entries), and the dashboard compares
-- the two when it shows a page of changes. Writing the changes and deleting the replaced entries
-- cost as much as the entries themselves. Changes recorded before this migration are dropped: the
-- latest snapshot of that time has no previous entries to compare with, so it shows no changes
-- until the portal publishes again.
alter table directory.authorization_snapshots
  add column previous_id uuid,
  add column changed_users int not null default 0;
comment on column directory.authorization_snapshots.previous_id is
  'The snapshot this publication replaced; its entries are kept while this one is the latest, for the changes view.';
comment on column directory.authorization_snapshots.changed_users is
  'Users whose assignments differ from the previous snapshot''s (absent counts as none), counted at publication.';
comment on table directory.authorization_snapshots is
  'Every accepted publication; the latest of a portal and the one it replaced keep their entries, older rows keep the history.';
drop table directory.authorization_changes;

-- The elements of a canonical assignments array as their canonical texts. Inside JSON strings every
-- `"` is escaped, so the raw text `,{"kind":` only ever separates elements: splitting needs no parse.
create function directory.assignment_elements(assignments text) returns text[]
  language sql immutable strict parallel safe as $$
  select coalesce(array_agg(case when i = 1 then part else '{"kind":' || part end order by i), '{}')
  from unnest(string_to_array(substr(assignments, 2, length(assignments) - 2), ',{"kind":')) with ordinality u(part, i)
  where assignments <> '[]'
$$;

-- The elements of canonical array `a` that `b` lacks, as a canonical array (JSON text).
create function directory.assignments_minus(a text, b text) returns text
  language sql immutable strict parallel safe as $$
  select '[' || coalesce(string_agg(e, ',' order by i), '') || ']'
  from unnest(directory.assignment_elements(a)) with ordinality x(e, i)
  where e <> all(directory.assignment_elements(b))
$$;

-- Per user, the assignments of snapshot `latest` against snapshot `previous` wherever they differ
-- (a user absent from one counts as holding nothing there), in user order. Two ordered probes of
-- the entries' primary key, so a page of changes reads about as many rows as it shows.
create function directory.snapshot_changes(latest uuid, previous uuid)
  returns table (user_id uuid, assignments text, previous_assignments text)
  language sql stable parallel safe as $$
  select n.user_id, n.assignments, coalesce(o.assignments, '[]')
  from directory.authorization_entries n
  left join directory.authorization_entries o on o.snapshot_id = previous and o.user_id = n.user_id
  where n.snapshot_id = latest and previous is not null and n.assignments <> coalesce(o.assignments, '[]')
  union all
  select o.user_id, '[]', o.assignments
  from directory.authorization_entries o
  where o.snapshot_id = previous and o.assignments <> '[]' and not exists (
    select 1 from directory.authorization_entries n where n.snapshot_id = latest and n.user_id = o.user_id)
$$;
