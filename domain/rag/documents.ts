/**
 * A document's life after acceptance (CONTRACT 2.2): its status, publication and
 * file-store approval, purge by source identity (one transaction, chunks included),
 * source deletes that purge or, without cascade, hide, and retention. The lifecycle rules
 * are each tenant's own (its overrides over the installation's defaults).
 */
import * as documents from "@/sql/rag/documents.ts";
import * as jobs from "@/sql/rag/ingestion_jobs.ts";
import * as lifecycle from "@/sql/rag/lifecycle.ts";
import { withPrincipal, withSystem } from "@/sql/rag/session.ts";
import { notFound } from "@/domain/errors.ts";
import { dbPrincipal, type RagContext } from "./context.ts";
import { INGESTION_STREAM } from "./ingest.ts";
import type { Principal } from "./principal.ts";
import type { DocumentState } from "./schemas.ts";

/** A document's state under the caller's principal; a document it may not see is 404. */
export async function documentState(ctx: RagContext, p: Principal, id: string): Promise<DocumentState> {
  const row = await withPrincipal(ctx.sql, dbPrincipal(ctx, p), (tx) => documents.documentStatus(tx, id));
  if (!row || row.deletedAt) throw notFound("The document");
  return {
    documentId: row.id,
    status: row.status as DocumentState["status"],
    chunkCount: row.chunkCount,
    sourceVersion: row.sourceVersion,
    indexedVersion: row.indexedVersion,
    published: row.published,
    ...(row.error ? { error: row.error, errorCode: row.errorCode ?? undefined } : {}),
  };
}

/**
 * Purges a document of the administrator's own tenant and every chunk in one transaction; one it may not see
 * (another tenant's, above its clearance) is 404 exactly as one that does not exist.
 */
export async function purgeDocument(
  ctx: RagContext,
  p: Principal,
  portalId: string,
  sourceDocumentId: string,
): Promise<{ purged: true }> {
  if (p.tenantId === null) throw notFound("The document");
  const ref = { tenantId: p.tenantId, portalId, sourceDocumentId };
  const gone = await withPrincipal(
    ctx.sql,
    dbPrincipal(ctx, p),
    (tx) => documents.purgeDocument(tx, { ...ref, version: null }),
  );
  if (!gone) throw notFound("The document");
  return { purged: true };
}

/**
 * A source delete from the `rag:source-deleted` stream: purges (or, when its tenant's
 * `sourceDeleteCascade` is off, hides) the document of `tenantId`, or without one the
 * portal's document of that id in every tenant, only if `sourceVersion` matches when one
 * is given. Each tenant holding the source document gets its own rule, applied as that
 * tenant's administrator, so row-level security keeps the change within it.
 * Returns what it did; a document already gone is no error.
 */
export async function applySourceDelete(
  ctx: RagContext,
  e: { tenantId?: string; portalId: string; sourceDocumentId: string; sourceVersion?: string },
): Promise<"purged" | "hidden" | "absent"> {
  const version = e.sourceVersion ?? null;
  const ref = { portalId: e.portalId, sourceDocumentId: e.sourceDocumentId };
  const holding = await withSystem(ctx.system, (tx) => lifecycle.sourceTenants(tx, ref));
  const tenants = e.tenantId ? holding.filter((t) => t === e.tenantId!.toLowerCase()) : holding;
  let done: "purged" | "hidden" | "absent" = "absent";
  for (const tenantId of tenants) {
    const cascade = (await ctx.settings.forTenant(tenantId)).settings.lifecycle.sourceDeleteCascade;
    const key = { ...ref, tenantId, version };
    const hit = await withSystem(
      ctx.system,
      (tx) => cascade ? documents.purgeDocument(tx, key) : documents.hideDocument(tx, key),
    );
    if (hit) done = cascade ? "purged" : "hidden";
  }
  return done;
}

/** An administrator's publication approval: the indexed chunks become searchable. */
export async function publishDocument(ctx: RagContext, p: Principal, id: string): Promise<DocumentState> {
  const done = await withPrincipal(ctx.sql, dbPrincipal(ctx, p), (tx) => documents.publishDocument(tx, id));
  if (!done) throw notFound("The document");
  return await documentState(ctx, p, id);
}

/** An administrator's file-store approval: the body may be fetched, and the waiting job runs. */
export async function approveFetch(ctx: RagContext, p: Principal, id: string): Promise<DocumentState> {
  await withPrincipal(ctx.sql, dbPrincipal(ctx, p), async (tx) => {
    const row = await documents.approveFetch(tx, id);
    if (!row) throw notFound("The document");
    const job = await jobs.waitingJob(tx, id);
    if (job) await jobs.requeueJob(tx, { jobId: job, stream: INGESTION_STREAM });
  });
  return await documentState(ctx, p, id);
}

/**
 * Purges, tenant by tenant, documents not re-ingested within that tenant's `retentionDays`
 * (0: keep forever): each tenant's rule is purged with a tenant predicate and as that
 * tenant's administrator, so one tenant's retention never reaches another's documents.
 * Returns how many went.
 */
export async function applyRetention(ctx: RagContext): Promise<number> {
  const tenants = await withSystem(ctx.system, (tx) => lifecycle.documentTenants(tx));
  let purged = 0;
  for (const tenantId of tenants) {
    const days = (await ctx.settings.forTenant(tenantId)).settings.lifecycle.retentionDays;
    if (days <= 0) continue;
    purged += await withSystem(ctx.system, async (tx) => {
      const expired = await lifecycle.expiredDocuments(tx, { tenantId, days, limit: 1000 });
      for (const d of expired) await documents.purgeDocument(tx, { ...d, tenantId, version: null });
      return expired.length;
    });
  }
  return purged;
}

/**
 * An operator's purge of a document by source identity, whatever its status: in one tenant, or (tenantId null)
 * in every tenant that has one; false when there is none.
 */
export async function purgeBySource(ctx: RagContext, ref: documents.SourceRef): Promise<boolean> {
  return await withSystem(
    ctx.system,
    (tx) => documents.purgeDocument(tx, { ...ref, version: null }),
  );
}

/** The documents an operator's bulk purge would take. */
export function purgeCandidates(ctx: RagContext, s: documents.PurgeSelection) {
  return withSystem(ctx.system, (tx) => documents.purgeCandidates(tx, s));
}

/**
 * Purges the candidates, one document per transaction, each only if it still matches
 * the selection (a document re-ingested meanwhile is kept); returns how many went.
 */
export async function purgeSelected(
  ctx: RagContext,
  ids: string[],
  s: documents.PurgeSelection,
  onProgress?: (done: number) => void,
): Promise<number> {
  let purged = 0;
  for (const [i, id] of ids.entries()) {
    if (
      await withSystem(ctx.system, (tx) => documents.purgeCandidate(tx, { id, selection: s }))
    ) purged++;
    onProgress?.(i + 1);
  }
  return purged;
}

/** Where a reindex stands: documents whose latest job is still queued or running, and failed ones. */
export function reindexProgress(ctx: RagContext, portalId: string | null) {
  return withSystem(ctx.system, (tx) => documents.reindexProgress(tx, portalId));
}

/** Queues every document (or one portal's) for ingestion again, from its last accepted request. */
export async function reindexDocuments(
  ctx: RagContext,
  portalId: string | null,
  onProgress?: (done: number, total: number) => void,
) {
  const rows = await withSystem(ctx.system, (tx) => documents.documentsForReindex(tx, portalId));
  let done = 0;
  for (const r of rows) {
    await withSystem(ctx.system, (tx) =>
      jobs.insertJob(tx, {
        documentId: r.id,
        tenantId: r.tenantId,
        version: r.sourceVersion,
        request: r.request,
        stream: INGESTION_STREAM,
        submittedBy: null,
      }));
    onProgress?.(++done, rows.length);
  }
  return done;
}
