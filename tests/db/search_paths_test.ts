/**
 * The fused statement's two ways to find the lexical legs' chunks (sql/rag/search.sql, $17): through the term
 * indexes, or by testing each chunk the caller sees (a narrow caller: domain/rag/search_terms.ts). Under a
 * principal both give the same rows, ranks and scores, neither shows a chunk the policy hides, and only the
 * first reads a term index.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import postgres from "postgres";
import { freshDatabase, type TestDatabase } from "../_helpers/db.ts";
import { connect, parseBlocks, type Sql } from "@/sql/mod.ts";
import { hybridParams, type HybridQuery, hybridSearch } from "@/sql/rag/search.ts";
import { type DbPrincipal, type PrincipalTx, withPrincipal } from "@/sql/rag/session.ts";
import { analyze, bigrams, queryLexemes, scansVisible, toTsqueryText, toTsvectorText } from "@/domain/rag/mod.ts";

let db: TestDatabase;
let su: postgres.Sql;
let app: Sql;
const TENANT = crypto.randomUUID();
const [A, B, PUBLIC] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
const WORDS = ["연차", "휴가", "결재", "포털", "이월", "출장", "경비", "정산", "영수증", "서버", "장애", "보고서"];
const QUESTION = "연차 휴가 결재는 포털에서";
const HYBRID_SEARCH = parseBlocks(Deno.readTextFileSync(new URL("../../sql/rag/search.sql", import.meta.url)))
  .get("hybrid_search")!.text;

/** Chunk i: a few of WORDS chosen by i, so chunks share terms unevenly. */
function text(i: number): string {
  return Array.from({ length: 3 + (i % 5) }, (_, k) => WORDS[(i * 7 + k * k * 3) % WORDS.length]).join(" ");
}

before(async () => {
  db = await freshDatabase();
  su = postgres(db.superUrl, { max: 1, onnotice: () => {} });
  app = connect(db.appUrl, { max: 1, applicationName: "search-paths-test" });
  await su`insert into rag.tb_organization (id, tenant_id, code, name, is_public)
           values (${A}, ${TENANT}, 'A', 'A', false), (${B}, ${TENANT}, 'B', 'B', false),
                  (${PUBLIC}, ${TENANT}, 'P', 'P', true)`;
  // 60 chunks: organization A, B or the public bucket by turns, levels 0-2, every seventh hidden.
  for (let i = 0; i < 60; i++) {
    const orgs = [[A], [B], [PUBLIC]][i % 3];
    const [doc] = await su`
      insert into rag.tb_ai_document_registry (portal_id, source_document_id, source_version, tenant_id,
        organization_id, organization_ids, security_level, title, content_locator, checksum, content_type,
        registrant_id, size_bytes, status)
      values ('p', gen_random_uuid(), 'v1', ${TENANT}, ${orgs[0]}, ${orgs}::uuid[], ${i % 3}, 't', 'http://x/',
        repeat('a', 64), 'text/html', 'u', 1, 'indexed') returning id`;
    const lexemes = analyze(text(i));
    await su`
      insert into rag.tb_doc_chunk_vector (document_id, chunk_index, source_version, tenant_id, organization_ids,
        security_level, visible, content, lexemes, lexeme_count, bigrams, embedding)
      values (${doc.id}, 0, 'v1', ${TENANT}, ${orgs}::uuid[], ${i % 3}, ${i % 7 !== 0}, ${text(i)},
        ${toTsvectorText(lexemes)}::tsvector, ${lexemes.length}, ${toTsvectorText(bigrams(text(i)))}::tsvector,
        array_fill(0.1::real, array[1024])::vector)`;
  }
  // And 3,000 of department A on other subjects, so the question's terms are rare enough for their indexes.
  const [filler] = await su`
    insert into rag.tb_ai_document_registry (portal_id, source_document_id, source_version, tenant_id,
      organization_id, organization_ids, security_level, title, content_locator, checksum, content_type,
      registrant_id, size_bytes, status)
    values ('p', gen_random_uuid(), 'v1', ${TENANT}, ${A}, ${[A]}::uuid[], 0, 't', 'http://x/', repeat('a', 64),
      'text/html', 'u', 1, 'indexed') returning id`;
  await su`
    insert into rag.tb_doc_chunk_vector (document_id, chunk_index, source_version, tenant_id, organization_ids,
      security_level, visible, content, lexemes, lexeme_count, bigrams, embedding)
    select ${filler.id}, i, 'v1', ${TENANT}, ${[A]}::uuid[], 0, true, '회의실 예약', '회의실:1 예약:2'::tsvector, 2,
      '회의:1 의실:2 예약:3'::tsvector, array_fill(0.1::real, array[1024])::vector
    from generate_series(1, 3000) i`;
  await su`analyze rag.tb_doc_chunk_vector`;
  await su`analyze rag.tb_doc_chunk_terms`;
});
after(async () => {
  await app?.end();
  await su?.end();
  await db?.drop();
});

const member: DbPrincipal = { tenantId: TENANT, organizationId: A, clearance: 1, isAdmin: false, publicOrgId: PUBLIC };

/** The member's search for QUESTION with every term a candidate, the lexical legs only. */
function query(scanVisible: boolean): HybridQuery {
  const words = queryLexemes(analyze(QUESTION));
  return {
    vector: null,
    words: toTsqueryText(words),
    wordLexemes: words,
    wordFrequencies: words.map(() => 5),
    bigrams: toTsqueryText(queryLexemes(bigrams(QUESTION))),
    bigramQuery: toTsqueryText(queryLexemes(bigrams(QUESTION))),
    corpus: { chunks: 20, meanLength: 5 },
    candidates: 50,
    rrfK: 3,
    weights: { vector: 0.25, text: 1, bigram: 1 },
    limit: 50,
    tenantId: TENANT,
    clearance: 1,
    organizationIds: [A, PUBLIC],
    scanVisible,
  };
}

/** Runs `fn` as the member with sequential scans priced out, as on a corpus too large to read whole. */
function asMember<T>(fn: (tx: PrincipalTx) => Promise<T>): Promise<T> {
  return withPrincipal(app, member, async (tx) => {
    await tx`set local enable_seqscan = off`;
    return await fn(tx);
  });
}

async function plan(scanVisible: boolean): Promise<string> {
  return await asMember(async (tx) => {
    const rows = await tx.unsafe(`explain ${HYBRID_SEARCH}`, [...hybridParams(query(scanVisible))] as never[], {
      prepare: true,
    });
    return rows.map((r) => String(Object.values(r)[0])).join("\n");
  });
}

describe("the lexical legs read by the term indexes or by the caller's chunks", () => {
  it("gives the same rows, ranks and scores either way, and only chunks the member may see", async () => {
    const byIndex = await asMember((tx) => hybridSearch(tx, query(false)));
    const byScan = await asMember((tx) => hybridSearch(tx, query(true)));
    assert.ok(byIndex.length >= 10, `the question matches many chunks (${byIndex.length})`);
    assert.ok(byIndex.some((r) => r.textRank !== null) && byIndex.some((r) => r.bigramRank !== null));
    assert.deepEqual(byScan, byIndex);
    for (const r of byScan) {
      assert.ok(r.securityLevel <= 1, "nothing above the member's clearance");
      assert.ok(r.organizationIds.includes(A) || r.organizationIds.includes(PUBLIC), "nothing of department B");
    }
    const [{ hidden }] = await su`select count(*)::int as hidden from rag.tb_doc_chunk_vector where not visible`;
    assert.ok(hidden > 0);
    const ids = new Set(byScan.map((r) => r.chunkId));
    const hiddenIds = await su`select id from rag.tb_doc_chunk_vector where not visible`;
    assert.ok(hiddenIds.every((h) => !ids.has(Number(h.id))), "no hidden chunk");
  });

  it("reads the term indexes only when told to", async () => {
    const byIndex = await plan(false);
    const byScan = await plan(true);
    assert.match(byIndex, /Bitmap Index Scan on tb_doc_chunk_terms_lexemes_idx/, byIndex);
    assert.match(byIndex, /Bitmap Index Scan on tb_doc_chunk_terms_bigrams_idx/, byIndex);
    assert.doesNotMatch(byScan, /tb_doc_chunk_terms_(lexemes|bigrams)_idx/, byScan);
  });

  it("scans a caller's chunks up to twice the match budget", () => {
    assert.equal(scansVisible(2000, 1000), true);
    assert.equal(scansVisible(2001, 1000), false);
  });
});
