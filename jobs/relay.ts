/**
 * The outbox relay: jobs committed in PostgreSQL reach their Redis Stream. It wakes
 * on the outbox trigger's notification (and every second regardless), marks rows
 * sent before adding them, and puts back every unfinished job when Redis restarted
 * without its data (its run id changed) or when a job is long overdue, so nothing
 * accepted is lost; tasks are idempotent, so a job sent twice is harmless.
 */
import type { Redis } from "ioredis";
import { type BoxDb, type Outbox, purgeDone, takeUnsent, unsendUnfinished } from "@/sql/jobs/outbox.ts";
import { errorFields, type Logger } from "@/lib/log.ts";
import { addEntry } from "./streams.ts";

const BATCH = 200;
const OVERDUE_MS = 15 * 60_000;

/** A running relay. */
export interface Relay {
  stop(): Promise<void>;
}

async function redisRunId(redis: Redis): Promise<string | null> {
  const info = await redis.info("server");
  return /run_id:(\w+)/.exec(info)?.[1] ?? null;
}

/** How the relay reaches an outbox: the notification channel, and per box a connection allowed to read it. */
export interface OutboxAccess {
  listen(channel: string, fn: (payload: string) => void): Promise<{ unlisten(): Promise<void> }>;
  inBox: { [B in Outbox]: <T>(fn: (db: BoxDb<B>) => Promise<T>) => Promise<T> };
}

/** Starts relaying the given outboxes into streams under `prefix`. */
export async function startRelay(
  redis: Redis,
  boxes: Outbox[],
  prefix: string,
  log: Logger,
  access: OutboxAccess,
): Promise<Relay> {
  let stopped = false;
  let wake: (() => void) | null = null;
  let runId: string | null = null;
  let lastHousekeeping = 0;
  const listener = await access.listen("backbone_outbox", () => wake?.()).catch((err) => {
    log.warn("outbox notifications unavailable; polling only", errorFields(err));
    return null;
  });

  async function drain<B extends Outbox>(box: B) {
    for (;;) {
      const rows = await access.inBox[box]((db) => takeUnsent(db, { box, limit: BATCH }));
      for (const row of rows) {
        await addEntry(redis, `${prefix}${row.stream}`, {
          outboxId: String(row.id),
          payload: JSON.stringify(row.payload),
        });
      }
      if (rows.length < BATCH) return;
    }
  }

  /** Sends again what a Redis restart lost, and what stayed unfinished far too long. */
  async function housekeeping() {
    const current = await redisRunId(redis);
    const restarted = runId !== null && current !== null && current !== runId;
    runId = current ?? runId;
    const due = Date.now() - lastHousekeeping > 60_000;
    if (!restarted && !due) return;
    lastHousekeeping = Date.now();
    for (const box of boxes) {
      await sendAgain(box, new Date(restarted ? Date.now() : Date.now() - OVERDUE_MS), restarted);
    }
  }

  async function sendAgain<B extends Outbox>(box: B, before: Date, restarted: boolean) {
    const requeued = await access.inBox[box]((db) => unsendUnfinished(db, { box, before }));
    if (requeued > 0) {
      log.warn("outbox jobs sent again", { outbox: box, requeued, reason: restarted ? "redis restarted" : "overdue" });
    }
    await access.inBox[box]((db) => purgeDone(db, box));
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        await housekeeping();
        for (const box of boxes) await drain(box);
      } catch (err) {
        log.warn("outbox relay pass failed", errorFields(err));
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await listener?.unlisten().catch(() => {});
    },
  };
}
