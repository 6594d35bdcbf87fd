/**
 * Task `webhook-delivery`: an entry names a subscription that is owed changes (the outbox wakes it in the
 * transaction that records a change; the sweep wakes it after a backoff or a lost entry). One delivery runs per
 * subscription at a time, held by a Redis lock that a heartbeat keeps while it runs and that lapses within
 * LOCK_MS of a crash; an entry finding the lock taken is done at once and leaves a note that makes the holder wake
 * the subscription again when it lets go, so a change committed while a delivery finishes waits for no sweep. So one slow receiver holds one slot, and the slots are shared by portal
 * (fair_share.ts): a portal whose many subscriptions all point at a slow host holds at most PER_PORTAL of them,
 * never the other portals' deliveries.
 */
import { deliverOwed } from "@/domain/directory/mod.ts";
import { markDone } from "@/sql/jobs/outbox.ts";
import type { JobDeps, Task } from "../task.ts";
import { addEntry, type Entry, streamNames } from "../streams.ts";

const LOCK_MS = 5000;
const SLOTS = 16;
const PER_PORTAL = 4;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The delivery stream's names under the configured prefix. */
export function deliveryStream(deps: JobDeps) {
  return streamNames(deps.config.REDIS_KEY_PREFIX, "directory:webhook-delivery");
}

/** Adds an entry that wakes a subscription's delivery. */
export async function wakeSubscription(deps: JobDeps, s: { id: string; portalId: string }): Promise<void> {
  await addEntry(deps.redis, deliveryStream(deps).stream, {
    payload: JSON.stringify({ subscriptionId: s.id, portalId: s.portalId }),
  });
}

/** The subscription and portal an entry names (either null when it names none). */
function targetOf(entry: Entry): { id: string | null; portalId: string | null } {
  try {
    const { subscriptionId, portalId } = JSON.parse(entry.fields.payload ?? "{}") ?? {};
    return {
      id: typeof subscriptionId === "string" && UUID.test(subscriptionId) ? subscriptionId : null,
      portalId: typeof portalId === "string" ? portalId : null,
    };
  } catch {
    return { id: null, portalId: null };
  }
}

/** Takes the lock, or (atomically, so no wake-up falls between) notes that the holder has more to read. */
const TAKE = `if redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 1 end
redis.call('set', KEYS[2], '1', 'PX', ARGV[2]) return 0`;
/** Gives the lock back and says whether a wake-up came while it was held. */
const GIVE_BACK = `if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('del', KEYS[1]) end
local again = redis.call('get', KEYS[2]) redis.call('del', KEYS[2]) return again`;

/**
 * Runs `fn` holding the subscription's lock; without running it when another delivery holds it, which then learns
 * of this wake-up. Resolves with whether the subscription must be woken again (a wake-up came during `fn`, whose
 * change `fn` may have read before it committed).
 */
async function exclusively(deps: JobDeps, subscriptionId: string, fn: () => Promise<void>): Promise<boolean> {
  const key = `${deps.config.REDIS_KEY_PREFIX}directory:webhook-lock:${subscriptionId}`;
  const keys = [key, `${key}:again`];
  const token = crypto.randomUUID();
  if (await deps.redis.eval(TAKE, 2, ...keys, token, LOCK_MS) !== 1) return false;
  const beat = setInterval(() => deps.redis.pexpire(key, LOCK_MS).catch(() => {}), LOCK_MS / 5);
  try {
    await fn();
  } finally {
    clearInterval(beat);
  }
  return await deps.redis.eval(GIVE_BACK, 2, ...keys, token) !== null;
}

/** Delivers what the entry's subscription is owed; an entry without one only settles its outbox row. */
export const webhookDelivery: Task = {
  name: "webhook-delivery",
  service: "directory",
  concurrency: () => SLOTS,
  fairness: () => ({ key: (entry) => targetOf(entry).portalId ?? "", perKey: () => PER_PORTAL }),
  async handle(deps, entry) {
    const { id, portalId } = targetOf(entry);
    if (id) {
      let more = false;
      // Out of budget with more owed, or woken meanwhile: woken again behind the other subscriptions' entries.
      const again = await exclusively(deps, id, async () => {
        more = await deliverOwed(deps.directory!, id) === "more";
      });
      if ((more || again) && portalId) await wakeSubscription(deps, { id, portalId });
    }
    if (entry.fields.outboxId) await markDone(deps.sql, { box: "directory", id: Number(entry.fields.outboxId) });
  },
};
