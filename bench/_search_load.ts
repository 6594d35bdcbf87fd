/**
 * Loads the search benchmark's corpus as the system role, the way ingestion stores chunks (the
 * analyzer's lexemes through to_tsvector with rag.korean, bigram tsvector literals, the title analysed
 * with each chunk) but in batched `insert ... select from unnest(...)` across documents: COPY FROM is
 * refused on tables under row-level security. The chunks' secondary indexes (both tables) are dropped for the
 * load and rebuilt from their own definitions after it by the owner, then every table is vacuumed and
 * analysed (autovacuum may be off).
 */
import type postgres from "postgres";
import { analyze, bigrams, toTsvectorText } from "@/domain/rag/mod.ts";
import { chunkText, chunkVector, type Doc, storedVectorText } from "./_search_corpus.ts";

const DOC_BATCH = 1000;
const CHUNK_BATCH = 250;
const IN_FLIGHT = 2;

/** Where the time went, in seconds. */
export interface LoadTimes {
  documents: number;
  chunks: number;
  indexes: Record<string, number>;
  vacuum: number;
}

const INSERT_DOCUMENTS = `
insert into rag.tb_ai_document_registry (id, portal_id, source_document_id, source_version, tenant_id, organization_id,
  organization_ids, security_level, title, content_locator, checksum, content_type, registrant_id, size_bytes, status,
  indexed_version, indexed_checksum, chunk_count, published, last_ingested_at)
select d.id, 'portal-a', gen_random_uuid(), 'v1', $1::uuid, (d.orgs::uuid[])[1], d.orgs::uuid[], 1, d.title,
       'https://portal.example/docs/' || d.id, d.checksum, 'text/html', 'bench', d.chunks * 1600, 'indexed', 'v1',
       d.checksum, d.chunks, true, now()
from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::int[]) as d(id, orgs, title, checksum, chunks)`;

const INSERT_DOCUMENT_ORGANIZATIONS = `
insert into rag.tb_document_organizations (document_id, organization_id, tenant_id)
select d.id, o, $1::uuid from unnest($2::uuid[], $3::text[]) as d(id, orgs), unnest(d.orgs::uuid[]) as o`;

/** Inserts the registry rows (and their organization rows) on the system role's pool; returns each document's id. */
export async function insertDocuments(
  system: postgres.Sql,
  tenant: string,
  docs: Doc[],
  orgs: (d: Doc) => string[],
): Promise<string[]> {
  const ids = docs.map(() => crypto.randomUUID());
  for (let i = 0; i < docs.length; i += DOC_BATCH) {
    const batch = docs.slice(i, i + DOC_BATCH);
    const batchIds = ids.slice(i, i + DOC_BATCH);
    const orgText = batch.map((d) => `{${orgs(d).join(",")}}`);
    await system.begin(async (tx) => {
      await tx.unsafe(INSERT_DOCUMENTS, [
        tenant,
        batchIds,
        orgText,
        batch.map((d) => d.title),
        batch.map((d) => d.index.toString(16).padStart(64, "0")),
        batch.map((d) => d.chunks),
      ]);
      await tx.unsafe(INSERT_DOCUMENT_ORGANIZATIONS, [tenant, batchIds, orgText]);
    });
  }
  return ids;
}

const INSERT_CHUNKS = `
insert into rag.tb_doc_chunk_vector (document_id, chunk_index, source_version, tenant_id, organization_ids, security_level,
  visible, heading_path, content, lexemes, lexeme_count, bigrams, embedding)
select c.document_id, c.chunk_index, 'v1', $1::uuid, c.orgs::uuid[], 1, true, array[c.heading], c.content,
       to_tsvector('rag.korean', c.lexemes), c.lexeme_count, c.bigrams::tsvector, c.embedding::vector
from unnest($2::uuid[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::text[], $10::text[])
  as c(document_id, chunk_index, orgs, heading, content, lexemes, lexeme_count, bigrams, embedding)`;

/** One batch of chunk rows in column arrays, as ingestion computes them. */
function chunkColumns(docs: Doc[], ids: string[], orgs: (d: Doc) => string[], from: number, to: number) {
  const cols = {
    doc: [] as string[],
    index: [] as number[],
    orgs: [] as string[],
    heading: [] as string[],
    content: [] as string[],
    lexemes: [] as string[],
    count: [] as number[],
    bigrams: [] as string[],
    vector: [] as string[],
  };
  for (let d = from; d < to; d++) {
    const doc = docs[d];
    for (let i = 0; i < doc.chunks; i++) {
      const { content } = chunkText(doc, i);
      const lexemes = analyze(`${doc.title}\n${content}`);
      cols.doc.push(ids[d]);
      cols.index.push(i);
      cols.orgs.push(`{${orgs(doc).join(",")}}`);
      cols.heading.push(`제${i + 1}절 ${doc.title}`);
      cols.content.push(content);
      cols.lexemes.push(lexemes.join(" "));
      cols.count.push(lexemes.length);
      cols.bigrams.push(toTsvectorText(bigrams(`${doc.title}\n${content}`)));
      cols.vector.push(storedVectorText(chunkVector(doc, i)));
    }
  }
  return cols;
}

/** Inserts every chunk on the system role's pool, about CHUNK_BATCH rows a statement, IN_FLIGHT statements at once. */
export async function insertChunks(
  system: postgres.Sql,
  tenant: string,
  docs: Doc[],
  ids: string[],
  orgs: (d: Doc) => string[],
  progress?: (chunks: number) => void,
): Promise<void> {
  const pending = new Set<Promise<void>>();
  let done = 0;
  for (let d = 0; d < docs.length;) {
    let to = d, rows = 0;
    while (to < docs.length && rows < CHUNK_BATCH) rows += docs[to++].chunks;
    const c = chunkColumns(docs, ids, orgs, d, to);
    d = to;
    const p = system.begin(async (tx) => {
      await tx.unsafe(INSERT_CHUNKS, [
        tenant,
        c.doc,
        c.index,
        c.orgs,
        c.heading,
        c.content,
        c.lexemes,
        c.count,
        c.bigrams,
        c.vector,
      ]);
    }).then(() => progress?.(done += rows));
    pending.add(p);
    p.finally(() => pending.delete(p));
    if (pending.size >= IN_FLIGHT) await Promise.race(pending);
  }
  await Promise.all(pending);
}

/** The indexes of the chunk table and its term table that back no constraint, with their definitions. */
async function secondaryIndexes(owner: postgres.Sql): Promise<{ name: string; def: string }[]> {
  return await owner`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i
    where i.indrelid in ('rag.tb_doc_chunk_vector'::regclass, 'rag.tb_doc_chunk_terms'::regclass)
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
    order by 1` as unknown as { name: string; def: string }[];
}

/** Drops the chunks' secondary indexes; returns their definitions to rebuild them after the load. */
export async function dropIndexes(owner: postgres.Sql): Promise<{ name: string; def: string }[]> {
  const indexes = await secondaryIndexes(owner);
  for (const { name } of indexes) await owner.unsafe(`drop index ${name}`);
  return indexes;
}

/**
 * Rebuilds the dropped indexes (the HNSW graph last, with room to build it in memory: about 6 KB a chunk, at least
 * 2 GB; past maintenance_work_mem pgvector goes on building on disk, many times slower); seconds each.
 */
export async function rebuildIndexes(
  owner: postgres.Sql,
  indexes: { name: string; def: string }[],
): Promise<Record<string, number>> {
  const [{ chunks }] = await owner`select count(*)::int8 as chunks from rag.tb_doc_chunk_vector`;
  const memory = `${Math.max(2048, Math.ceil(Number(chunks) * 6 / 1024))}MB`;
  const times: Record<string, number> = {};
  const ordered = [...indexes].sort((a, b) => Number(/using hnsw/i.test(a.def)) - Number(/using hnsw/i.test(b.def)));
  for (const { name, def } of ordered) {
    const t0 = performance.now();
    await owner.begin(async (tx) => {
      await tx`select set_config('maintenance_work_mem', ${memory}, true)`;
      await tx`set local max_parallel_maintenance_workers = 2`;
      await tx.unsafe(def);
    });
    times[name.replace(/^rag\./, "")] = (performance.now() - t0) / 1000;
  }
  return times;
}

/**
 * Vacuums and analyses the retrieval tables, as autovacuum would have by the time searches run (the machine's
 * CI configuration turns autovacuum off). The statistics' deltas among them: the fold empties them, and left
 * unvacuumed their index keeps every dead entry the load appended (10 million at 100,000 chunks), which every
 * search's statistics read then walks.
 */
export async function vacuumAnalyze(owner: postgres.Sql): Promise<number> {
  const t0 = performance.now();
  for (
    const table of [
      "tb_organization",
      "tb_ai_document_registry",
      "tb_document_organizations",
      "tb_doc_chunk_vector",
      "tb_doc_chunk_terms",
      "tb_search_classes",
      "tb_search_terms",
      "tb_search_term_deltas",
    ]
  ) {
    await owner.unsafe(`vacuum (analyze) rag.${table}`);
  }
  return (performance.now() - t0) / 1000;
}
