/**
 * The permission dashboard: every portal's latest snapshot side by side, each
 * user's assignments across portals, and the drift no portal can see alone (users
 * on leave, retired, deactivated or deleted who still hold assignments; snapshots
 * older than the portal's last successful directory sync).
 */
import * as snapshots from "@/sql/directory/snapshots.ts";
import { getUser } from "@/sql/directory/users.ts";
import { notFound } from "@/domain/errors.ts";
import type { DirectoryContext } from "./context.ts";
import type { Page } from "./paging.ts";
import type { PortalSnapshot, UserSnapshotView } from "./schemas.ts";
import type { Assignment } from "./canonical_assignments.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Every portal that published (or failed to), with its latest snapshot and drift; the version counts publications. */
export async function snapshotOverview(
  ctx: DirectoryContext,
): Promise<{ items: PortalSnapshot[]; dataVersion: number }> {
  const rows = await snapshots.portalOverview(ctx.sql);
  const items = rows.map((r) => ({
    portalId: r.portalId,
    snapshot: r.snapshotId
      ? {
        id: r.snapshotId,
        sourceVersion: r.sourceVersion!,
        collectedAt: iso(r.collectedAt)!,
        userCount: r.userCount!,
        assignmentCount: r.assignmentCount!,
      }
      : null,
    publication: {
      state: r.publicationState ?? (r.snapshotId ? "HEALTHY" : "NEVER_SYNCED"),
      lastSuccessAt: iso(r.collectedAt),
      lastFailureAt: iso(r.publicationFailedAt),
      error: r.publicationState === "FAILED" ? r.publicationError : null,
    },
    lastSyncAt: iso(r.lastSyncAt),
    snapshotOlderThanSync: r.collectedAt !== null && r.lastSyncAt !== null && r.collectedAt < r.lastSyncAt,
    driftUsers: r.driftUsers,
    // A portal that never published has no snapshot, so no changed users (the wire record's count is never null).
    changedUsers: r.changedUsers ?? 0,
  }));
  return { items, dataVersion: rows[0]?.dataVersion ?? 0 };
}

/** One page of a portal's latest entries, each with the user's current state and a drift flag. */
export async function portalSnapshotEntries(
  ctx: DirectoryContext,
  query: { portalId: string; limit: number; cursor?: string; driftOnly: boolean },
): Promise<Page> {
  const after = query.cursor ? String(ctx.cursors.decode(`snapshot:${query.portalId}`, query.cursor, query)[0]) : null;
  const page = await snapshots.portalEntries(ctx.sql, {
    portalId: query.portalId,
    afterUserId: after,
    limit: query.limit,
    driftOnly: query.driftOnly,
  });
  return {
    items: page.items,
    nextCursor: page.more ? ctx.cursors.encode(`snapshot:${query.portalId}`, [page.lastId!], query) : null,
    dataVersion: page.dataVersion,
  };
}

/** One page of what a portal's latest snapshot added and removed per user against its previous one. */
export async function portalSnapshotChanges(
  ctx: DirectoryContext,
  query: { portalId: string; limit: number; cursor?: string },
): Promise<Page> {
  const after = query.cursor ? String(ctx.cursors.decode(`changes:${query.portalId}`, query.cursor, query)[0]) : null;
  const page = await snapshots.portalChanges(ctx.sql, {
    portalId: query.portalId,
    afterUserId: after,
    limit: query.limit,
  });
  return {
    items: page.items,
    nextCursor: page.more ? ctx.cursors.encode(`changes:${query.portalId}`, [page.lastId!], query) : null,
    dataVersion: page.dataVersion,
  };
}

/** A user's groups, roles and permissions in every portal, beside the user's directory state. */
export async function userSnapshotView(ctx: DirectoryContext, userId: string): Promise<UserSnapshotView> {
  const user = await getUser(ctx.sql, userId);
  if (!user) throw notFound("The user");
  const rows = await snapshots.userAssignments(ctx.sql, userId);
  const inactive = user.employmentStatus !== "ACTIVE" || !user.isActive;
  // The stored assignments are canonical (snapshots.ts wrote them), so each kind is one of the three.
  const ofKind = (list: typeof rows[number]["assignments"], kind: Assignment["kind"]) =>
    list.filter((a): a is Assignment => a.kind === kind);
  return {
    user,
    portals: rows.map((r) => ({
      portalId: r.portalId,
      snapshotId: r.snapshotId,
      sourceVersion: r.sourceVersion,
      collectedAt: r.collectedAt.toISOString(),
      companyId: r.companyId,
      groups: ofKind(r.assignments, "GROUP"),
      roles: ofKind(r.assignments, "ROLE"),
      permissions: ofKind(r.assignments, "PERMISSION"),
      drift: inactive && r.assignments.length > 0,
    })),
  };
}
