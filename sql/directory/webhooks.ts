/** Statements on webhook subscriptions, their cursors, the changes they are owed and their delivery attempts. */
import { type Db, loadQueries, type RowOf, typed } from "@/sql/mod.ts";

/** A resource a subscription may cover. */
export type WebhookResource = "users" | "departments" | "user-groups" | "glossary-terms" | "content-term-links";
/** A subscription's state. */
export type SubscriptionState = "active" | "paused" | "failing";

const SUBSCRIPTION = {
  id: "uuid",
  portalId: "text",
  url: "text",
  resources: typed<WebhookResource[]>("_text"),
  companyId: "uuid?",
  state: typed<SubscriptionState>("text"),
  rotationEndsAt: "timestamptz?",
  consecutiveFailures: "int4",
  failingSince: "timestamptz?",
  nextAttemptAt: "timestamptz",
  lastSuccessAt: "timestamptz?",
  lastError: "text?",
  createdAt: "timestamptz",
  updatedAt: "timestamptz",
} as const;

const q = loadQueries(new URL("./webhooks.sql", import.meta.url), {
  insert_subscription: { params: ["text", "text", "_text", "uuid?", "text"], columns: SUBSCRIPTION },
  start_cursors: { params: ["uuid", "_text"] },
  count_subscriptions: { params: ["text"], columns: { n: "int4" } },
  list_subscriptions: { params: ["text?"], columns: SUBSCRIPTION },
  get_subscription: { params: ["text", "uuid"], columns: SUBSCRIPTION },
  set_subscription_state: { params: ["text", "uuid", "text"], columns: SUBSCRIPTION },
  rotate_secret: { params: ["text", "uuid", "text", "timestamptz"], columns: SUBSCRIPTION },
  delete_subscription: { params: ["text", "uuid"], columns: { id: "uuid" } },
  subscription_for_delivery: {
    params: ["uuid"],
    columns: {
      id: "uuid",
      portalId: "text",
      url: "text",
      companyId: "uuid?",
      state: typed<SubscriptionState>("text"),
      secret: "text",
      previousSecret: "text?",
      due: "bool",
    },
  },
  pending_changes: {
    params: ["uuid", "int4", "uuid?"],
    columns: {
      resource: typed<WebhookResource>("text"),
      fromDataVersion: "int8",
      dataVersion: "int8",
      ids: "_text",
    },
  },
  advance_cursor: { params: ["uuid", "text", "int8"] },
  record_success: { params: ["uuid"] },
  record_failure: {
    params: ["uuid", "text", "int4", "int4"],
    columns: { state: typed<SubscriptionState>("text"), consecutiveFailures: "int4" },
  },
  insert_delivery: { params: ["uuid", "text", "text", "int8", "int8", "int4", "int4?", "text?", "int4"] },
  recent_deliveries: {
    params: ["_uuid", "int4"],
    columns: {
      subscriptionId: "uuid",
      messageId: "text",
      resource: typed<WebhookResource>("text"),
      fromDataVersion: "int8",
      dataVersion: "int8",
      idCount: "int4",
      status: "int4?",
      error: "text?",
      durationMs: "int4",
      at: "timestamptz",
    },
  },
  due_subscriptions: { columns: { id: "uuid", portalId: "text" } },
  purge_delivered_changes: { params: ["int4"] },
  enqueue_delivery: { params: ["uuid"] },
});

/** A subscription as its portal and the console see it (never its secrets). */
export type SubscriptionRow = RowOf<typeof q.get_subscription>;
/** What a delivery reads of its subscription. */
export type DeliveryTarget = RowOf<typeof q.subscription_for_delivery>;
/** One resource's owed range of changes. */
export type PendingRange = RowOf<typeof q.pending_changes>;
/** One recorded delivery attempt. */
export type DeliveryRow = RowOf<typeof q.recent_deliveries>;

/** Registers a subscription, its cursors starting at the current versions. */
export async function insertSubscription(
  db: Db,
  a: { portalId: string; url: string; resources: WebhookResource[]; companyId: string | null; secret: string },
): Promise<SubscriptionRow> {
  const [row] = await q.insert_subscription(db, [a.portalId, a.url, a.resources, a.companyId, a.secret]);
  await q.start_cursors(db, [row.id, a.resources]);
  return row;
}

/** How many subscriptions a portal has. */
export async function countSubscriptions(db: Db, portalId: string): Promise<number> {
  return (await q.count_subscriptions(db, [portalId]))[0].n;
}

/** A portal's subscriptions (every portal's with null). */
export async function listSubscriptions(db: Db, portalId: string | null): Promise<SubscriptionRow[]> {
  return await q.list_subscriptions(db, [portalId]);
}

/** One of a portal's subscriptions, or null. */
export async function getSubscription(db: Db, portalId: string, id: string): Promise<SubscriptionRow | null> {
  return (await q.get_subscription(db, [portalId, id]))[0] ?? null;
}

/** Pauses or resumes a portal's subscription; null when it has none with that id. */
export async function setSubscriptionState(
  db: Db,
  a: { portalId: string; id: string; state: "active" | "paused" },
): Promise<SubscriptionRow | null> {
  return (await q.set_subscription_state(db, [a.portalId, a.id, a.state]))[0] ?? null;
}

/** Rotates a subscription's secret; null when the portal has none with that id. */
export async function rotateSecret(
  db: Db,
  a: { portalId: string; id: string; secret: string; previousExpiresAt: Date },
): Promise<SubscriptionRow | null> {
  return (await q.rotate_secret(db, [a.portalId, a.id, a.secret, a.previousExpiresAt]))[0] ?? null;
}

/** Deletes a portal's subscription; false when it has none with that id. */
export async function deleteSubscription(db: Db, portalId: string, id: string): Promise<boolean> {
  return (await q.delete_subscription(db, [portalId, id])).length > 0;
}

/** A subscription as a delivery needs it, or null when it was deleted. */
export async function subscriptionForDelivery(db: Db, id: string): Promise<DeliveryTarget | null> {
  return (await q.subscription_for_delivery(db, [id]))[0] ?? null;
}

/** The ranges a subscription is owed, per resource. */
export async function pendingChanges(
  db: Db,
  a: { id: string; perRange: number; companyId: string | null },
): Promise<PendingRange[]> {
  return await q.pending_changes(db, [a.id, a.perRange, a.companyId]);
}

/** Moves a cursor forward to `through`. */
export async function advanceCursor(db: Db, a: { id: string; resource: string; through: number }): Promise<void> {
  await q.advance_cursor(db, [a.id, a.resource, a.through]);
}

/** Clears a subscription's failures. */
export async function recordSuccess(db: Db, id: string): Promise<void> {
  await q.record_success(db, [id]);
}

/** Counts a failure and sets the backoff; returns the resulting state. */
export async function recordFailure(
  db: Db,
  a: { id: string; error: string; maxBackoffSeconds: number; giveUpSeconds: number },
): Promise<{ state: SubscriptionState; consecutiveFailures: number }> {
  const [row] = await q.record_failure(db, [a.id, a.error, a.maxBackoffSeconds, a.giveUpSeconds]);
  return row;
}

/** Records one attempt (the newest 50 per subscription are kept). */
export async function insertDelivery(
  db: Db,
  a: Omit<DeliveryRow, "at">,
): Promise<void> {
  await q.insert_delivery(db, [
    a.subscriptionId,
    a.messageId,
    a.resource,
    a.fromDataVersion,
    a.dataVersion,
    a.idCount,
    a.status,
    a.error,
    a.durationMs,
  ]);
}

/** The newest attempts of each of `ids`, at most `perSubscription` each. */
export async function recentDeliveries(db: Db, ids: string[], perSubscription: number): Promise<DeliveryRow[]> {
  return ids.length === 0 ? [] : await q.recent_deliveries(db, [ids, perSubscription]);
}

/** Active subscriptions past their backoff that are owed changes, with their portals. */
export async function dueSubscriptions(db: Db): Promise<{ id: string; portalId: string }[]> {
  return await q.due_subscriptions(db);
}

/** Forgets changes every subscription has been delivered, and those older than `retentionSeconds` in any case. */
export async function purgeDeliveredChanges(db: Db, retentionSeconds: number): Promise<void> {
  await q.purge_delivered_changes(db, [retentionSeconds]);
}

/** Wakes a subscription's delivery through the outbox. */
export async function enqueueDelivery(db: Db, id: string): Promise<void> {
  await q.enqueue_delivery(db, [id]);
}
