/**
 * The retrieval service's own measurements. A search's three legs (vector, text, bigram) are ranked and fused in
 * one statement, so their separate latencies are not measurable; its stages are: the question's embedding, the
 * lexical statistics statement, the fused ranking statement, the audit write, and the whole.
 */
import { counter, histogram } from "@/lib/metrics.ts";

/** Seconds per search stage (`embed`, `statistics`, `ranking`, `audit`, `total`) and outcome. */
export const searchStages = histogram("backbone_search_stage_seconds", "Search latency per stage", [
  "stage",
  "outcome",
]);
/** Searches per leg that took part in the ranking. */
export const searchLegs = counter("backbone_search_legs_total", "Searches by leg that took part in the ranking", [
  "leg",
]);
/** Ingestion jobs by outcome (done, failed, retry). */
export const ingestedDocuments = counter("backbone_ingestion_documents_total", "Ingestion jobs by outcome", [
  "outcome",
]);
/** Chunks stored by ingestion. */
export const ingestedChunks = counter("backbone_ingestion_chunks_total", "Chunks stored by ingestion");
