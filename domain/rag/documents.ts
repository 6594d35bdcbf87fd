/**
 * A document's life after acceptance (CONTRACT 2.2): its status, publication and
 * file-store approval, purge by source identity (one transaction, chunks included),
 * source deletes that purge or, without cascade, hide, and retention.
 */
import * as documents from "@/sql/rag/documents.ts";
import { withPrincipal } from "@/sql/rag/session.ts";
import { notFound } from "@/domain/errors.ts";
import { dbPrincipal, type RagContext, systemPrincipal } from "./context.ts";
import { INGESTION_STREAM } from "./ingest.ts";
import type { Principal } from "./principal.ts";

/** A document's state as its reader sees it. */
export interface DocumentState {
  documentId: string;
  status: "queued" | "indexing" | "indexed" | "failed" | "pending_approval";
  chunkCount: number;
  sourceVersion: string;
  indexedVersion: string | null;
  published: boolean;
  error?: string;
  errorCode?: string;
}

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

/** Purges a document and every chunk in one transaction (an administrator of its tenant). */
export async function purgeDocument(
  ctx: RagContext,
  p: Principal,
  portalId: string,
  sourceDocumentId: string,
): Promise<{ purged: true }> {
  const gone = await withPrincipal(
    ctx.sql,
    dbPrincipal(ctx, p),
    (tx) => documents.purgeDocument(tx, portalId, sourceDocumentId, null),
  );
  if (!gone) throw notFound("The document");
  return { purged: true };
}

/**
 * A source delete from the `rag:source-deleted` stream: purges (or, when
 * `sourceDeleteCascade` is off, hides) the document, only if `sourceVersion` matches
 * when one is given. Returns what it did; a document already gone is no error.
 */
export async function applySourceDelete(
  ctx: RagContext,
  e: { portalId: string; sourceDocumentId: string; sourceVersion?: string },
): Promise<"purged" | "hidden" | "absent"> {
  const { settings } = await ctx.settings.current();
  const version = e.sourceVersion ?? null;
  return await withPrincipal(ctx.sql, systemPrincipal(ctx), async (tx) => {
    if (settings.lifecycle.sourceDeleteCascade) {
      return await documents.purgeDocument(tx, e.portalId, e.sourceDocumentId, version) ? "purged" : "absent";
    }
    return await documents.hideDocument(tx, e.portalId, e.sourceDocumentId, version) ? "hidden" : "absent";
  });
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
    const job = await documents.waitingJob(tx, id);
    if (job) await documents.requeueJob(tx, job, INGESTION_STREAM);
  });
  return await documentState(ctx, p, id);
}

/** Purges documents not re-ingested within `retentionDays` (0: keep forever); returns how many. */
export async function applyRetention(ctx: RagContext): Promise<number> {
  const { settings } = await ctx.settings.current();
  if (settings.lifecycle.retentionDays <= 0) return 0;
  return await withPrincipal(ctx.sql, systemPrincipal(ctx), async (tx) => {
    const expired = await documents.expiredDocuments(tx, settings.lifecycle.retentionDays, 1000);
    for (const d of expired) await documents.purgeDocument(tx, d.portalId, d.sourceDocumentId, null);
    return expired.length;
  });
}

/** An operator's purge of one document by source identity, whatever its status; false when there is none. */
export async function purgeBySource(ctx: RagContext, portalId: string, sourceDocumentId: string): Promise<boolean> {
  return await withPrincipal(
    ctx.sql,
    systemPrincipal(ctx),
    (tx) => documents.purgeDocument(tx, portalId, sourceDocumentId, null),
  );
}

/** The documents an operator's bulk purge would take. */
export function purgeCandidates(ctx: RagContext, s: documents.PurgeSelection) {
  return withPrincipal(ctx.sql, systemPrincipal(ctx), (tx) => documents.purgeCandidates(tx, s));
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
    if (await withPrincipal(ctx.sql, systemPrincipal(ctx), (tx) => documents.purgeCandidate(tx, id, s))) purged++;
    onProgress?.(i + 1);
  }
  return purged;
}

/** Where a reindex stands: documents whose latest job is still queued or running, and failed ones. */
export function reindexProgress(ctx: RagContext, portalId: string | null) {
  return withPrincipal(ctx.sql, systemPrincipal(ctx), (tx) => documents.reindexProgress(tx, portalId));
}

/** Queues every document (or one portal's) for ingestion again, from its last accepted request. */
export async function reindexDocuments(
  ctx: RagContext,
  portalId: string | null,
  onProgress?: (done: number, total: number) => void,
) {
  const rows = await withPrincipal(ctx.sql, systemPrincipal(ctx), (tx) => documents.documentsForReindex(tx, portalId));
  let done = 0;
  for (const r of rows) {
    await withPrincipal(
      ctx.sql,
      systemPrincipal(ctx),
      (tx) => documents.insertJob(tx, r.id, r.tenantId, r.sourceVersion, r.request, INGESTION_STREAM),
    );
    onProgress?.(++done, rows.length);
  }
  return done;
}
