/**
 * Delivering what a subscription is owed: per resource, the range of versions after its cursor (about
 * `perRange` changes, whole versions), as one signed POST of ids; a 2xx moves the cursor past the range, anything
 * else counts a failure and sets the backoff (webhooks.sql `record_failure`), and failing past the give-up period
 * stops the subscription (state failing). The cursor moves only after the receiver accepted, so a crash between
 * the two sends the range again: receivers see every change at least once, deduplicated by `webhook-id`.
 * No transaction is open while the request is in flight.
 */
import * as store from "@/sql/directory/webhooks.ts";
import type { DeliveryTarget, PendingRange } from "@/sql/directory/webhooks.ts";
import { AppError } from "@/domain/errors.ts";
import type { DirectoryContext } from "./context.ts";
import { signedHeaders } from "./webhook_signing.ts";
import type { WebhookEvent } from "./webhook_schemas.ts";

/** Sends one POST to a subscription's URL (checked against the URL policy again) and resolves with the status. */
export type WebhookSend = (url: string, request: { headers: Record<string, string>; body: string }) => Promise<number>;

/** How deliveries behave (the WEBHOOK_* settings). */
export interface DeliverySettings {
  maxBackoffSeconds: number;
  giveUpSeconds: number;
  /** About how many changes one delivery covers. */
  perRange: number;
  /** How long one call keeps delivering before it yields (the caller wakes the subscription again). */
  budgetMs: number;
  /** How long a change is kept for a subscription that is behind on it (paused, failing): the table's bound. */
  changesRetentionSeconds: number;
}

/** The outbound side of webhooks, built by the composition root from the URL policy and the settings. */
export interface WebhookOutbound {
  /** Refuses (422 `content_host_not_allowed`) a URL outside the policy. */
  checkUrl(raw: string): Promise<void>;
  send: WebhookSend;
  settings: DeliverySettings;
}

/** What a call did: nothing owed or not due, everything owed delivered, a failure, or out of budget with more. */
export type DeliveryOutcome = "idle" | "delivered" | "failed" | "more";

/** Delivers a subscription's owed ranges until none is left, one fails, or the budget is spent. */
export async function deliverOwed(ctx: DirectoryContext, subscriptionId: string): Promise<DeliveryOutcome> {
  if (!ctx.webhooks) return "idle";
  const { send, settings } = ctx.webhooks;
  const started = Date.now();
  let outcome: DeliveryOutcome = "idle";
  while (Date.now() - started < settings.budgetMs) {
    const target = await store.subscriptionForDelivery(ctx.sql, subscriptionId);
    if (!target || target.state !== "active" || !target.due) return outcome;
    const ranges = await store.pendingChanges(ctx.sql, {
      id: subscriptionId,
      perRange: settings.perRange,
      companyId: target.companyId,
    });
    if (ranges.length === 0) return outcome;
    for (const range of ranges) {
      if (!(await deliverRange(ctx, target, range, send, settings))) return "failed";
    }
    outcome = "delivered";
  }
  return "more";
}

/** Sends one range (or skips it when the company filter left no id); true when the cursor moved past it. */
async function deliverRange(
  ctx: DirectoryContext,
  target: DeliveryTarget,
  range: PendingRange,
  send: WebhookSend,
  settings: DeliverySettings,
): Promise<boolean> {
  const advance = { id: target.id, resource: range.resource, through: range.dataVersion };
  if (range.ids.length === 0) {
    await store.advanceCursor(ctx.sql, advance);
    return true;
  }
  const event: WebhookEvent = {
    type: "directory.changed",
    resource: range.resource,
    fromDataVersion: range.fromDataVersion,
    dataVersion: range.dataVersion,
    ids: range.ids,
  };
  const body = JSON.stringify(event);
  // The same range keeps its id across retries, so a receiver can drop a repeat by webhook-id.
  const messageId = `msg_${target.id}_${range.resource}_${range.fromDataVersion}_${range.dataVersion}`;
  const secrets = target.previousSecret ? [target.secret, target.previousSecret] : [target.secret];
  const began = Date.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    status = await send(target.url, { headers: signedHeaders({ messageId, body, secrets }), body });
    if (status < 200 || status > 299) error = `the receiver answered ${status}`;
  } catch (err) {
    error = failureOf(err);
  }
  const attempt = {
    subscriptionId: target.id,
    messageId,
    resource: range.resource,
    fromDataVersion: range.fromDataVersion,
    dataVersion: range.dataVersion,
    idCount: range.ids.length,
    status,
    error,
    durationMs: Date.now() - began,
  };
  await ctx.sql.begin(async (tx) => {
    await store.insertDelivery(tx, attempt);
    if (error === null) {
      await store.advanceCursor(tx, advance);
      await store.recordSuccess(tx, target.id);
    } else {
      await store.recordFailure(tx, {
        id: target.id,
        error,
        maxBackoffSeconds: settings.maxBackoffSeconds,
        giveUpSeconds: settings.giveUpSeconds,
      });
    }
  });
  return error === null;
}

/**
 * What a portal is told of a failed attempt: one of three fixed reasons, never the network error itself, so that a
 * URL on the internal network tells its registrant no more than whether something answered (as content fetches do).
 */
function failureOf(err: unknown): string {
  if (err instanceof AppError && err.code === "content_host_not_allowed") {
    return "the URL or an address its host resolves to is not allowed";
  }
  if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) {
    return "no answer within WEBHOOK_TIMEOUT_SECONDS";
  }
  return "the receiver could not be reached";
}

/** Subscriptions the sweep should wake (active, past their backoff, owed changes); it also purges delivered changes. */
export async function dueSubscriptions(ctx: DirectoryContext): Promise<{ id: string; portalId: string }[]> {
  // A context without an outbound side delivers nothing, so no change is worth keeping for it.
  await store.purgeDeliveredChanges(ctx.sql, ctx.webhooks?.settings.changesRetentionSeconds ?? 0);
  return await store.dueSubscriptions(ctx.sql);
}
