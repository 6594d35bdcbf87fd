/** The memory of content hosts that timed out (ingest_budget.ts), in Redis: one counter per tenant and host, with a TTL. */
import type { Redis } from "ioredis";
import type { HostTimeouts } from "@/domain/rag/mod.ts";

/** Counters under `<prefix>rag:host-timeouts:`; each lives `ttlSeconds` after its host's last timeout. */
export function redisHostTimeouts(redis: Redis, prefix: string, ttlSeconds: number): HostTimeouts {
  const key = (tenantId: string, host: string) => `${prefix}rag:host-timeouts:${tenantId}:${host}`;
  return {
    async count(tenantId, host) {
      return Number(await redis.get(key(tenantId, host)) ?? 0);
    },
    async record(tenantId, host) {
      const k = key(tenantId, host);
      const [[err, count]] = await redis.multi().incr(k).expire(k, ttlSeconds).exec() as [Error | null, number][];
      if (err) throw err;
      return count;
    },
  };
}
