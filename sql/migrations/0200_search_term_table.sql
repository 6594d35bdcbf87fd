-- The lexical legs' own narrow table (issue 17). A search's text and bigram legs read, for each candidate chunk,
-- its visibility columns and one tsvector; in the chunk table those tsvectors sit out of line in TOAST beside the
-- 4 KB embedding and the content, so each candidate cost a TOAST index lookup and several TOAST pages: at 100,000
-- chunks a company-wide question's bigram leg read about 15,000 buffers for 3,000 candidates (bench/RESULTS.md).
-- Here a chunk's row holds only what the legs read, the tsvectors uncompressed in the row itself (storage main,
-- and toast_tuple_target at its maximum so no row under a page is compressed or moved out of line): one page or
-- less a candidate. Measured on a copy of that corpus: the bigram leg 23 -> 12 ms, of which ts_rank is 7.5 ms. The
-- rows take 760 MB for 100,000 chunks; compressed (lz4, rows kept in line) 481 MB, but a company-wide question's
-- text leg then read its candidates in 16 ms instead of 7, 7 buffers a candidate instead of 1.
--
-- Rows follow the chunks: statement-level triggers copy inserted chunks and carry updates (publication, a hide,
-- new organizations) in the writer's transaction; a chunk's delete cascades. The policies are the chunks' own,
-- command for command, so whoever may write a chunk may write its row here and a caller reads here exactly the
-- chunks it may read there (administrators' reach to hidden chunks included; searches require `visible`).
-- The term indexes move here from the chunk table, which no statement reads by its tsvectors any more.

create table rag.tb_doc_chunk_terms (
  id bigint primary key references rag.tb_doc_chunk_vector (id) on delete cascade,
  tenant_id uuid not null,
  organization_ids uuid[] not null,
  security_level smallint not null,
  visible boolean not null,
  lexeme_count int not null,
  lexemes tsvector not null,
  bigrams tsvector not null
) with (toast_tuple_target = 8160);
alter table rag.tb_doc_chunk_terms alter column lexemes set storage main, alter column bigrams set storage main;
comment on table rag.tb_doc_chunk_terms is
  'What the lexical search legs read of each chunk, kept by triggers on tb_doc_chunk_vector; the chunks'' policies.';

create function rag.chunk_terms_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into rag.tb_doc_chunk_terms (id, tenant_id, organization_ids, security_level, visible, lexeme_count,
                                        lexemes, bigrams)
    select n.id, n.tenant_id, n.organization_ids, n.security_level, n.visible, n.lexeme_count, n.lexemes, n.bigrams
    from new_rows n;
  else
    update rag.tb_doc_chunk_terms t
    set tenant_id = n.tenant_id, organization_ids = n.organization_ids, security_level = n.security_level,
        visible = n.visible, lexeme_count = n.lexeme_count, lexemes = n.lexemes, bigrams = n.bigrams
    from new_rows n
    where t.id = n.id
      and (t.tenant_id, t.organization_ids, t.security_level, t.visible, t.lexeme_count, t.lexemes, t.bigrams)
          is distinct from (n.tenant_id, n.organization_ids, n.security_level, n.visible, n.lexeme_count, n.lexemes,
                            n.bigrams);
  end if;
  return null;
end
$$;

create trigger tb_doc_chunk_vector_terms_insert after insert on rag.tb_doc_chunk_vector
  referencing new table as new_rows for each statement execute function rag.chunk_terms_apply();
create trigger tb_doc_chunk_vector_terms_update after update on rag.tb_doc_chunk_vector
  referencing new table as new_rows for each statement execute function rag.chunk_terms_apply();

-- The chunks already stored (the owner reads them without their policy here, before this table has one).
do $$
declare
  forced boolean := (select relforcerowsecurity from pg_class where oid = 'rag.tb_doc_chunk_vector'::regclass);
begin
  execute 'alter table rag.tb_doc_chunk_vector no force row level security';
  insert into rag.tb_doc_chunk_terms (id, tenant_id, organization_ids, security_level, visible, lexeme_count, lexemes,
                                      bigrams)
  select id, tenant_id, organization_ids, security_level, visible, lexeme_count, lexemes, bigrams
  from rag.tb_doc_chunk_vector order by id;
  if forced then
    execute 'alter table rag.tb_doc_chunk_vector force row level security';
  end if;
end
$$;

create index tb_doc_chunk_terms_lexemes_idx on rag.tb_doc_chunk_terms using gin (lexemes public.tsvector_lp_ops);
create index tb_doc_chunk_terms_bigrams_idx on rag.tb_doc_chunk_terms using gin (bigrams public.tsvector_lp_ops);
create index tb_doc_chunk_terms_organizations_idx on rag.tb_doc_chunk_terms
  using gin (organization_ids public.uuid_array_lp_ops);
create index tb_doc_chunk_terms_tenant_idx on rag.tb_doc_chunk_terms (tenant_id, security_level);
drop index rag.tb_doc_chunk_vector_lexemes_idx;
drop index rag.tb_doc_chunk_vector_bigrams_idx;

alter table rag.tb_doc_chunk_terms enable row level security;
alter table rag.tb_doc_chunk_terms force row level security;
create policy chunk_terms_read on rag.tb_doc_chunk_terms for select using (
  (select rag.app_current_is_system()) or (
    tenant_id = (select rag.app_current_tenant())
    and security_level <= (select rag.app_current_clearance())
    and ((select rag.app_current_is_admin())
         or (visible and organization_ids && (select rag.app_visible_orgs())))));
create policy chunk_terms_insert on rag.tb_doc_chunk_terms for insert with check (
  (select rag.app_current_is_system())
  or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())));
create policy chunk_terms_update on rag.tb_doc_chunk_terms for update
  using ((select rag.app_current_is_system())
         or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())))
  with check ((select rag.app_current_is_system())
              or (tenant_id = (select rag.app_current_tenant()) and (select rag.app_current_is_admin())));
grant select, insert, update on rag.tb_doc_chunk_terms to backbone_rw;

-- Searches plan by the new table's statistics from their first call (autovacuum may be off or not yet round).
analyze rag.tb_doc_chunk_terms;
