/** Statements behind the retrieval administration screen: documents, their versions, and audit replay. */
import { type Db, loadQueries } from "@/sql/mod.ts";

const q = loadQueries(new URL("./admin_screen.sql", import.meta.url), [
  "list_documents",
  "document_detail",
  "document_jobs",
  "document_chunk_versions",
  "organization_names",
  "list_audit",
  "audit_entry",
  "replay_chunks",
  "settings_at_version",
]);

/** A document in a list. */
export interface DocumentListRow {
  id: string;
  portalId: string;
  sourceDocumentId: string;
  sourceVersion: string;
  indexedVersion: string | null;
  title: string;
  status: string;
  published: boolean;
  hidden: boolean;
  securityLevel: number;
  chunkCount: number;
  error: string | null;
  errorCode: string | null;
  updatedAt: Date;
  /** `created_at` as PostgreSQL prints it (microseconds kept), for the next page's cursor. */
  cursorAt: string;
}

/** Where a document list starts: after the row with this `created_at` text and id. */
export interface DocumentCursor {
  at: string;
  id: string;
}

/** A document with everything the screen shows of it. */
export interface DocumentDetailRow {
  id: string;
  portalId: string;
  sourceDocumentId: string;
  sourceVersion: string;
  indexedVersion: string | null;
  title: string;
  classification: string;
  contentType: string;
  contentLocator: string;
  sizeBytes: number;
  status: string;
  published: boolean;
  fetchApproved: boolean;
  deletedAt: Date | null;
  securityLevel: number;
  organizationIds: string[];
  chunkCount: number;
  error: string | null;
  errorCode: string | null;
  lastIngestedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One ingestion job of a document. */
export interface JobRow {
  id: string;
  sourceVersion: string;
  status: string;
  attempts: number;
  error: string | null;
  errorCode: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** An audit row in a list. */
export interface AuditListRow {
  id: number;
  at: Date;
  action: string;
  sub: string;
  outcome: string;
  latencyMs: number | null;
  resultCount: number;
  settingsVersion: number | null;
  directoryVersion: number | null;
}

/** One returned chunk of an audit row, beside its current state. */
export interface ReplayChunkRow {
  position: number;
  documentId: string;
  sourceDocumentId: string;
  sourceVersion: string;
  chunkId: string;
  chunkIndex: number;
  securityLevel: number;
  admittedBy: string;
  organizationIds: string[];
  title: string | null;
  documentVersion: string | null;
  hidden: boolean | null;
  currentChunkId: string | null;
  currentChunkVersion: string | null;
}

/** A page of documents, optionally in one state. */
export const listDocuments = (db: Db, state: string | null, after: DocumentCursor | null, limit: number) =>
  q.list_documents<DocumentListRow>(db, [state, after?.at ?? null, after?.id ?? null, limit]);

/** One document. */
export async function documentDetail(db: Db, id: string): Promise<DocumentDetailRow | undefined> {
  const [row] = await q.document_detail<DocumentDetailRow>(db, [id]);
  return row;
}

/** A document's ingestion jobs, newest first. */
export const documentJobs = (db: Db, id: string, limit: number) => q.document_jobs<JobRow>(db, [id, limit]);

/** A document's reachable chunks per source version. */
export const documentChunkVersions = (db: Db, id: string) =>
  q.document_chunk_versions<{ sourceVersion: string; chunks: number; visible: number }>(db, [id]);

/** Organizations by id. */
export const organizationNames = (db: Db, ids: string[]) =>
  q.organization_names<{ id: string; code: string; name: string; isPublic: boolean }>(db, [ids]);

/** A page of audit rows. */
export const listAudit = (db: Db, before: number | null, action: string | null, limit: number) =>
  q.list_audit<AuditListRow>(db, [before, action, limit]);

/** One audit row (without its results). */
export async function auditEntry(db: Db, id: number) {
  const [row] = await q.audit_entry<
    Omit<AuditListRow, "resultCount"> & { details: Record<string, unknown> }
  >(db, [id]);
  return row;
}

/** An audit row's returned chunks beside their current state. */
export const replayChunks = (db: Db, id: number) => q.replay_chunks<ReplayChunkRow>(db, [id]);

/** The settings a version held. */
export async function settingsAtVersion(db: Db, version: number) {
  const [row] = await q.settings_at_version<{ version: number; settings: Record<string, unknown>; changedAt: Date }>(
    db,
    [version],
  );
  return row;
}
