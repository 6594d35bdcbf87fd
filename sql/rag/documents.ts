/** Statements on documents, their ingestion jobs and their chunks. */
import { type Db, loadQueries } from "@/sql/mod.ts";

const q = loadQueries(new URL("./documents.sql", import.meta.url), [
  "find_document",
  "lock_source",
  "insert_document",
  "update_document",
  "set_document_organizations",
  "insert_job",
  "get_job",
  "job_outcome",
  "start_job",
  "settle_job",
  "document_failed",
  "document_pending_approval",
  "delete_chunks",
  "insert_chunks",
  "document_indexed",
  "document_status",
  "purge_document",
  "hide_document",
  "publish_document",
  "approve_fetch",
  "waiting_job",
  "requeue_job",
  "lock_current_version",
  "expired_documents",
  "documents_for_reindex",
  "reindex_progress",
  "purge_candidates",
  "purge_candidate",
]);

/** A document as the registry holds it. */
export interface DocumentRow {
  id: string;
  portalId: string;
  sourceDocumentId: string;
  sourceVersion: string;
  checksum: string;
  status: string;
  indexedVersion: string | null;
  indexedChecksum: string | null;
  chunkCount: number;
  tenantId: string;
  fetchApproved: boolean;
  published: boolean;
  deletedAt: Date | null;
}

/** The attributes an ingestion request gives a document. */
export interface DocumentAttributes {
  portalId: string;
  sourceDocumentId: string;
  sourceVersion: string;
  tenantId: string;
  organizationIds: string[];
  securityLevel: number;
  classification: string;
  title: string;
  contentLocator: string;
  checksum: string;
  contentType: string;
  registrantId: string;
  registrantDepartmentCode: string;
  sizeBytes: number;
}

/** A document by source identity, if the principal may see it. */
export async function findDocument(
  db: Db,
  portalId: string,
  sourceDocumentId: string,
): Promise<DocumentRow | undefined> {
  const [row] = await q.find_document<DocumentRow>(db, [portalId, sourceDocumentId]);
  return row;
}

/** Creates a document with its first version. */
export async function insertDocument(
  db: Db,
  id: string,
  a: DocumentAttributes,
  status: string,
  published: boolean,
): Promise<void> {
  await q.insert_document(db, [id, a as unknown as Record<string, unknown>, status, published]);
}

/** Records a later version of a document. */
export async function updateDocument(db: Db, id: string, a: DocumentAttributes, status: string): Promise<void> {
  await q.update_document(db, [id, a as unknown as Record<string, unknown>, status]);
}

/** Holds acceptances of this source document off until the transaction ends. */
export async function lockSource(db: Db, portalId: string, sourceDocumentId: string): Promise<void> {
  await q.lock_source(db, [portalId, sourceDocumentId]);
}

/** Sets a document's organizations (foreign keys check each exists). */
export async function setDocumentOrganizations(
  db: Db,
  documentId: string,
  orgIds: string[],
  tenantId: string,
): Promise<void> {
  await q.set_document_organizations(db, [documentId, orgIds, tenantId]);
}

/** Records and queues an ingestion job; returns its id. */
export async function insertJob(
  db: Db,
  documentId: string,
  tenantId: string,
  version: string,
  request: Record<string, unknown>,
  stream: string,
) {
  const id = crypto.randomUUID();
  await q.insert_job(db, [id, documentId, tenantId, version, request, stream]);
  return { id };
}

/** A job with its document's state. */
export interface JobRow {
  id: string;
  documentId: string;
  tenantId: string;
  sourceVersion: string;
  request: Record<string, unknown>;
  status: string;
  attempts: number;
  documentVersion: string;
  fetchApproved: boolean;
  published: boolean;
  indexedVersion: string | null;
  documentStatus: string;
}

/** A job, locked. */
export async function getJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await q.get_job<JobRow>(db, [id]);
  return row;
}

/** A job's outcome. */
export async function jobOutcome(db: Db, id: string) {
  const [row] = await q.job_outcome<{
    status: string;
    error: string | null;
    errorCode: string | null;
    chunkCount: number;
    indexedVersion: string | null;
    documentId: string;
  }>(db, [id]);
  return row;
}

/** Marks a job running and its document indexing. */
export async function startJob(db: Db, jobId: string, documentId: string): Promise<void> {
  await q.start_job(db, [jobId, documentId]);
}

/** Records a job's end and wakes its waiter. */
export async function settleJob(
  db: Db,
  jobId: string,
  status: string,
  error: string | null = null,
  code: string | null = null,
) {
  await q.settle_job(db, [jobId, status, error, code]);
}

/** Marks a document's latest version failed. */
export async function documentFailed(db: Db, id: string, error: string, code: string): Promise<void> {
  await q.document_failed(db, [id, error, code]);
}

/** Holds a document for file-store approval. */
export async function documentPendingApproval(db: Db, id: string): Promise<void> {
  await q.document_pending_approval(db, [id]);
}

/** One chunk to store. */
export interface ChunkRow {
  index: number;
  content: string;
  headingPath: string[];
  /** The analyzer's lexemes joined by spaces, for to_tsvector with the configured text search configuration. */
  lexemes: string;
  lexemeCount: number;
  bigrams: string;
  embedding: string;
}

/** The attributes every chunk of a version carries. */
export interface ChunkScope {
  sourceVersion: string;
  tenantId: string;
  organizationIds: string[];
  securityLevel: number;
}

/** Text search configurations by setting value: the only names that ever reach a statement. */
export const TEXT_SEARCH_CONFIGS = { korean: "rag.korean", simple: "simple" } as const;

/**
 * Replaces a document's chunks: run it in one transaction with the version's other
 * changes, so a search sees the old chunks or the new ones, never a mix; chunk indexes
 * the new version lacks are gone too.
 */
export async function replaceChunks(
  db: Db,
  documentId: string,
  scope: ChunkScope,
  chunks: ChunkRow[],
  config: keyof typeof TEXT_SEARCH_CONFIGS,
): Promise<void> {
  await q.delete_chunks(db, [documentId]);
  await q.insert_chunks(db, [
    documentId,
    scope.sourceVersion,
    scope.tenantId,
    scope.organizationIds,
    scope.securityLevel,
    chunks.map((c) => c.index),
    chunks.map((c) => c.content),
    chunks.map((c) => JSON.stringify(c.headingPath)),
    chunks.map((c) => c.lexemes),
    chunks.map((c) => c.lexemeCount),
    chunks.map((c) => c.bigrams),
    chunks.map((c) => c.embedding),
    TEXT_SEARCH_CONFIGS[config],
  ]);
}

/** Locks a document's row; the version and checksum its latest request named, or null when it is gone. */
export async function lockCurrentVersion(db: Db, id: string) {
  const [row] = await q.lock_current_version<{ sourceVersion: string; checksum: string }>(db, [id]);
  return row ?? null;
}

/** Marks a version indexed. */
export async function documentIndexed(db: Db, id: string, version: string, checksum: string, chunks: number) {
  await q.document_indexed(db, [id, version, checksum, chunks]);
}

/** A document's state, if visible. */
export async function documentStatus(db: Db, id: string) {
  const [row] = await q.document_status<{
    id: string;
    status: string;
    chunkCount: number;
    error: string | null;
    errorCode: string | null;
    sourceVersion: string;
    indexedVersion: string | null;
    published: boolean;
    deletedAt: Date | null;
  }>(db, [id]);
  return row;
}

/** Purges a document (and its chunks); returns whether one was deleted. */
export async function purgeDocument(
  db: Db,
  portalId: string,
  sourceDocumentId: string,
  version: string | null,
): Promise<boolean> {
  return (await q.purge_document(db, [portalId, sourceDocumentId, version])).length > 0;
}

/** Hides a document (source delete without cascade); returns whether one was hidden. */
export async function hideDocument(
  db: Db,
  portalId: string,
  sourceDocumentId: string,
  version: string | null,
): Promise<boolean> {
  return (await q.hide_document(db, [portalId, sourceDocumentId, version])).length > 0;
}

/** Publishes a document; false when absent. */
export async function publishDocument(db: Db, id: string): Promise<boolean> {
  return (await q.publish_document(db, [id])).length > 0;
}

/** Approves fetching a document's body. */
export async function approveFetch(db: Db, id: string) {
  const [row] = await q.approve_fetch<{ id: string; tenantId: string; sourceVersion: string }>(db, [id]);
  return row;
}

/** The job waiting for a document's approval. */
export async function waitingJob(db: Db, documentId: string): Promise<string | undefined> {
  const [row] = await q.waiting_job<{ id: string }>(db, [documentId]);
  return row?.id;
}

/** Queues a job again. */
export async function requeueJob(db: Db, jobId: string, stream: string): Promise<void> {
  await q.requeue_job(db, [jobId, stream]);
}

/** Documents past retention. */
export function expiredDocuments(db: Db, days: number, limit: number) {
  return q.expired_documents<{ portalId: string; sourceDocumentId: string }>(db, [days, limit]);
}

/** Documents to queue again. */
export function documentsForReindex(db: Db, portalId: string | null) {
  return q.documents_for_reindex<
    { id: string; tenantId: string; sourceVersion: string; request: Record<string, unknown> }
  >(db, [portalId]);
}

/** Documents (optionally of one portal) by their latest job: how many in all, still queued or running, failed. */
export async function reindexProgress(db: Db, portalId: string | null) {
  const [row] = await q.reindex_progress<{ total: number; pending: number; failed: number }>(db, [portalId]);
  return row;
}

/** Which documents an operator's bulk purge takes. */
export interface PurgeSelection {
  /** One portal's documents (null: every portal's). */
  portalId: string | null;
  /** Only documents hidden by a source delete without cascade. */
  deleted: boolean;
  /** Only documents whose ingestion failed and that were never indexed. */
  failed: boolean;
}

/** The documents a bulk purge selects, oldest first. */
export function purgeCandidates(db: Db, s: PurgeSelection) {
  return q.purge_candidates<
    { id: string; portalId: string; sourceDocumentId: string; status: string; deletedAt: Date | null }
  >(db, [s.portalId, s.deleted, s.failed]);
}

/** Purges one selected document if it still matches the selection; returns whether it was deleted. */
export async function purgeCandidate(db: Db, id: string, s: PurgeSelection): Promise<boolean> {
  return (await q.purge_candidate(db, [id, s.deleted, s.failed])).length > 0;
}
