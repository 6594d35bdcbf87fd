-- Search statistics kept at ingestion (issue 17), so the lexical legs of a search need not read every chunk that
-- holds a question term to learn how common the term is among the chunks the caller may see.
--
-- Which chunks a caller may see is decided by a chunk's tenant, level and organizations (and `visible`, which
-- searches require): every visible chunk with the same tenant, level and set of organizations is seen by the same
-- callers. Such a set is a visibility class (tb_search_classes), and tb_search_terms counts, per class, the visible
-- chunks holding each word lexeme ('w') or character bigram ('b'), and all of them with their lexeme count ('n':
-- BM25's N and mean length). A caller's statistics are sums over the classes it may see, read under the same
-- conditions as the chunks: the classes' read policy is the chunks' (without the administrators' reach to hidden
-- chunks, which are not counted), and a count is readable when its class is. So no count includes a chunk the
-- caller may not see.
--
-- Statement-level triggers on the chunk table keep the counts exact in the writer's transaction: a chunk counts +1
-- when it is written visible and -1 when it is deleted or stops being visible (an update is its old row out and its
-- new row in). Writers only append, to tb_search_term_deltas, and never update a shared row: an upsert of the common
-- terms' rows serialised concurrent ingestion (measured: eval-ko ingestion fell from 132 to 14 documents/s, 8
-- workers waiting on each other's row locks). The `search-stats` task folds the deltas into tb_search_terms every
-- few seconds (rag.search_stats_compact, which only the system role may run); readers sum both tables, so a count
-- is exact before and after a fold. Writers are the chunks' writers (the system role, a tenant's administrator).

create function rag.search_class_orgs(uuid[]) returns uuid[] language sql immutable strict parallel safe as
  $$ select array(select distinct o from unnest($1) o where o is not null order by o) $$;
comment on function rag.search_class_orgs(uuid[]) is 'A chunk''s organizations as a set: sorted, without duplicates.';

create table rag.tb_search_classes (
  id bigint generated always as identity primary key,
  tenant_id uuid not null,
  security_level smallint not null,
  organization_ids uuid[] not null,
  unique (tenant_id, security_level, organization_ids)
);
comment on table rag.tb_search_classes is 'Visibility classes: the visible chunks of one tenant, level and organization set.';

create table rag.tb_search_terms (
  class_id bigint not null references rag.tb_search_classes (id) on delete cascade,
  tenant_id uuid not null,
  kind "char" not null check (kind in ('w', 'b', 'n')),
  term text not null,
  chunks bigint not null,
  lexemes bigint not null default 0,
  primary key (class_id, kind, term)
);
comment on table rag.tb_search_terms is
  'Visible chunks of a class holding a word lexeme (w) or bigram (b), or all of them (n); lexemes: those chunks'' lexemes (w, n).';

create table rag.tb_search_term_deltas (
  class_id bigint not null references rag.tb_search_classes (id) on delete cascade,
  tenant_id uuid not null,
  kind "char" not null check (kind in ('w', 'b', 'n')),
  term text not null,
  chunks bigint not null,
  lexemes bigint not null default 0
);
create index tb_search_term_deltas_term_idx on rag.tb_search_term_deltas (class_id, kind, term);
comment on table rag.tb_search_term_deltas is 'Counts written since the last fold into tb_search_terms (append only).';

-- The two statements that count the visible rows of `source` (a trigger's transition table, or a slice of the chunk
-- table) with `sign`: the classes first (a class another writer is inserting is waited for), then the deltas, in a
-- statement of its own so it sees that class. The trigger runs them on its transition tables by name, which only
-- dynamic SQL in the trigger's own function can do; copying the rows into an array cost their embeddings.
create function rag.search_stats_statements(source text, sign int) returns text[] language sql immutable as $$
  select array[
    format($s$
      insert into rag.tb_search_classes (tenant_id, security_level, organization_ids)
      select distinct r.tenant_id, r.security_level, rag.search_class_orgs(r.organization_ids)
      from %s r
      where r.visible
      order by 1, 2, 3
      on conflict do nothing $s$, source),
    format($s$
      insert into rag.tb_search_term_deltas (class_id, tenant_id, kind, term, chunks, lexemes)
      select c.id, c.tenant_id, x.kind, x.term, %s * count(*), %s * sum(x.lexemes)
      from %s r
      join rag.tb_search_classes c on c.tenant_id = r.tenant_id and c.security_level = r.security_level
        and c.organization_ids = rag.search_class_orgs(r.organization_ids)
      cross join lateral (
        select 'w'::"char", w, r.lexeme_count from unnest(tsvector_to_array(r.lexemes)) w
        union all select 'b'::"char", b, 0 from unnest(tsvector_to_array(r.bigrams)) b
        union all select 'n'::"char", '', r.lexeme_count
      ) x(kind, term, lexemes)
      where r.visible
      group by 1, 2, 3, 4 $s$, sign, sign, source)
  ]
$$;

-- Folds the deltas this statement sees into tb_search_terms and returns how many it folded; deltas appended
-- meanwhile stay for the next fold. Only the system role may empty the deltas (their delete policy).
create function rag.search_stats_compact() returns bigint language sql as $$
  with moved as (
    delete from rag.tb_search_term_deltas returning class_id, tenant_id, kind, term, chunks, lexemes
  ), folded as (
    insert into rag.tb_search_terms as t (class_id, tenant_id, kind, term, chunks, lexemes)
    select class_id, tenant_id, kind, term, sum(chunks), sum(lexemes)
    from moved
    group by 1, 2, 3, 4
    order by 1, 3, 4
    on conflict (class_id, kind, term)
    do update set chunks = t.chunks + excluded.chunks, lexemes = t.lexemes + excluded.lexemes
  )
  select count(*) from moved
$$;

create function rag.search_stats_apply() returns trigger language plpgsql as $$
declare
  statement text;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    foreach statement in array rag.search_stats_statements('old_rows', -1) loop
      execute statement;
    end loop;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    foreach statement in array rag.search_stats_statements('new_rows', 1) loop
      execute statement;
    end loop;
  end if;
  return null;
end
$$;

create trigger tb_doc_chunk_vector_stats_insert after insert on rag.tb_doc_chunk_vector
  referencing new table as new_rows for each statement execute function rag.search_stats_apply();
create trigger tb_doc_chunk_vector_stats_update after update on rag.tb_doc_chunk_vector
  referencing old table as old_rows new table as new_rows for each statement execute function rag.search_stats_apply();
create trigger tb_doc_chunk_vector_stats_delete after delete on rag.tb_doc_chunk_vector
  referencing old table as old_rows for each statement execute function rag.search_stats_apply();

-- The chunks already stored, counted a slice of ids at a time (the owner reads them without their policy here).
do $$
declare
  forced boolean := (select relforcerowsecurity from pg_class where oid = 'rag.tb_doc_chunk_vector'::regclass);
  lo bigint;
  statement text;
begin
  execute 'alter table rag.tb_doc_chunk_vector no force row level security';
  for lo in select g from generate_series(0, (select coalesce(max(id), 0) from rag.tb_doc_chunk_vector), 5000) g loop
    foreach statement in array rag.search_stats_statements(
      format('(select * from rag.tb_doc_chunk_vector where id >= %s and id < %s)', lo, lo + 5000), 1) loop
      execute statement;
    end loop;
  end loop;
  perform rag.search_stats_compact();
  if forced then
    execute 'alter table rag.tb_doc_chunk_vector force row level security';
  end if;
end
$$;

alter table rag.tb_search_classes enable row level security;
alter table rag.tb_search_classes force row level security;
create policy search_classes_read on rag.tb_search_classes for select using (
  (select rag.app_current_is_system()) or (
    tenant_id = (select rag.app_current_tenant())
    and security_level <= (select rag.app_current_clearance())
    and ((select rag.app_current_is_admin()) or organization_ids && (select rag.app_visible_orgs()))));
create policy search_classes_insert on rag.tb_search_classes for insert with check (
  (select rag.app_current_is_system())
  or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())));
grant select, insert on rag.tb_search_classes to backbone_rw;

-- A count is readable when its class is; only the fold (system role) writes tb_search_terms and empties the deltas.
alter table rag.tb_search_terms enable row level security;
alter table rag.tb_search_terms force row level security;
create policy search_terms_read on rag.tb_search_terms for select using (
  (select rag.app_current_is_system()) or exists (select 1 from rag.tb_search_classes c where c.id = class_id));
create policy search_terms_insert on rag.tb_search_terms for insert with check ((select rag.app_current_is_system()));
create policy search_terms_update on rag.tb_search_terms for update
  using ((select rag.app_current_is_system())) with check ((select rag.app_current_is_system()));
grant select, insert, update on rag.tb_search_terms to backbone_rw;

alter table rag.tb_search_term_deltas enable row level security;
alter table rag.tb_search_term_deltas force row level security;
create policy search_term_deltas_read on rag.tb_search_term_deltas for select using (
  (select rag.app_current_is_system()) or exists (select 1 from rag.tb_search_classes c where c.id = class_id));
create policy search_term_deltas_insert on rag.tb_search_term_deltas for insert with check (
  (select rag.app_current_is_system())
  or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())));
create policy search_term_deltas_delete on rag.tb_search_term_deltas for delete
  using ((select rag.app_current_is_system()));
grant select, insert, delete on rag.tb_search_term_deltas to backbone_rw;
