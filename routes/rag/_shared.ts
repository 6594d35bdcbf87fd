/** What the retrieval service's routers share. */
import type { QueueDepth, RagContext, TokenVerifier } from "@/domain/rag/mod.ts";
import type { RateLimiter } from "@/lib/rate_limit.ts";

/** Dependencies of the retrieval routers. */
export interface RagRouteDeps {
  ctx: RagContext;
  verify: TokenVerifier;
  limiter: RateLimiter;
  /** The depth of the retrieval service's job streams. */
  queues: () => Promise<QueueDepth[]>;
}
