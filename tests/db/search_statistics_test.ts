/**
 * The search statistics of migration 0100 against a recount from the chunks themselves: after inserts,
 * a hide, a publication, a change of organizations and deletes, before and after the deltas are folded,
 * each visibility class's counts are exactly those of its visible chunks, and the lexical legs' term table
 * (migration 0200) holds exactly the chunks' columns it copies. The writes are the system role's, as the
 * ingestion worker's are, so the triggers pass the policies. And the term choice of domain/rag/search_terms.ts:
 * rarest first, within the budget, always at least one.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import postgres from "postgres";
import { freshDatabase, type TestDatabase } from "../_helpers/db.ts";
import { candidateTerms } from "@/domain/rag/mod.ts";

let db: TestDatabase;
let su: postgres.Sql;
/** The system role, which writes chunks for the ingestion worker. */
let sys: postgres.Sql;
const TENANT = crypto.randomUUID();
const [A, B] = [crypto.randomUUID(), crypto.randomUUID()];

before(async () => {
  db = await freshDatabase();
  su = postgres(db.superUrl, { max: 1, onnotice: () => {} });
  sys = postgres(db.systemUrl, { max: 1, onnotice: () => {} });
  await su`insert into rag.tb_organization (id, tenant_id, code, name, is_public)
           values (${A}, ${TENANT}, 'A', 'A', false), (${B}, ${TENANT}, 'B', 'B', false)`;
});
after(async () => {
  await su?.end();
  await sys?.end();
  await db?.drop();
});

/** A document whose chunks hold the given lexemes (and, as their bigrams, each lexeme's first character). */
async function document(orgs: string[], level: number, chunks: string[][]): Promise<string> {
  const [doc] = await sys`
    insert into rag.tb_ai_document_registry (portal_id, source_document_id, source_version, tenant_id, organization_id,
      organization_ids, security_level, title, content_locator, checksum, content_type, registrant_id, size_bytes, status)
    values ('p', gen_random_uuid(), 'v1', ${TENANT}, ${orgs[0]}, ${orgs}::uuid[], ${level}, 't', 'http://x/',
      repeat('a', 64), 'text/html', 'u', 1, 'indexed') returning id`;
  await sys`
    insert into rag.tb_doc_chunk_vector (document_id, chunk_index, source_version, tenant_id, organization_ids,
      security_level, visible, content, lexemes, lexeme_count, bigrams, embedding)
    select ${doc.id}, (l.i - 1)::int, 'v1', ${TENANT}, ${orgs}::uuid[], ${level}, true, 'c',
           array_to_tsvector(string_to_array(l.words, ' ')), cardinality(string_to_array(l.words, ' ')),
           array_to_tsvector(array(select distinct left(w, 1) from unnest(string_to_array(l.words, ' ')) w)),
           array_fill(0.1::real, array[1024])::vector
    from unnest(${chunks.map((c) => c.join(" "))}::text[]) with ordinality as l(words, i)`;
  return doc.id;
}

/** Per class and term, what the statistics say (folded plus deltas) and what a recount of visible chunks gives. */
async function compare() {
  const kept = await su`
    select c.tenant_id, c.security_level, c.organization_ids, t.kind::text as kind, t.term,
           sum(t.chunks)::int as chunks, sum(t.lexemes)::int as lexemes
    from rag.tb_search_classes c
    join (select * from rag.tb_search_terms union all select * from rag.tb_search_term_deltas) t on t.class_id = c.id
    group by 1, 2, 3, 4, 5 having sum(t.chunks) <> 0 or sum(t.lexemes) <> 0 order by 1, 2, 3, 4, 5`;
  const recount = await su`
    with v as (select * from rag.tb_doc_chunk_vector where visible)
    select tenant_id, security_level, rag.search_class_orgs(organization_ids) as organization_ids, kind, term,
           count(*)::int as chunks, sum(x.n)::int as lexemes
    from (
      select v.tenant_id, v.security_level, v.organization_ids, 'w' as kind, w as term, v.lexeme_count as n
      from v, unnest(tsvector_to_array(v.lexemes)) w
      union all
      select v.tenant_id, v.security_level, v.organization_ids, 'b', b, 0 from v, unnest(tsvector_to_array(v.bigrams)) b
      union all select v.tenant_id, v.security_level, v.organization_ids, 'n', '', v.lexeme_count from v
    ) x
    group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`;
  return { kept: kept.map((r) => ({ ...r })), recount: recount.map((r) => ({ ...r })) };
}

async function assertExact(label: string) {
  const copied = await su`
    select id, tenant_id, organization_ids, security_level, visible, lexeme_count, lexemes::text, bigrams::text
    from rag.tb_doc_chunk_terms order by id`;
  const chunks = await su`
    select id, tenant_id, organization_ids, security_level, visible, lexeme_count, lexemes::text, bigrams::text
    from rag.tb_doc_chunk_vector order by id`;
  assert.ok(chunks.length > 0);
  assert.deepEqual(copied.map((r) => ({ ...r })), chunks.map((r) => ({ ...r })), `${label}: the term table`);
  const { kept, recount } = await compare();
  assert.ok(recount.length > 0, `${label}: there is something to count`);
  assert.deepEqual(kept, recount, `${label}: before the fold`);
  const [{ folded }] = await su`select rag.search_stats_compact() as folded`;
  assert.ok(Number(folded) >= 0);
  const [{ deltas }] = await su`select count(*)::int as deltas from rag.tb_search_term_deltas`;
  assert.equal(deltas, 0, `${label}: the fold emptied the deltas`);
  assert.deepEqual((await compare()).kept, recount, `${label}: after the fold`);
}

describe("search statistics per visibility class", () => {
  it("stay exactly the visible chunks' counts through every kind of chunk write", async () => {
    const d1 = await document([A], 1, [["가격", "정책", "정책"], ["가격", "보안"]]);
    const d2 = await document([B, A, A], 1, [["보안", "감사"]]);
    const d3 = await document([A], 2, [["가격", "인사"], ["인사"]]);
    await assertExact("after inserts (one document's organizations given twice and out of order)");
    await sys`update rag.tb_doc_chunk_vector set visible = false where document_id = ${d1}`;
    await assertExact("after hiding a document");
    await sys`update rag.tb_doc_chunk_vector set visible = true where document_id = ${d1}`;
    await sys`update rag.tb_doc_chunk_vector set organization_ids = ${[B]}::uuid[] where document_id = ${d2}`;
    await assertExact("after publishing it again and moving another to one organization");
    await sys`delete from rag.tb_doc_chunk_vector where document_id = ${d3} and chunk_index = 1`;
    await sys`delete from rag.tb_ai_document_registry where id = ${d2}`;
    await assertExact("after deleting a chunk and (by cascade) a document's chunks");
  });

  it("count the same when made from the stored chunks, as the migration does for an existing corpus", async () => {
    await su`truncate rag.tb_search_terms, rag.tb_search_term_deltas, rag.tb_search_classes`;
    const [{ statements }] = await su`
      select rag.search_stats_statements('(select * from rag.tb_doc_chunk_vector)', 1) as statements`;
    for (const statement of statements as string[]) await su.unsafe(statement);
    await assertExact("after counting the stored chunks");
  });
});

describe("candidate terms", () => {
  it("takes the rarest terms while their matches fit the budget, and always the rarest one", () => {
    const df = new Map([["흔함", 900], ["드묾", 3], ["중간", 40], ["없음", 0], ["보통", 60]]);
    assert.deepEqual(candidateTerms(df, 100), ["드묾", "중간"]);
    assert.deepEqual(candidateTerms(df, 103), ["드묾", "중간", "보통"]);
    assert.deepEqual(candidateTerms(df, 1), ["드묾"], "the rarest term even past the budget");
    assert.deepEqual(candidateTerms(new Map([["없음", 0]]), 100), [], "a term no visible chunk holds reads nothing");
  });
});
