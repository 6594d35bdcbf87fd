/**
 * The administrators' overview (CONTRACT 2.2): documents by status, chunks, ingestion
 * jobs, recent failures, the organization sync, searches and answers per hour and the
 * latest audit rows, all read under the administrator's own row-level security (its
 * tenant, its clearance), with askers shown only as pseudonyms and credentials cut out of
 * error texts; the settings versions are the installation's and the tenant's own. Queue depths are the route's to add:
 * the domain does not talk to Redis.
 */
import * as overviewSql from "@/sql/rag/overview.ts";
import { withPrincipal } from "@/sql/rag/session.ts";
import { withoutUrlCredentials } from "@/lib/url_credentials.ts";
import { dbPrincipal, type RagContext } from "./context.ts";
import { isDirectoryStale } from "./organizations.ts";
import type { Principal } from "./principal.ts";
import { pseudonymOf } from "./keyed_hash.ts";
import type { RagOverview } from "./schemas.ts";

const RECENT = 20;

/** The overview as `p` (an administrator) may see it. */
export async function overview(ctx: RagContext, p: Principal): Promise<Omit<RagOverview, "queues">> {
  const { version: settingsVersion, tenantVersion } = await ctx.settings.forTenant(p.tenantId);
  const data = await withPrincipal(ctx.sql, dbPrincipal(ctx, p), async (tx) => ({
    documents: await overviewSql.documentsByStatus(tx),
    chunks: await overviewSql.chunkCount(tx),
    jobs: await overviewSql.jobsByStatus(tx),
    failures: await overviewSql.recentFailures(tx, RECENT),
    sync: await overviewSql.organizationSync(tx),
    activity: await overviewSql.activityByHour(tx),
    audit: await overviewSql.recentAudit(tx, RECENT),
  }));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    documents: Object.fromEntries(data.documents.map((d) => [d.status, d.count])),
    chunks: data.chunks,
    jobs: Object.fromEntries(data.jobs.map((j) => [j.status, j.count])),
    recentFailures: data.failures.map((f) => ({
      documentId: f.id,
      portalId: f.portalId,
      sourceDocumentId: f.sourceDocumentId,
      sourceVersion: f.sourceVersion,
      indexedVersion: f.indexedVersion,
      title: f.title,
      error: f.error && withoutUrlCredentials(f.error),
      errorCode: f.errorCode,
      at: f.updatedAt.toISOString(),
    })),
    organizations: {
      lastSuccessAt: iso(data.sync.lastSuccessAt),
      lastAttemptAt: iso(data.sync.lastAttemptAt),
      error: data.sync.error,
      directoryVersion: data.sync.directoryVersion,
      count: data.sync.organizations,
      active: data.sync.active,
      stale: isDirectoryStale(ctx, data.sync.lastSuccessAt),
    },
    activity: data.activity.map((a) => ({ hour: a.hour.toISOString(), searches: a.searches, answers: a.answers })),
    recentAudit: await Promise.all(data.audit.map(async (a) => ({
      id: a.id,
      at: a.at.toISOString(),
      action: a.action,
      asker: await pseudonymOf(ctx, p.tenantId, a.sub),
      outcome: a.outcome,
      latencyMs: a.latencyMs,
      results: a.resultCount,
      settingsVersion: a.settingsVersion,
      directoryVersion: a.directoryVersion,
    }))),
    settingsVersion,
    tenantSettingsVersion: tenantVersion,
  };
}
