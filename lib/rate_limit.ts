/**
 * Per-credential token buckets (CONTRACT 0: RATE_LIMIT_PER_MINUTE). Buckets live
 * in the process: a limit that must hold across N processes is set to limit/N;
 * keeping it local means a Redis outage never blocks directory reads.
 */

/** The outcome of taking one token. */
export type Take = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Token buckets keyed by credential identity. */
export class RateLimiter {
  #buckets = new Map<string, { tokens: number; at: number }>();
  readonly #perMs: number;

  constructor(readonly perMinute: number, readonly now: () => number = () => performance.now()) {
    this.#perMs = perMinute / 60_000;
  }

  /** Takes one token from `key`'s bucket. */
  take(key: string): Take {
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
