/**
 * Task `webhook-sweep`: every few seconds, wakes each active subscription that is past its backoff and owed
 * changes, and forgets changes every subscription has been delivered. It is what retries a failed delivery after
 * its backoff, and what catches up a subscription whose wake-up Redis lost; the outbox relay also sends lost
 * wake-ups again, so this is the second of two nets.
 */
import { dueSubscriptions } from "@/domain/directory/mod.ts";
import type { Task } from "../task.ts";
import { wakeSubscription } from "./webhook_delivery.ts";

/** Wakes due subscriptions. */
export const webhookSweep: Task = {
  name: "webhook-sweep",
  service: "directory",
  everyMs: () => 2000,
  maxRetries: () => 1,
  async handle(deps) {
    for (const due of await dueSubscriptions(deps.directory!)) await wakeSubscription(deps, due);
  },
};
