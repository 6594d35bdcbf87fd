/** What the retrieval service's routers share. */
import type { RagContext } from "@/domain/rag/context.ts";
import type { QueueDepth } from "@/domain/rag/overview.ts";
import type { TokenVerifier } from "@/domain/rag/principal.ts";
import type { RateLimiter } from "@/lib/rate_limit.ts";

/** Dependencies of the retrieval routers. */
export interface RagRouteDeps {
  ctx: RagContext;
  verify: TokenVerifier;
  limiter: RateLimiter;
  /** The depth of the retrieval service's job streams. */
  queues: () => Promise<QueueDepth[]>;
}
