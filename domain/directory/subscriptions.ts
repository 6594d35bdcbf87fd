/**
 * A portal's webhook subscriptions (issue 19): registering, reading, pausing, resuming, rotating the secret and
 * deleting. A portal sees only its own: another portal's subscription is 404, as if it did not exist.
 */
import * as store from "@/sql/directory/webhooks.ts";
import type { DeliveryRow, SubscriptionRow, WebhookResource } from "@/sql/directory/webhooks.ts";
import { getCompany } from "@/sql/directory/companies.ts";
import { lockLedger } from "@/sql/directory/ledger.ts";
import { type Actor, insertAudit } from "@/sql/directory/audit.ts";
import { AppError, notFound } from "@/domain/errors.ts";
import type { Scope } from "@/lib/config.ts";
import type { DirectoryContext } from "./context.ts";
import type { Subscription, SubscriptionCreate, SubscriptionUpdate, WebhookAttempt } from "./webhook_schemas.ts";

/** How long a rotated-out secret still signs deliveries, so the receiver can switch without a gap. */
const ROTATION_GRACE_MS = 24 * 3600_000;
/** Subscriptions per portal: each one costs an outbox row per covered write, so a portal may not multiply them. */
export const MAX_SUBSCRIPTIONS_PER_PORTAL = 20;
/** Attempts shown with each subscription. */
const RECENT = 10;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A new secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
function newSecret(): string {
  return `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))}`;
}

/** The wire record of an attempt. */
export function toAttempt(d: DeliveryRow): WebhookAttempt {
  return { ...d, at: d.at.toISOString() };
}

function toSubscription(
  { rotationEndsAt, ...row }: SubscriptionRow,
  deliveries: DeliveryRow[],
  secret?: string,
): Subscription {
  return {
    ...row,
    failingSince: iso(row.failingSince),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    lastSuccessAt: iso(row.lastSuccessAt),
    previousSecretExpiresAt: iso(rotationEndsAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    recentDeliveries: deliveries.filter((d) => d.subscriptionId === row.id).map(toAttempt),
    ...(secret ? { secret } : {}),
  };
}

/** The ledgers whose writers a registration must wait for, in the one order every locker takes them. */
function ledgersOf(resources: WebhookResource[]) {
  const ledgers = new Set(
    resources.map((r) =>
      r === "users" || r === "departments" ? "directory" : r === "user-groups" ? "groups" : "glossary"
    ),
  );
  return (["directory", "groups", "glossary"] as const).filter((l) => ledgers.has(l));
}

/**
 * The scope that reads each resource: a delivery names which records changed and when, which is what a portal
 * without that scope may not learn.
 */
const READ_SCOPE: Record<WebhookResource, Scope> = {
  "users": "directory:read",
  "departments": "directory:read",
  "user-groups": "directory:read",
  "glossary-terms": "glossary:read",
  "content-term-links": "glossary:read",
};

/**
 * Registers a subscription (403 `insufficient_scope` for a resource the portal's `scopes` do not read, 422
 * `webhook_url_not_allowed` for a URL outside the policy, 422 `unprocessable` for
 * an unknown company). Its cursors start at the current versions under the ledgers' locks, so a write either
 * committed before (not owed) or sees the subscription and records its change (owed): none falls between.
 * Audited without the secret.
 */
export async function createSubscription(
  ctx: DirectoryContext,
  actor: Actor,
  portal: { portalId: string; scopes: ReadonlySet<Scope> },
  input: SubscriptionCreate,
): Promise<Subscription> {
  const { portalId } = portal;
  const unread = input.resources.filter((r) => !portal.scopes.has(READ_SCOPE[r]));
  if (unread.length > 0) {
    throw new AppError("insufficient_scope", `Subscribing to ${unread.join(", ")} needs the scope that reads it`, {
      errors: unread.map((r) => ({ path: "resources", message: `${r} needs ${READ_SCOPE[r]}` })),
    });
  }
  await checkUrl(ctx, input.url);
  const secret = newSecret();
  const row = await ctx.sql.begin(async (tx) => {
    for (const ledger of ledgersOf(input.resources)) await lockLedger(tx, ledger);
    if (await store.countSubscriptions(tx, portalId) >= MAX_SUBSCRIPTIONS_PER_PORTAL) {
      throw new AppError("unprocessable", `A portal may have at most ${MAX_SUBSCRIPTIONS_PER_PORTAL} subscriptions`);
    }
    if (input.companyId && !(await getCompany(tx, input.companyId))) {
      throw new AppError("unprocessable", "companyId names no company", {
        errors: [{ path: "companyId", message: "no company has this id" }],
      });
    }
    const row = await store.insertSubscription(tx, {
      portalId,
      url: input.url,
      resources: input.resources,
      companyId: input.companyId ?? null,
      secret,
    });
    await insertAudit(tx, {
      actor,
      action: "webhook_subscription.create",
      targetType: "webhook_subscription",
      targetId: row.id,
      details: { url: row.url, resources: row.resources, companyId: row.companyId },
    });
    return row;
  });
  return toSubscription(row, [], secret);
}

async function checkUrl(ctx: DirectoryContext, url: string): Promise<void> {
  try {
    if (!ctx.webhooks) throw new AppError("content_host_not_allowed", "webhooks are not configured");
    await ctx.webhooks.checkUrl(url);
  } catch (err) {
    if (!(err instanceof AppError && err.code === "content_host_not_allowed")) throw err;
    throw new AppError(
      "webhook_url_not_allowed",
      "url is outside the webhook URL policy (WEBHOOK_ALLOWED_HOSTS, WEBHOOK_ALLOW_LOOPBACK)",
      { errors: [{ path: "url", message: err.message }] },
    );
  }
}

/** A portal's subscriptions with their recent attempts. */
export async function listSubscriptions(ctx: DirectoryContext, portalId: string | null): Promise<Subscription[]> {
  const rows = await store.listSubscriptions(ctx.sql, portalId);
  const deliveries = await store.recentDeliveries(ctx.sql, rows.map((r) => r.id), RECENT);
  return rows.map((r) => toSubscription(r, deliveries));
}

/** One of a portal's subscriptions (404 otherwise). */
export async function getSubscription(ctx: DirectoryContext, portalId: string, id: string): Promise<Subscription> {
  const row = await store.getSubscription(ctx.sql, portalId, id);
  if (!row) throw notFound("Subscription");
  return toSubscription(row, await store.recentDeliveries(ctx.sql, [id], RECENT));
}

/** Pauses, resumes (a resumed one is woken at once) or rotates the secret of a portal's subscription; audited. */
export async function updateSubscription(
  ctx: DirectoryContext,
  actor: Actor,
  portalId: string,
  id: string,
  update: SubscriptionUpdate,
): Promise<Subscription> {
  const secret = update.rotateSecret ? newSecret() : undefined;
  const row = await ctx.sql.begin(async (tx) => {
    let row = await store.getSubscription(tx, portalId, id);
    if (row && update.state) {
      row = await store.setSubscriptionState(tx, { portalId, id, state: update.state });
      if (update.state === "active") await store.enqueueDelivery(tx, id);
    }
    if (row && secret) {
      const previousExpiresAt = new Date(Date.now() + ROTATION_GRACE_MS);
      row = await store.rotateSecret(tx, { portalId, id, secret, previousExpiresAt });
    }
    if (row) {
      await insertAudit(tx, {
        actor,
        action: "webhook_subscription.update",
        targetType: "webhook_subscription",
        targetId: id,
        details: { state: update.state ?? null, rotateSecret: update.rotateSecret ?? false },
      });
    }
    return row;
  });
  if (!row) throw notFound("Subscription");
  return toSubscription(row, await store.recentDeliveries(ctx.sql, [id], RECENT), secret);
}

/** Deletes a portal's subscription (404 when it has none with that id); audited. */
export async function deleteSubscription(
  ctx: DirectoryContext,
  actor: Actor,
  portalId: string,
  id: string,
): Promise<void> {
  const deleted = await ctx.sql.begin(async (tx) => {
    if (!(await store.deleteSubscription(tx, portalId, id))) return false;
    await insertAudit(tx, {
      actor,
      action: "webhook_subscription.delete",
      targetType: "webhook_subscription",
      targetId: id,
    });
    return true;
  });
  if (!deleted) throw notFound("Subscription");
}
