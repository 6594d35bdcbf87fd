/**
 * The consumer loop every job runs on: read a stream through a consumer group,
 * do the work, acknowledge only after its durable effect. A running entry is kept
 * fresh by a heartbeat (XCLAIM JUSTID resets its idle time without counting a
 * delivery), so an entry that goes idle belongs to a crashed worker or a failed
 * attempt and is claimed again after its backoff. After `maxRetries` deliveries,
 * or at once on a permanent error, it moves to the dead-letter stream. With `fairness`, slots are shared
 * across the entries' keys (fair_share.ts).
 */
import type { Redis } from "ioredis";
import type { Logger } from "@/lib/log.ts";
import { errorFields } from "@/lib/log.ts";
import { duplicateRedis } from "@/lib/redis.ts";
import { ensureGroup, type Entry, type StreamNames, toFields } from "./streams.ts";
import { type Fairness, slotShare } from "./fair_share.ts";
import { counter } from "@/lib/metrics.ts";

const attempts = counter("backbone_job_attempts_total", "Job attempts by stream and outcome (done, failed)", [
  "stream",
  "outcome",
]);
const retries = counter("backbone_job_retries_total", "Entries claimed again for another attempt", ["stream"]);
const deadLettered = counter("backbone_job_dead_lettered_total", "Entries moved to the dead-letter stream", [
  "stream",
]);

/** An error that retrying cannot fix: the entry goes to the dead letters at once. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

/** How a consumer behaves; the functions are read on every pass so settings apply without a restart. */
export interface ConsumerOptions {
  names: StreamNames;
  handle: (entry: Entry, attempt: number) => Promise<void>;
  maxRetries: () => number;
  backoffMs: () => number;
  concurrency: () => number;
  /** Shares the slots across keys (tenants) so that no key holds them all. */
  fairness?: Fairness;
  /** Records the give-up where the job's callers look (its document, its body), before the entry moves. */
  onDeadLetter?: (entry: Entry, error: string, deliveries: number) => Promise<void>;
  /** Idle time after which a running entry counts as abandoned (its worker stopped heartbeating). */
  abandonAfterMs?: number;
  heartbeatMs?: number;
  blockMs?: number;
}

/** A running consumer. */
export interface Consumer {
  stop(): Promise<void>;
}

type Pending = [id: string, consumer: string, idleMs: number, deliveries: number];

/** Starts a consumer named `consumerName`; its blocking reads use a connection of their own. */
export function startConsumer(
  redis: Redis,
  consumerName: string,
  options: ConsumerOptions,
  log: Logger,
): Consumer {
  const { names } = options;
  const blocking = duplicateRedis(redis, log, `${names.stream}:${consumerName}`);
  const abandonAfter = options.abandonAfterMs ?? 5000;
  const heartbeat = options.heartbeatMs ?? 1000;
  const blockMs = options.blockMs ?? 2000;
  const errorsKey = `${names.stream}:errors`;
  const inFlight = new Set<Promise<void>>();
  const share = slotShare(redis, names, options.concurrency, options.fairness);
  let stopped = false;

  const backoff = (deliveries: number) =>
    Math.max(abandonAfter, Math.min(options.backoffMs() * 2 ** Math.max(0, deliveries - 1), 300_000));

  async function deadLetter(id: string, deliveries: number, reason: string) {
    const entries = await redis.xrange(names.stream, id, id);
    const fields = entries.length ? toFields(entries[0][1]) : {};
    const lastError = reason || (await redis.hget(errorsKey, id)) || "unknown error";
    // Before the move: when this fails (PostgreSQL down), the entry stays pending and the next pass tries again.
    if (entries.length) await options.onDeadLetter?.({ id, fields }, lastError, deliveries);
    await redis.multi()
      .xadd(
        names.dead,
        "*",
        ...Object.entries({ ...fields, originalId: id, deliveries: String(deliveries), error: lastError }).flat(),
      )
      .xack(names.stream, names.group, id)
      .hdel(errorsKey, id)
      .exec();
    deadLettered.inc({ stream: names.name });
    log.warn("job dead-lettered", { stream: names.stream, entryId: id, deliveries, error: lastError });
  }

  async function run(entry: Entry, attempt: number) {
    const beat = setInterval(() => {
      redis.xclaim(names.stream, names.group, consumerName, 0, entry.id, "JUSTID").catch(() => {});
    }, heartbeat);
    try {
      await options.handle(entry, attempt);
      await redis.multi().xack(names.stream, names.group, entry.id).hdel(errorsKey, entry.id).exec();
      attempts.inc({ stream: names.name, outcome: "done" });
    } catch (err) {
      attempts.inc({ stream: names.name, outcome: "failed" });
      if (err instanceof PermanentJobError) {
        await deadLetter(entry.id, attempt, err.message);
      } else {
        const message = err instanceof Error ? err.message : String(err);
        await redis.hset(errorsKey, entry.id, message.slice(0, 2000)).catch(() => {});
        log.warn("job attempt failed", { stream: names.stream, entryId: entry.id, attempt, ...errorFields(err) });
      }
    } finally {
      clearInterval(beat);
    }
  }

  function launch(entry: Entry, attempt: number) {
    const release = share.take(entry);
    const p = run(entry, attempt).catch((err) => log.error("job bookkeeping failed", errorFields(err)))
      .finally(() => {
        release();
        inFlight.delete(p);
      });
    inFlight.add(p);
  }

  async function waitForSlot() {
    while (inFlight.size >= Math.max(1, options.concurrency()) && !stopped) await Promise.race(inFlight);
  }

  /** Claims entries whose worker crashed or whose attempt failed, once their backoff has passed. */
  async function reclaim() {
    const pending = await redis.xpending(names.stream, names.group, "IDLE", abandonAfter, "-", "+", 100) as Pending[];
    for (const [id, , idle, deliveries] of pending) {
      if (stopped) return;
      if (idle < backoff(deliveries)) continue;
      if (deliveries >= options.maxRetries()) {
        await deadLetter(id, deliveries, "");
        continue;
      }
      // A retry waits for its key's share like a new entry, still pending (and no delivery counted) meanwhile.
      if (options.fairness) {
        const [found] = await redis.xrange(names.stream, id, id);
        if (found && !share.admits({ id, fields: toFields(found[1]) })) continue;
      }
      await waitForSlot();
      const claimed = await redis.xclaim(names.stream, names.group, consumerName, backoff(deliveries), id) as [
        string,
        string[] | null,
      ][];
      for (const [cid, fields] of claimed) {
        if (fields === null) await redis.xack(names.stream, names.group, cid); // trimmed away while pending
        else {
          retries.inc({ stream: names.name });
          launch({ id: cid, fields: toFields(fields) }, deliveries + 1);
        }
      }
    }
  }

  async function readNew() {
    await waitForSlot();
    const count = Math.max(1, options.concurrency() - inFlight.size);
    const res = await blocking.xreadgroup(
      "GROUP",
      names.group,
      consumerName,
      "COUNT",
      count,
      "BLOCK",
      blockMs,
      "STREAMS",
      names.stream,
      ">",
    ) as [string, [string, string[]][]][] | null;
    let wentAround = false;
    for (const [, entries] of res ?? []) {
      for (const [id, fields] of entries) {
        const entry = { id, fields: toFields(fields) };
        if (share.admits(entry)) launch(entry, 1);
        else if (await share.defer(entry)) wentAround = true;
      }
    }
    if (wentAround) await share.pause(inFlight);
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        await ensureGroup(redis, names);
        await reclaim();
        await readNew();
      } catch (err) {
        if (stopped) break;
        log.warn("job consumer pass failed", { stream: names.stream, ...errorFields(err) });
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      blocking.disconnect();
      await loop;
      await Promise.allSettled([...inFlight]);
    },
  };
}
