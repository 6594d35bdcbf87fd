/**
 * Per-credential token buckets (CONTRACT 0: RATE_LIMIT_PER_MINUTE), one limit however many
 * API processes serve: with Redis the bucket lives there, so N processes share it. Redis is
 * asked only while it is connected and for at most SHARED_TIMEOUT_MS; otherwise the process's
 * own bucket decides, so a Redis outage never blocks or refuses directory reads (during one,
 * each process allows the full limit on its own).
 */
import type { Redis } from "ioredis";
import { answerWithin } from "./redis.ts";

/** The outcome of taking one token. */
export type Take = { ok: true } | { ok: false; retryAfterSeconds: number };

/** How long a request waits for the shared bucket before its process's own bucket decides. */
const SHARED_TIMEOUT_MS = 100;

/**
 * A token bucket as a theoretical arrival time (GCRA): one stored number per key, refilled by
 * the passage of Redis's own clock, so the processes' clocks never matter. Returns {1} or
 * {0, seconds to wait}.
 */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local next_tat = tat + interval
if next_tat - capacity * interval > now then
  return {0, math.ceil((next_tat - capacity * interval - now) / 1000)}
end
redis.call('SET', KEYS[1], next_tat, 'PX', math.ceil(next_tat - now) + 1000)
return {1, 0}
`;

/** Where a shared limiter keeps its buckets. */
export interface SharedBuckets {
  redis: Redis;
  /** Namespaces the keys (REDIS_KEY_PREFIX), so installations sharing a Redis never share budgets. */
  prefix: string;
}

/** Token buckets keyed by credential identity. */
export class RateLimiter {
  #buckets = new Map<string, { tokens: number; at: number }>();
  readonly #perMs: number;

  constructor(
    readonly perMinute: number,
    readonly shared?: SharedBuckets,
    readonly now: () => number = () => performance.now(),
  ) {
    this.#perMs = perMinute / 60_000;
  }

  /** Takes one token from `key`'s bucket: the shared one when Redis answers in time, else this process's. */
  async take(key: string): Promise<Take> {
    const shared = this.shared;
    const reply = shared &&
      await answerWithin(
        shared.redis,
        SHARED_TIMEOUT_MS,
        () =>
          shared.redis.eval(
            TAKE_SCRIPT,
            1,
            `${shared.prefix}ratelimit:${key}`,
            60_000 / this.perMinute,
            this.perMinute,
          ),
      );
    if (!reply) return this.takeLocal(key);
    const [taken, waitSeconds] = reply as [number, number];
    return taken === 1 ? { ok: true } : { ok: false, retryAfterSeconds: Math.max(1, waitSeconds) };
  }

  /** Takes one token from this process's own bucket for `key`. */
  takeLocal(key: string): Take {
    const t = this.now();
    const b = this.#buckets.get(key) ?? { tokens: this.perMinute, at: t };
    b.tokens = Math.min(this.perMinute, b.tokens + (t - b.at) * this.#perMs);
    b.at = t;
    if (this.#buckets.size > 10_000) this.#sweep(t);
    this.#buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - b.tokens) / this.#perMs / 1000)) };
  }

  /** Drops buckets that have refilled completely: they hold no state worth keeping. */
  #sweep(t: number) {
    for (const [k, b] of this.#buckets) {
      if (b.tokens + (t - b.at) * this.#perMs >= this.perMinute) this.#buckets.delete(k);
    }
  }
}
