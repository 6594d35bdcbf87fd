-- name: search_statistics :many
-- The caller's corpus statistics, from the counts ingestion keeps per visibility class (migration 0100): one row per
-- question term that some visible chunk holds (kind 'w' a word lexeme, 'b' a bigram; chunks = its document
-- frequency, and for a word the summed lexeme counts of those chunks), and one row of kind 'n' whose chunks is the
-- number of visible chunks. The counts are the folded ones plus the deltas not folded yet. Every table is read under
-- the caller's row-level security; the conditions on the classes repeat the policy's, so a run without it (the
-- benchmark's owner) counts the same classes.
-- $1 tenant id, $2 clearance, $3 organization ids (null: any), $4 word lexemes, $5 bigrams
with classes as (
  select c.id
  from rag.tb_search_classes c
  where c.tenant_id = $1::uuid and c.security_level <= $2::int
    and ($3::uuid[] is null or c.organization_ids &&~ $3::uuid[])
), wanted (kind, term) as (
  select 'w'::"char", unnest($4::text[])
  union all select 'b'::"char", unnest($5::text[])
  union all select 'n'::"char", ''
)
select w.kind::text as kind, w.term, sum(t.chunks)::int8 as chunks, sum(t.lexemes)::int8 as lexemes
from classes c
cross join wanted w
join (
  select class_id, kind, term, chunks, lexemes from rag.tb_search_terms
  union all select class_id, kind, term, chunks, lexemes from rag.tb_search_term_deltas
) t on t.class_id = c.id and t.kind = w.kind and t.term = w.term
group by w.kind, w.term
having sum(t.chunks) > 0;

-- name: compact_search_stats :one
-- Folds the statistics' deltas into their counts (migration 0100 says why writers append); the system role only.
select rag.search_stats_compact()::int8 as folded;

-- name: hybrid_search :many
-- Three rankings fused by weighted Reciprocal Rank Fusion in one statement, every table read under the caller's
-- row-level security: cosine distance over the HNSW index, BM25 over the Korean lexemes and ts_rank over character
-- bigrams (both lexical legs through the leakproof @@~, so their GIN indexes serve callers bound by a policy). Each
-- leg keeps its best `candidates` rows; a chunk's fused score is the sum over the legs that found it of
-- weight / (k + rank).
-- The lexical legs read tb_doc_chunk_terms, the chunks' visibility columns and tsvectors in a narrow table of their own
-- (migration 0200 says why), under the same policies as the chunks.
-- Why the lexical legs look like this (issue 17): scoring every chunk that holds any question term is linear in the
-- visible corpus (a common lexeme or bigram matches most of it: about 1 s per company-wide question at 100,000
-- chunks). So each lexical leg reads only the chunks holding its candidate terms ($2, $3: the question's rarest
-- terms among the chunks the caller sees, up to a budget of matches, chosen by domain/rag/search_terms.ts) and scores
-- those with every question term ($10, $15), common ones included. BM25 (k1 1.2, b 0.75) takes each lexeme's
-- document frequency ($12) from search_statistics above, and N and the mean length ($13, $14) of the chunks holding
-- any question lexeme as estimated from it (domain/rag/search_terms.ts): sums over the visibility classes the
-- caller may see, so a chunk the caller may not see moves no score (nor which terms are candidates).
-- A chunk holding only common terms scores below one holding a rarer term as often, so it is rarely missed.
-- The vector leg always has `candidates` rows, however far the nearest ones are: on a question the corpus does not
-- answer they would fill the limit with unrelated chunks. So a chunk that only the vector leg found is dropped when
-- its cosine similarity is below the embedding model's floor ($16, calibrated per model: scripts/calibrate_floor.ts);
-- a chunk a lexical leg also found stays whatever its similarity, as the lexical match is evidence of its own.
-- A caller who sees few chunks ($17: domain/rag/search_terms.ts says how few) is served the other way round: the
-- term indexes' posting lists hold every organization's chunks, so at 1% of 100,000 chunks reading them cost more
-- than the caller's whole share (bench/RESULTS.md). There the match is the plain @@, which no index serves, so the
-- planner reads the caller's chunks by the organization index and tests each one after the policy (plans are built
-- per call, below, so the constant $17 folds one branch of each test away).
-- The tenant, clearance and organization conditions repeat what the policies enforce: they decide nothing (the
-- policies still filter every row) but let the planner pick an index for a narrow principal, for example an exact
-- scan of one organization's chunks instead of a long filtered walk of the HNSW graph. The organization test uses
-- the leakproof &&~ (sql/bootstrap.sql): plain && may run only after the policy, which no index can serve.
-- Plans are built per call (plan_cache_mode = force_custom_plan), so no principal's plan is reused for another.
-- $1 question vector (null: no vector leg), $2 candidate word tsquery (null: no text leg), $3 candidate bigram tsquery
-- (null: no bigram leg), $4 candidates per leg, $5 RRF k, $6 limit, $7 tenant id, $8 clearance, $9 organization ids
-- (null: any), $10 the question's word lexemes, $11 RRF weights of the vector, text and bigram legs, $12 each $10
-- lexeme's document frequency, $13 N, $14 mean length in lexemes, $15 the question's bigram tsquery, $16 the vector
-- floor (null: none), $17 read the caller's chunks rather than the term indexes
with vector_leg as (
  select id, 1 - distance as score, row_number() over (order by distance, id) as rank
  from (
    select c.id, c.embedding <=> $1::vector as distance
    from rag.tb_doc_chunk_vector c
    where $1::vector is not null and c.visible and c.tenant_id = $7::uuid and c.security_level <= $8::int
      and ($9::uuid[] is null or c.organization_ids &&~ $9::uuid[])
    order by c.embedding <=> $1::vector
    limit $4::int
  ) v
), text_match as (
  select c.id, c.lexeme_count, ts_filter(setweight(c.lexemes, 'A', $10::text[]), '{a}') as hits
  from rag.tb_doc_chunk_terms c
  where $2::tsquery is not null
    and (($17::bool and c.lexemes @@ $2::tsquery) or (not $17::bool and c.lexemes @@~ $2::tsquery))
    and c.visible and c.tenant_id = $7::uuid
    and c.security_level <= $8::int and ($9::uuid[] is null or c.organization_ids &&~ $9::uuid[])
), text_leg as (
  select id, score, row_number() over (order by score desc, id) as rank
  from (
    select m.id, sum(ln(1 + ($13::float8 - s.df + 0.5) / (s.df + 0.5)) * cardinality(h.positions) * 2.2
                     / (cardinality(h.positions) + 1.2 * (0.25 + 0.75 * m.lexeme_count / $14::float8)))::float8 as score
    from text_match m
    cross join unnest(m.hits) h
    join unnest($10::text[], $12::int8[]) s(lexeme, df) on s.lexeme = h.lexeme
    group by m.id
    order by score desc, m.id
    limit $4::int
  ) t
), bigram_leg as (
  select id, score, row_number() over (order by score desc, id) as rank
  from (
    select c.id, ts_rank(c.bigrams, $15::tsquery, 1) as score
    from rag.tb_doc_chunk_terms c
    where $3::tsquery is not null
      and (($17::bool and c.bigrams @@ $3::tsquery) or (not $17::bool and c.bigrams @@~ $3::tsquery))
      and c.visible and c.tenant_id = $7::uuid
      and c.security_level <= $8::int and ($9::uuid[] is null or c.organization_ids &&~ $9::uuid[])
    order by score desc, c.id
    limit $4::int
  ) b
), fused as (
  select id, sum(weight / ($5::int + rank))::float8 as hybrid
  from (
    select id, rank, ($11::numeric[])[1] as weight, score as similarity from vector_leg
    union all select id, rank, ($11::numeric[])[2], null from text_leg
    union all select id, rank, ($11::numeric[])[3], null from bigram_leg
  ) legs
  group by id
  having $16::float8 is null or bool_or(similarity is null) or max(similarity) >= $16::float8
  order by hybrid desc, id
  limit $6::int
)
select c.id as chunk_id, c.document_id, d.source_document_id, d.portal_id, d.title, c.chunk_index, c.content,
       c.heading_path, c.security_level, c.source_version, c.organization_ids,
       v.score::float8 as vector_score, v.rank::int as vector_rank, t.score::float8 as text_score, t.rank::int as text_rank,
       b.score::float8 as bigram_score, b.rank::int as bigram_rank, f.hybrid as hybrid_score
from fused f
join rag.tb_doc_chunk_vector c on c.id = f.id
join rag.tb_ai_document_registry d on d.id = c.document_id
left join vector_leg v on v.id = f.id
left join text_leg t on t.id = f.id
left join bigram_leg b on b.id = f.id
order by f.hybrid desc, f.id;

-- name: tune_vector_scan :exec
-- For this transaction only: HNSW keeps scanning past rows the policy filters out until enough pass (pgvector 0.8
-- iterative scan), with a candidate list at least as long as the leg's limit.
-- $1 ef_search
select set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', $1::text, true);
