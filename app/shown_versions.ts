/**
 * What each portal has been shown of each ledger (domain/directory/portal_reads.ts), kept in Redis so
 * that every API process knows it, and in this process as well, which is what counts while Redis is
 * away or slow: the worst a lost entry does is send one portal's read to a replica that the check
 * would otherwise have passed over, and the check after the read still holds against this process's own.
 */
import type { Redis } from "ioredis";
import type { ShownVersions } from "@/domain/directory/mod.ts";
import { answerWithin } from "@/lib/redis.ts";

/** Raises the stored version, never lowers it: replies of concurrent requests arrive in any order. */
const RAISE_SCRIPT = `
local current = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or 0)
if tonumber(ARGV[2]) > current then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
return 1
`;
const WAIT_MS = 100;

export function redisShownVersions(redis: Redis, prefix: string): ShownVersions {
  const key = `${prefix}shown-versions`;
  const local = new Map<string, number>();
  return {
    async highest(portalId, ledger) {
      const field = `${portalId}:${ledger}`;
      const shared = await answerWithin(redis, WAIT_MS, () => redis.hget(key, field));
      return Math.max(local.get(field) ?? 0, Number(shared ?? 0));
    },
    record(portalId, ledger, version) {
      const field = `${portalId}:${ledger}`;
      if ((local.get(field) ?? 0) < version) local.set(field, version);
      void answerWithin(redis, WAIT_MS, () => redis.eval(RAISE_SCRIPT, 1, key, field, version));
    },
  };
}
