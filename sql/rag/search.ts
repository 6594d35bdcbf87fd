/** The fused search statement. */
import { type Db, loadQueries } from "@/sql/mod.ts";

const q = loadQueries(new URL("./search.sql", import.meta.url), ["hybrid_search", "tune_vector_scan"]);

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
export interface HybridRow {
  chunkId: string;
  documentId: string;
  sourceDocumentId: string;
  portalId: string;
  title: string;
  chunkIndex: number;
  content: string;
  headingPath: string[];
  securityLevel: number;
  sourceVersion: string;
  organizationIds: string[];
  vectorScore: number | null;
  vectorRank: number | null;
  textScore: number | null;
  textRank: number | null;
  bigramScore: number | null;
  bigramRank: number | null;
  hybridScore: number;
}

/** A query's parameters in the fused statement's order ($1 .. $11, as its header lists them). */
export function hybridParams(h: HybridQuery) {
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
export function hybridSearch(db: Db, h: HybridQuery) {
  return q.hybrid_search<HybridRow>(db, hybridParams(h));
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
export async function tuneVectorScan(db: Db, candidates: number): Promise<void> {
  await q.tune_vector_scan(db, [efSearchFor(candidates)]);
}
