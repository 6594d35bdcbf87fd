-- Search statistics kept at ingestion (issue 17), so the lexical legs of a search need not read every chunk that
-- holds a question term to learn how common the term is among the chunks the caller may see.
--
-- Which chunks a caller may see is decided by a chunk's tenant, level and organizations (and `visible`, which
-- searches require): every visible chunk with the same tenant, level and set of organizations is seen by the same
-- callers. Such a set is a visibility class (tb_search_classes: how many visible chunks, their total lexeme count),
-- and tb_search_terms counts, per class, the visible chunks holding each word lexeme ('w') or character bigram
-- ('b'). A caller's statistics are sums over the classes it may see, read under the same conditions as the chunks:
-- the classes' read policy is the chunks' (without the administrators' reach to hidden chunks, which are not
-- counted), and a term row is readable when its class is. So no count includes a chunk the caller may not see.
--
-- Statement-level triggers on the chunk table keep both tables exact in the writer's transaction: a chunk counts
-- +1 when it is written visible and -1 when it is deleted or stops being visible (an update is its old row out and
-- its new row in). Rows are upserted in key order, so concurrent writers lock them in one order. Writers are the
-- chunks' writers (the system role, a tenant's administrator), under the chunks' write policies.

create function rag.search_class_orgs(uuid[]) returns uuid[] language sql immutable strict parallel safe as
  $$ select array(select distinct o from unnest($1) o where o is not null order by o) $$;
comment on function rag.search_class_orgs(uuid[]) is 'A chunk''s organizations as a set: sorted, without duplicates.';

create table rag.tb_search_classes (
  id bigint generated always as identity primary key,
  tenant_id uuid not null,
  security_level smallint not null,
  organization_ids uuid[] not null,
  chunks bigint not null default 0,
  lexemes bigint not null default 0,
  unique (tenant_id, security_level, organization_ids)
);
comment on table rag.tb_search_classes is
  'Visible chunks by tenant, level and organization set, with their total lexeme count (BM25''s N and mean length).';

create table rag.tb_search_terms (
  class_id bigint not null references rag.tb_search_classes (id) on delete cascade,
  tenant_id uuid not null,
  kind "char" not null check (kind in ('w', 'b')),
  term text not null,
  chunks int not null,
  primary key (class_id, kind, term)
);
comment on table rag.tb_search_terms is
  'Visible chunks of a class holding a word lexeme (w) or bigram (b): the class''s share of a document frequency.';

create function rag.search_stats_add(changed rag.tb_doc_chunk_vector[], sign int) returns void language plpgsql as $$
begin
  if coalesce(cardinality(changed), 0) = 0 then
    return;
  end if;
  insert into rag.tb_search_classes as c (tenant_id, security_level, organization_ids, chunks, lexemes)
  select r.tenant_id, r.security_level, rag.search_class_orgs(r.organization_ids), sign * count(*),
         sign * sum(r.lexeme_count)
  from unnest(changed) r
  group by 1, 2, 3
  order by 1, 2, 3
  on conflict (tenant_id, security_level, organization_ids)
  do update set chunks = c.chunks + excluded.chunks, lexemes = c.lexemes + excluded.lexemes;

  insert into rag.tb_search_terms as t (class_id, tenant_id, kind, term, chunks)
  select c.id, c.tenant_id, x.kind, x.term, sign * count(*)
  from unnest(changed) r
  join rag.tb_search_classes c on c.tenant_id = r.tenant_id and c.security_level = r.security_level
    and c.organization_ids = rag.search_class_orgs(r.organization_ids)
  cross join lateral (
    select 'w'::"char", unnest(tsvector_to_array(r.lexemes))
    union all select 'b'::"char", unnest(tsvector_to_array(r.bigrams))
  ) x(kind, term)
  group by 1, 2, 3, 4
  order by 1, 3, 4
  on conflict (class_id, kind, term) do update set chunks = t.chunks + excluded.chunks;
end
$$;

create function rag.search_stats_apply() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform rag.search_stats_add(array(select row(o.*)::rag.tb_doc_chunk_vector from old_rows o where o.visible order by o.id), -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform rag.search_stats_add(array(select row(n.*)::rag.tb_doc_chunk_vector from new_rows n where n.visible order by n.id), 1);
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
begin
  execute 'alter table rag.tb_doc_chunk_vector no force row level security';
  for lo in select g from generate_series(0, (select coalesce(max(id), 0) from rag.tb_doc_chunk_vector), 5000) g loop
    perform rag.search_stats_add(
      array(select c from rag.tb_doc_chunk_vector c where c.id >= lo and c.id < lo + 5000 and c.visible order by c.id), 1);
  end loop;
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
create policy search_classes_update on rag.tb_search_classes for update
  using ((select rag.app_current_is_system())
         or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())))
  with check ((select rag.app_current_is_system())
              or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())));
grant select, insert, update on rag.tb_search_classes to backbone_rw;

alter table rag.tb_search_terms enable row level security;
alter table rag.tb_search_terms force row level security;
create policy search_terms_read on rag.tb_search_terms for select using (
  (select rag.app_current_is_system()) or exists (select 1 from rag.tb_search_classes c where c.id = class_id));
create policy search_terms_insert on rag.tb_search_terms for insert with check (
  (select rag.app_current_is_system())
  or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())));
create policy search_terms_update on rag.tb_search_terms for update
  using ((select rag.app_current_is_system())
         or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())))
  with check ((select rag.app_current_is_system())
              or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())));
grant select, insert, update on rag.tb_search_terms to backbone_rw;
