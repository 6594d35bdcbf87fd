/**
 * Sharing a consumer's slots across keys (for ingestion: tenants). One stream holds every tenant's entries in the
 * order they came, so a tenant that queued many slow jobs first would otherwise hold every slot while the others
 * wait behind it. Here an entry whose key already runs its share of this process's slots is deferred: added again
 * at the end of the stream (with `deferredAt`) and acknowledged, which is no delivery and costs it no attempt; the
 * consumer moves on to the entries behind it. A key's share is at most one slot fewer than the consumer has, so a
 * slot is always left for other keys. Deferring never spins: when the consumer meets an entry it already deferred
 * since its last pause, it has gone once around the stream, and it pauses until a slot frees or PAUSE_MS passes.
 */
import type { Redis } from "ioredis";
import type { Entry, StreamNames } from "./streams.ts";

/** How a consumer shares its slots: the key of an entry and how many entries of one key may run at once. */
export interface Fairness {
  key(entry: Entry): string;
  perKey(): number;
}

const PAUSE_MS = 250;

/** The slots of one consumer, counted per key. */
export interface SlotShare {
  /** Whether `entry` may take a slot now. */
  admits(entry: Entry): boolean;
  /** Takes a slot for `entry`; the function returned gives it back. */
  take(entry: Entry): () => void;
  /**
   * Puts an entry that may not run now at the end of the stream; resolves true when it had already been deferred
   * since the last pause (the consumer went once around).
   */
  defer(entry: Entry): Promise<boolean>;
  /** Waits until one of `running` settles or PAUSE_MS passed, and starts a new round. */
  pause(running: Iterable<Promise<void>>): Promise<void>;
}

/** A share of `concurrency()` slots by `fairness`; without it every entry is admitted and none deferred. */
export function slotShare(
  redis: Redis,
  names: StreamNames,
  concurrency: () => number,
  fairness?: Fairness,
): SlotShare {
  const running = new Map<string, number>();
  let roundStart = Date.now();
  const limit = () => Math.max(1, Math.min(fairness!.perKey(), concurrency() - 1));
  return {
    admits(entry) {
      return !fairness || (running.get(fairness.key(entry)) ?? 0) < limit();
    },
    take(entry) {
      if (!fairness) return () => {};
      const key = fairness.key(entry);
      running.set(key, (running.get(key) ?? 0) + 1);
      return () => {
        const left = (running.get(key) ?? 1) - 1;
        if (left > 0) running.set(key, left);
        else running.delete(key);
      };
    },
    async defer(entry) {
      const seen = Number(entry.fields.deferredAt ?? 0) >= roundStart;
      const fields = { ...entry.fields, deferredAt: String(Date.now()) };
      await redis.multi()
        .xadd(names.stream, "*", ...Object.entries(fields).flat())
        .xack(names.stream, names.group, entry.id)
        .exec();
      return seen;
    },
    async pause(inFlight) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([...inFlight, new Promise((r) => timer = setTimeout(r, PAUSE_MS))]);
      clearTimeout(timer);
      roundStart = Date.now();
    },
  };
}
