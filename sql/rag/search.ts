/** The fused search statement. */
import { loadQueries, type RowOf } from "@/sql/mod.ts";
import type { PrincipalTx, SystemTx } from "./session.ts";

const q = loadQueries(new URL("./search.sql", import.meta.url), {
  search_statistics: {
    params: ["uuid", "int4", "_uuid?", "_text", "_text"],
    columns: { kind: "text", term: "text", chunks: "int8", lexemes: "int8" },
  },
  compact_search_stats: { columns: { folded: "int8" } },
  hybrid_search: {
    params: [
      "vector?",
      "tsquery?",
      "tsquery?",
      "int4",
      "int4",
      "int4",
      "uuid",
      "int4",
      "_uuid?",
      "_text",
      "_numeric",
      "_int8",
      "float8",
      "float8",
      "tsquery?",
      "float8?",
      "bool",
    ],
    columns: {
      chunkId: "int8",
      documentId: "uuid",
      sourceDocumentId: "uuid",
      portalId: "text",
      title: "text",
      chunkIndex: "int4",
      content: "text",
      headingPath: "_text",
      securityLevel: "int2",
      sourceVersion: "text",
      organizationIds: "_uuid",
      vectorScore: "float8?",
      vectorRank: "int4?",
      textScore: "float8?",
      textRank: "int4?",
      bigramScore: "float8?",
      bigramRank: "int4?",
      hybridScore: "float8",
    },
  },
  tune_vector_scan: { params: ["text"] },
});

/** Who is searching, as the statements repeat the policies' conditions. */
export interface SearchScope {
  tenantId: string;
  clearance: number;
  /** The organizations the principal is admitted through; null for an administrator. */
  organizationIds: string[] | null;
}

/** What one search asks for; a null query skips its leg. */
export interface HybridQuery extends SearchScope {
  vector: string | null;
  /** The candidate word tsquery: chunks holding one of these lexemes are scored. */
  words: string | null;
  /** The question's distinct word lexemes, which BM25 scores, with each one's document frequency. */
  wordLexemes: string[];
  wordFrequencies: number[];
  /** The candidate bigram tsquery, and the question's whole bigram tsquery that ts_rank scores with. */
  bigrams: string | null;
  bigramQuery: string | null;
  /** BM25's N and mean length (in lexemes) over the chunks the caller may see. */
  corpus: { chunks: number; meanLength: number };
  candidates: number;
  rrfK: number;
  /** Weights of the vector, text and bigram legs in the fusion. */
  weights: { vector: number; text: number; bigram: number };
  limit: number;
  /** Drops a chunk only the vector leg found whose cosine similarity is below it; null keeps every chunk. */
  vectorFloor?: number | null;
  /** The lexical legs test each chunk the caller sees instead of reading the term indexes (a narrow caller). */
  scanVisible: boolean;
}

/** One fused result, with each leg's score and rank (null where the leg did not find it). */
export type HybridRow = RowOf<typeof q.hybrid_search>;

/** A query's parameters in the fused statement's order ($1 .. $17, as its header lists them). */
export function hybridParams(h: HybridQuery): Parameters<typeof q.hybrid_search>[1] {
  return [
    h.vector,
    h.words,
    h.bigrams,
    h.candidates,
    h.rrfK,
    h.limit,
    h.tenantId,
    h.clearance,
    h.organizationIds,
    h.wordLexemes,
    [h.weights.vector, h.weights.text, h.weights.bigram],
    h.wordFrequencies,
    h.corpus.chunks,
    h.corpus.meanLength,
    h.bigramQuery,
    h.vectorFloor ?? null,
    h.scanVisible,
  ];
}

/** The caller's statistics for the question's terms (search_statistics), in the caller's transaction. */
export function searchStatistics(tx: PrincipalTx, scope: SearchScope, words: string[], bigrams: string[]) {
  return q.search_statistics(tx, [scope.tenantId, scope.clearance, scope.organizationIds, words, bigrams]);
}

/** Folds the statistics' deltas into their counts; how many deltas it folded. */
export async function compactSearchStats(tx: SystemTx): Promise<number> {
  return (await q.compact_search_stats(tx))[0].folded;
}

/** Runs the fused statement in the caller's transaction. */
export function hybridSearch(tx: PrincipalTx, h: HybridQuery) {
  return q.hybrid_search(tx, hybridParams(h));
}

/**
 * The HNSW candidate list for a leg of `candidates` rows: four times the leg, at least 200. At 50 (the leg's
 * own length) the vector leg's recall@10 against an exact scan was 0.78 to 0.93 for principals who see every
 * chunk of 100,000, and at 100 still 0.93 for a company-wide department (issue 17 asks 0.95 in every class);
 * bench/RESULTS.md has the figures at 200.
 */
export function efSearchFor(candidates: number): number {
  return Math.min(1000, Math.max(200, 4 * candidates));
}

/** Turns on iterative HNSW scans for this transaction, with the candidate list `efSearchFor(candidates)`. */
export async function tuneVectorScan(tx: PrincipalTx, candidates: number): Promise<void> {
  await q.tune_vector_scan(tx, [String(efSearchFor(candidates))]);
}
