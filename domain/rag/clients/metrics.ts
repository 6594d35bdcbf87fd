/** The model clients' measurements: each call's latency by outcome (an error outcome counts the errors). */
import { histogram } from "@/lib/metrics.ts";

/** Seconds per call to the embedding endpoint (one batch), by outcome. */
export const embeddingCalls = histogram("backbone_embedding_request_seconds", "Embedding endpoint calls", [
  "outcome",
]);
/** Seconds per answer generation, by where it ran (gateway, local) and outcome (ok, error, timeout). */
export const modelCalls = histogram("backbone_model_request_seconds", "Chat model calls", ["mode", "outcome"]);
