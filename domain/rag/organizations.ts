/**
 * Organizations from the directory (CONTRACT 2.1, 2.2): a job keeps tb_organization
 * equal to the directory's departments through the portal API, creates the public
 * bucket, and reports to /sync-status; a department deactivated there stops admitting
 * its members at the next sync. When the last success is older than
 * RAG_ORG_SYNC_MAX_STALENESS_SECONDS, retrieval fails closed.
 */
import type { DependencyState } from "./endpoint_health.ts";
import * as orgs from "@/sql/rag/organizations.ts";
import { withSystem } from "@/sql/rag/session.ts";
import { AppError } from "@/domain/errors.ts";
import type { RagContext } from "./context.ts";

/** The result of one sync; `superseded` when a sync that read the directory later was applied first. */
export interface SyncResult {
  organizations: number;
  deactivated: number;
  directoryVersion: number;
  superseded: boolean;
}

/**
 * Mirrors the directory's departments; reports the outcome to the directory either way. Overlapping syncs
 * apply one at a time, and a reading older than one already applied is dropped: applied, it would deactivate
 * the departments the newer reading had added.
 */
export async function syncOrganizations(ctx: RagContext): Promise<SyncResult> {
  try {
    const readStartedAt = await orgs.readClock(ctx.sql);
    const { items, dataVersion } = await ctx.directory.departments();
    const deactivated = await withSystem(ctx.system, async (tx) => {
      if (await orgs.lockSync(tx, readStartedAt)) return null;
      await orgs.ensurePublicBucket(tx, ctx.publicOrgId);
      await orgs.upsertOrganizations(tx, {
        organizations: items.map((d) => ({
          id: d.id,
          tenantId: d.companyId,
          code: d.code,
          name: d.name,
          parentId: d.parentId,
          isActive: d.isActive,
        })),
        directoryVersion: dataVersion,
      });
      const gone = await orgs.deactivateMissing(tx, items.map((d) => d.id));
      await orgs.recordSync(tx, { success: true, error: null, directoryVersion: dataVersion, readStartedAt });
      return gone;
    });
    const result = { organizations: items.length, deactivated: deactivated ?? 0, directoryVersion: dataVersion };
    if (deactivated === null) return { ...result, superseded: true };
    ctx.directoryState.invalidate();
    await ctx.directory.reportSync("departments", true, dataVersion, null).catch(() => {});
    return { ...result, superseded: false };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await withSystem(ctx.system, (tx) =>
      orgs.recordSync(tx, {
        success: false,
        error: message.slice(0, 2000),
        directoryVersion: null,
        readStartedAt: null,
      }))
      .catch(() => {});
    await ctx.directory.reportSync("departments", false, null, message).catch(() => {});
    throw err;
  }
}

/** Reads the organization sync's state at most once a second; `invalidate` after a sync. */
export function createDirectoryState(sql: RagContext["sql"]) {
  let checkedAt = 0;
  let state: { lastSuccessAt: Date | null; directoryVersion: number | null } = {
    lastSuccessAt: null,
    directoryVersion: null,
  };
  return {
    async read() {
      if (Date.now() - checkedAt > 1000) {
        const row = await orgs.syncState(sql);
        state = { lastSuccessAt: row?.lastSuccessAt ?? null, directoryVersion: row?.directoryVersion ?? null };
        checkedAt = Date.now();
      }
      return state;
    },
    invalidate() {
      checkedAt = 0;
    },
  };
}

/** The staleness rule: organizations never synced, or last synced over RAG_ORG_SYNC_MAX_STALENESS_SECONDS ago. */
export function isDirectoryStale(ctx: Pick<RagContext, "maxStalenessSeconds">, lastSuccessAt: Date | null): boolean {
  return !lastSuccessAt || Date.now() - lastSuccessAt.getTime() > ctx.maxStalenessSeconds * 1000;
}

/** Fails closed with 503 directory_state_stale when organizations have not synced recently enough. */
export async function assertDirectoryFresh(ctx: RagContext): Promise<number | null> {
  const { lastSuccessAt, directoryVersion } = await ctx.directoryState.read();
  if (isDirectoryStale(ctx, lastSuccessAt)) {
    throw new AppError(
      "directory_state_stale",
      "Organizations have not been synced from the directory recently enough",
      {
        headers: { "retry-after": "30" },
      },
    );
  }
  return directoryVersion;
}

/**
 * The organization sync's freshness as readiness reports it: `down` when retrieval refuses for a stale directory
 * (never synced, or not within RAG_ORG_SYNC_MAX_STALENESS_SECONDS).
 */
export async function directoryReadiness(ctx: RagContext): Promise<DependencyState> {
  const { lastSuccessAt } = await ctx.directoryState.read();
  if (!lastSuccessAt) return { state: "down", detail: "organizations have never been synced from the directory" };
  const age = Math.round((Date.now() - lastSuccessAt.getTime()) / 1000);
  return isDirectoryStale(ctx, lastSuccessAt)
    ? { state: "down", detail: `organizations last synced ${age} s ago: retrieval refuses until a sync succeeds` }
    : { state: "ok", detail: `organizations synced ${age} s ago` };
}
