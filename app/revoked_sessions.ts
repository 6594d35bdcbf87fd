/**
 * Signed-out console sessions, in Redis so every replica refuses a copied cookie once its person signed out
 * anywhere: one key per session id that lapses when the cookie itself would have expired.
 */
import type { Redis } from "ioredis";
import type { RevokedSessions } from "@/routes/_sign_in/mod.ts";

/** The signed-out sessions under `prefix`. */
export function redisRevokedSessions(redis: Redis, prefix: string): RevokedSessions {
  const key = (sid: string) => `${prefix}console:signed-out:${sid}`;
  return {
    async add(sid, expiresAt) {
      await redis.set(key(sid), "1", "EXAT", Math.max(expiresAt, Math.floor(Date.now() / 1000) + 1));
    },
    async has(sid) {
      return await redis.exists(key(sid)) === 1;
    },
  };
}
