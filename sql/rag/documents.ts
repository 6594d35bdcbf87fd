/** Statements on documents, their ingestion jobs and their chunks. */
import { loadQueries, type RowOf, typed } from "@/sql/mod.ts";
import type { PrincipalTx, RagTx, SystemTx } from "./session.ts";

/** The columns that name a document in a list or a detail view: its identity, versions and title. */
export const DOCUMENT_SUMMARY = {
  id: "uuid",
  portalId: "text",
  sourceDocumentId: "uuid",
  sourceVersion: "text",
  indexedVersion: "text?",
  title: "text",
} as const;

const q = loadQueries(new URL("./documents.sql", import.meta.url), {
  find_document: {
    params: ["uuid", "text", "uuid"],
    columns: {
      id: "uuid",
      portalId: "text",
      sourceDocumentId: "uuid",
      sourceVersion: "text",
      checksum: "text",
      status: "text",
      indexedVersion: "text?",
      indexedChecksum: "text?",
      chunkCount: "int4",
      tenantId: "uuid",
      registrantId: "text",
      fetchApproved: "bool",
      published: "bool",
      deletedAt: "timestamptz?",
    },
  },
  lock_source: { params: ["uuid", "text", "text"] },
  insert_document: { params: ["uuid", "jsonb", "text", "bool"] },
  update_document: { params: ["uuid", "jsonb", "text"], columns: { id: "uuid" } },
  set_document_organizations: { params: ["uuid", "_uuid", "uuid"] },
  document_failed: { params: ["uuid", "text", "text"] },
  document_pending_approval: { params: ["uuid"] },
  delete_chunks: { params: ["uuid"] },
  insert_chunks: {
    params: [
      "uuid",
      "text",
      "uuid",
      "_uuid",
      "int2",
      "_int4",
      "_text",
      "_text",
      "_text",
      "_int4",
      "_text",
      "_text",
      "regconfig",
    ],
  },
  lock_current_version: { params: ["uuid"], columns: { sourceVersion: "text", checksum: "text" } },
  document_indexed: { params: ["uuid", "text", "text", "int4"] },
  document_status: {
    params: ["uuid"],
    columns: {
      id: "uuid",
      status: "text",
      chunkCount: "int4",
      error: "text?",
      errorCode: "text?",
      sourceVersion: "text",
      indexedVersion: "text?",
      published: "bool",
      deletedAt: "timestamptz?",
    },
  },
  purge_document: { params: ["uuid?", "text", "uuid", "text?"], columns: { id: "uuid" } },
  hide_document: { params: ["uuid?", "text", "uuid", "text?"], columns: { id: "uuid" } },
  publish_document: { params: ["uuid"], columns: { id: "uuid" } },
  approve_fetch: { params: ["uuid"], columns: { id: "uuid", tenantId: "uuid", sourceVersion: "text" } },
  documents_for_reindex: {
    params: ["text?"],
    columns: { id: "uuid", tenantId: "uuid", sourceVersion: "text", request: typed<Record<string, unknown>>("jsonb") },
  },
  reindex_progress: { params: ["text?"], columns: { total: "int4", pending: "int4", failed: "int4" } },
  purge_candidates: {
    params: ["text?", "bool", "bool"],
    columns: { id: "uuid", portalId: "text", sourceDocumentId: "uuid", status: "text", deletedAt: "timestamptz?" },
  },
  purge_candidate: { params: ["uuid", "bool", "bool"], columns: { id: "uuid" } },
});

/** A document as the registry holds it. */
export type DocumentRow = RowOf<typeof q.find_document>;

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

/** A document as its source portal names it, in one tenant or (null, the service's jobs only) in every tenant. */
export interface SourceRef {
  tenantId: string | null;
  portalId: string;
  sourceDocumentId: string;
}

/** A document by its key, if the principal may see it. */
export async function findDocument(
  tx: PrincipalTx,
  key: SourceRef & { tenantId: string },
): Promise<DocumentRow | undefined> {
  const [row] = await q.find_document(tx, [key.tenantId, key.portalId, key.sourceDocumentId]);
  return row;
}

/** Creates a document with its first version. */
export async function insertDocument(
  tx: PrincipalTx,
  a: { id: string; attributes: DocumentAttributes; status: string; published: boolean },
): Promise<void> {
  await q.insert_document(tx, [a.id, a.attributes, a.status, a.published]);
}

/** Records a later version of a document; false when the registry's update policy let no row change. */
export async function updateDocument(
  tx: PrincipalTx,
  a: { id: string; attributes: DocumentAttributes; status: string },
): Promise<boolean> {
  return (await q.update_document(tx, [a.id, a.attributes, a.status])).length > 0;
}

/** Holds acceptances of this document key off until the transaction ends. */
export async function lockSource(tx: PrincipalTx, key: SourceRef & { tenantId: string }): Promise<void> {
  await q.lock_source(tx, [key.tenantId, key.portalId, key.sourceDocumentId]);
}

/** Sets a document's organizations (foreign keys check each exists). */
export async function setDocumentOrganizations(
  tx: PrincipalTx,
  a: { documentId: string; organizationIds: string[]; tenantId: string },
): Promise<void> {
  await q.set_document_organizations(tx, [a.documentId, a.organizationIds, a.tenantId]);
}

/** Marks a document's latest version failed. */
export async function documentFailed(
  tx: SystemTx,
  a: { id: string; error: string; code: string },
): Promise<void> {
  await q.document_failed(tx, [a.id, a.error, a.code]);
}

/** Holds a document for file-store approval. */
export async function documentPendingApproval(tx: SystemTx, id: string): Promise<void> {
  await q.document_pending_approval(tx, [id]);
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
  tx: SystemTx,
  a: { documentId: string; scope: ChunkScope; chunks: ChunkRow[]; config: keyof typeof TEXT_SEARCH_CONFIGS },
): Promise<void> {
  const { documentId, scope, chunks, config } = a;
  await q.delete_chunks(tx, [documentId]);
  await q.insert_chunks(tx, [
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
export async function lockCurrentVersion(tx: SystemTx, id: string) {
  const [row] = await q.lock_current_version(tx, [id]);
  return row ?? null;
}

/** Marks a version indexed. */
export async function documentIndexed(
  tx: SystemTx,
  a: { id: string; version: string; checksum: string; chunks: number },
): Promise<void> {
  await q.document_indexed(tx, [a.id, a.version, a.checksum, a.chunks]);
}

/** A document's state, if visible. */
export async function documentStatus(tx: PrincipalTx, id: string) {
  const [row] = await q.document_status(tx, [id]);
  return row;
}

/** Purges a document (and its chunks), of any version when `version` is null; returns whether one was deleted. */
export async function purgeDocument(tx: RagTx, a: SourceRef & { version: string | null }): Promise<boolean> {
  return (await q.purge_document(tx, [a.tenantId, a.portalId, a.sourceDocumentId, a.version])).length > 0;
}

/** Hides a document (source delete without cascade); returns whether one was hidden. */
export async function hideDocument(tx: SystemTx, a: SourceRef & { version: string | null }): Promise<boolean> {
  return (await q.hide_document(tx, [a.tenantId, a.portalId, a.sourceDocumentId, a.version])).length > 0;
}

/** Publishes a document; false when absent. */
export async function publishDocument(tx: PrincipalTx, id: string): Promise<boolean> {
  return (await q.publish_document(tx, [id])).length > 0;
}

/** Approves fetching a document's body. */
export async function approveFetch(tx: PrincipalTx, id: string) {
  const [row] = await q.approve_fetch(tx, [id]);
  return row;
}

/** Documents to queue again. */
export function documentsForReindex(tx: SystemTx, portalId: string | null) {
  return q.documents_for_reindex(tx, [portalId]);
}

/** Documents (optionally of one portal) by their latest job: how many in all, still queued or running, failed. */
export async function reindexProgress(tx: SystemTx, portalId: string | null) {
  const [row] = await q.reindex_progress(tx, [portalId]);
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
export function purgeCandidates(tx: SystemTx, s: PurgeSelection) {
  return q.purge_candidates(tx, [s.portalId, s.deleted, s.failed]);
}

/** Purges one selected document if it still matches the selection; returns whether it was deleted. */
export async function purgeCandidate(tx: SystemTx, a: { id: string; selection: PurgeSelection }): Promise<boolean> {
  return (await q.purge_candidate(tx, [a.id, a.selection.deleted, a.selection.failed])).length > 0;
}
