/** Portal sync status (CONTRACT 1.3 rule 7) and credential failures attributable to portals. */
import * as sync from "@/sql/directory/sync_status.ts";
import { listSubscriptions } from "@/sql/directory/webhooks.ts";
import type { SyncResource, SyncStatusRow } from "@/sql/directory/sync_status.ts";
import { type Actor, insertAudit } from "@/sql/directory/audit.ts";
import { AppError } from "@/domain/errors.ts";
import type { DirectoryContext } from "./context.ts";
import type { PortalSync, SyncReport, SyncStatus } from "./schemas.ts";

/** The resources a portal reports on. */
export const SYNC_RESOURCES: readonly SyncResource[] = [
  "users",
  "departments",
  "user-groups",
  "authorization-snapshot",
];

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Builds the wire record. */
export function toSyncStatus(r: SyncStatusRow): SyncStatus {
  return {
    ...r,
    lastSuccessAt: iso(r.lastSuccessAt),
    lastFailureAt: iso(r.lastFailureAt),
    updatedAt: iso(r.updatedAt),
  };
}

/**
 * Records a portal's report about its own sync. A report for another portal is
 * 403 portal_mismatch. A time in the future is taken as now, so a skewed portal
 * clock cannot keep its status fresh.
 */
export async function reportSync(
  ctx: DirectoryContext,
  callerPortalId: string,
  input: SyncReport,
): Promise<SyncStatus> {
  if (input.portalId !== callerPortalId) {
    throw new AppError("portal_mismatch", "portalId must be the calling portal's own ID");
  }
  const now = new Date();
  const at = input.occurredAt ? new Date(input.occurredAt) : now;
  const row = await sync.recordSync(ctx.sql, {
    portalId: input.portalId,
    resource: input.resource,
    success: input.outcome === "success",
    occurredAt: at > now ? now : at,
    dataVersion: input.dataVersion ?? null,
    error: input.outcome === "failure" ? (input.error ?? "failure reported without detail") : null,
  });
  return toSyncStatus(row);
}

/** Records a failed publication on the portal's authorization-snapshot status (kept beside its last success). */
export async function recordPublicationFailure(ctx: DirectoryContext, portalId: string, error: string): Promise<void> {
  await sync.recordSync(ctx.sql, {
    portalId,
    resource: "authorization-snapshot",
    success: false,
    occurredAt: new Date(),
    dataVersion: null,
    error,
  });
}

/**
 * Every portal's sync status: configured portals and any portal that has reported,
 * NEVER_SYNCED where nothing was reported, with credential failures and given-up webhook subscriptions beside them.
 */
export async function listSyncStatus(ctx: DirectoryContext): Promise<PortalSync[]> {
  const [rows, failures, subscriptions] = await Promise.all([
    sync.listSyncStatus(ctx.sql),
    sync.listCredentialFailures(ctx.sql),
    listSubscriptions(ctx.sql, null),
  ]);
  const failing = subscriptions.filter((s) => s.state === "failing");
  const portals = new Set([
    ...ctx.knownPortals,
    ...rows.map((r) => r.portalId),
    ...failures.map((f) => f.portalId),
    ...failing.map((s) => s.portalId),
  ]);
  return [...portals].sort().map((portalId) => {
    const resources = SYNC_RESOURCES.map((resource) => {
      const r = rows.find((x) => x.portalId === portalId && x.resource === resource);
      return r ? toSyncStatus(r) : {
        portalId,
        resource,
        state: "NEVER_SYNCED" as const,
        lastSuccessAt: null,
        lastFailureAt: null,
        error: null,
        dataVersion: null,
        updatedAt: null,
      };
    });
    const f = failures.find((x) => x.portalId === portalId);
    const failingSubscriptions = failing.filter((s) => s.portalId === portalId).map((s) => s.id);
    return {
      portalId,
      resources,
      credentialFailures: f ? { count: f.failures, lastAt: f.lastAt.toISOString(), lastReason: f.lastReason } : null,
      failingSubscriptions,
      needsCheck: f !== undefined || failingSubscriptions.length > 0 ||
        resources.some((r) => r.state === "FAILED" || r.state === "STALE"),
    };
  });
}

/** Counts a credential failure against the portal it names. */
export async function recordCredentialFailure(ctx: DirectoryContext, portalId: string, reason: string): Promise<void> {
  await sync.recordCredentialFailure(ctx.sql, { portalId, reason });
}

/** The freshness rule: HEALTHY records without a success for SYNC_STALE_AFTER_SECONDS become STALE. */
export async function markStaleSyncs(ctx: DirectoryContext, actor: Actor): Promise<number> {
  return await ctx.sql.begin(async (tx) => {
    const marked = await sync.markStale(tx, ctx.syncStaleAfterSeconds);
    for (const m of marked) {
      await insertAudit(tx, {
        actor,
        action: "sync_status.stale",
        targetType: "portal",
        targetId: m.portalId,
        details: { resource: m.resource, lastSuccessAt: m.lastSuccessAt.toISOString() },
      });
    }
    return marked.length;
  });
}
