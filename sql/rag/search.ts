/** The fused search statement. */
import { loadQueries, type RowOf } from "@/sql/mod.ts";
import type { PrincipalTx } from "./session.ts";

const q = loadQueries(new URL("./search.sql", import.meta.url), {
  hybrid_search: {
    params: ["vector?", "tsquery?", "tsquery?", "int4", "int4", "int4", "uuid", "int4", "_uuid?", "_text", "_numeric"],
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

/** What one search asks for; a null query skips its leg. */
export interface HybridQuery {
  vector: string | null;
  words: string | null;
  /** The distinct lexemes of `words`, which BM25 scores. */
  wordLexemes: string[];
  bigrams: string | null;
  candidates: number;
  rrfK: number;
  /** Weights of the vector, text and bigram legs in the fusion. */
  weights: { vector: number; text: number; bigram: number };
  limit: number;
  tenantId: string;
  clearance: number;
  /** The organizations the principal is admitted through; null for an administrator. */
  organizationIds: string[] | null;
}

/** One fused result, with each leg's score and rank (null where the leg did not find it). */
export type HybridRow = RowOf<typeof q.hybrid_search>;

/** A query's parameters in the fused statement's order ($1 .. $11, as its header lists them). */
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
  ];
}

/** Runs the fused statement in the caller's transaction. */
export function hybridSearch(tx: PrincipalTx, h: HybridQuery) {
  return q.hybrid_search(tx, hybridParams(h));
}

/**
 * The HNSW candidate list for a leg of `candidates` rows: twice the leg, at least 100. At 50 (the leg's own
 * length) the vector leg's recall@10 against an exact scan was 0.78 to 0.93 for principals who see every chunk
 * of 100,000 (bench/RESULTS.md); a longer list costs milliseconds beside the lexical legs.
 */
export function efSearchFor(candidates: number): number {
  return Math.min(1000, Math.max(100, 2 * candidates));
}

/** Turns on iterative HNSW scans for this transaction, with the candidate list `efSearchFor(candidates)`. */
export async function tuneVectorScan(tx: PrincipalTx, candidates: number): Promise<void> {
  await q.tune_vector_scan(tx, [String(efSearchFor(candidates))]);
}
