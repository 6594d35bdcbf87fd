/**
 * The embedding component's own metrics, on a registry of its own (it is a process of its own; in a test that
 * runs it beside the service, neither's /metrics shows the other's).
 */
import { counter, histogram, newRegistry } from "@/lib/metrics.ts";

/** The component's registry, rendered by its `GET /metrics`. */
export const embeddingRegistry = newRegistry();

const KNOWN_PATHS = new Set(["/healthz", "/metrics", "/v1/embeddings"]);

/** The path as a label: a known route by name, anything else `other`, so series stay few. */
export function pathLabel(path: string): string {
  return KNOWN_PATHS.has(path) ? path : "other";
}

/** Requests by path and status. */
export const requests = counter(
  "embedding_http_requests_total",
  "Requests by path and status",
  ["path", "status"],
  embeddingRegistry,
);
/** Seconds the model took per embeddings request. */
export const inference = histogram(
  "embedding_inference_seconds",
  "Model time per embeddings request, by outcome",
  ["outcome"],
  embeddingRegistry,
);
/** Texts embedded. */
export const inputs = counter("embedding_inputs_total", "Texts embedded", [], embeddingRegistry);
/** Tokens embedded. */
export const tokensEmbedded = counter("embedding_tokens_total", "Tokens embedded", [], embeddingRegistry);
