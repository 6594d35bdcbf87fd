/** Statements behind the retrieval administration screen: documents, their versions, and audit replay. */
import { loadQueries, type RowOf, typed } from "@/sql/mod.ts";
import { DOCUMENT_SUMMARY } from "./documents.ts";
import type { PrincipalTx } from "./session.ts";

/** The columns of a document as the screen's list shows it. */
export const DOCUMENT_ROW = {
  ...DOCUMENT_SUMMARY,
  status: "text",
  published: "bool",
  hidden: "bool",
  securityLevel: "int2",
  chunkCount: "int4",
  error: "text?",
  errorCode: "text?",
  updatedAt: "timestamptz",
} as const;

/** The columns of an audit row as the screen lists and replays it. */
const AUDIT_ROW = {
  id: "int8",
  at: "timestamptz",
  action: "text",
  sub: "text",
  outcome: "text",
  latencyMs: "int4?",
  settingsVersion: "int8?",
  directoryVersion: "int8?",
} as const;

const q = loadQueries(new URL("./admin_screen.sql", import.meta.url), {
  list_documents: {
    params: ["text?", "text?", "uuid?", "int4"],
    columns: {
      ...DOCUMENT_ROW,
      /** `created_at` as PostgreSQL prints it (microseconds kept), for the next page's cursor. */
      cursorAt: "text",
    },
  },
  document_detail: {
    params: ["uuid"],
    columns: {
      ...DOCUMENT_SUMMARY,
      classification: "text",
      contentType: "text",
      contentLocator: "text",
      sizeBytes: "int8",
      status: "text",
      published: "bool",
      fetchApproved: "bool",
      deletedAt: "timestamptz?",
      securityLevel: "int2",
      organizationIds: "_uuid",
      chunkCount: "int4",
      error: "text?",
      errorCode: "text?",
      lastIngestedAt: "timestamptz?",
      createdAt: "timestamptz",
      updatedAt: "timestamptz",
    },
  },
  document_jobs: {
    params: ["uuid", "int4"],
    columns: {
      id: "uuid",
      sourceVersion: "text",
      status: "text",
      attempts: "int4",
      error: "text?",
      errorCode: "text?",
      createdAt: "timestamptz",
      finishedAt: "timestamptz?",
    },
  },
  document_chunk_versions: { params: ["uuid"], columns: { sourceVersion: "text", chunks: "int4", visible: "int4" } },
  organization_names: { params: ["_uuid"], columns: { id: "uuid", code: "text", name: "text", isPublic: "bool" } },
  list_audit: {
    params: ["int8?", "text?", "int4"],
    columns: { ...AUDIT_ROW, resultCount: "int4" },
  },
  count_audit: { params: ["text?", "int4"], columns: { total: "int4" } },
  audit_entry: {
    params: ["int8"],
    columns: { ...AUDIT_ROW, details: typed<Record<string, unknown>>("jsonb") },
  },
  replay_chunks: {
    params: ["int8"],
    columns: {
      position: "int4",
      documentId: "uuid",
      sourceDocumentId: "text",
      sourceVersion: "text",
      chunkId: "text",
      chunkIndex: "int4",
      securityLevel: "int4",
      admittedBy: "text",
      organizationIds: "_uuid",
      // The registry and chunk columns come through left joins: a chunk gone since reads as nulls.
      title: "text?",
      documentVersion: "text?",
      hidden: "bool?",
      currentChunkId: "text?",
      currentChunkVersion: "text?",
    },
  },
  settings_at_version: {
    params: ["int8"],
    columns: { version: "int8", settings: typed<Record<string, unknown>>("jsonb"), changedAt: "timestamptz" },
  },
  tenant_settings_at_version: {
    params: ["uuid", "int8"],
    columns: { version: "int8", overrides: typed<Record<string, unknown>>("jsonb") },
  },
});

/** Where a document list starts: after the row with this `created_at` text and id. */
export interface DocumentCursor {
  at: string;
  id: string;
}

/** One returned chunk of an audit row, beside its current state. */
export type ReplayChunkRow = RowOf<typeof q.replay_chunks>;

/** A page of documents, optionally in one state. */
export const listDocuments = (
  tx: PrincipalTx,
  a: { state: string | null; after: DocumentCursor | null; limit: number },
) => q.list_documents(tx, [a.state, a.after?.at ?? null, a.after?.id ?? null, a.limit]);

/** One document. */
export async function documentDetail(tx: PrincipalTx, id: string) {
  const [row] = await q.document_detail(tx, [id]);
  return row;
}

/** A document's ingestion jobs, newest first. */
export const documentJobs = (tx: PrincipalTx, a: { id: string; limit: number }) => q.document_jobs(tx, [a.id, a.limit]);

/** A document's reachable chunks per source version. */
export const documentChunkVersions = (tx: PrincipalTx, id: string) => q.document_chunk_versions(tx, [id]);

/** Organizations by id. */
export const organizationNames = (tx: PrincipalTx, ids: string[]) => q.organization_names(tx, [ids]);

/** A page of audit rows. */
export const listAudit = (tx: PrincipalTx, a: { before: number | null; action: string | null; limit: number }) =>
  q.list_audit(tx, [a.before, a.action, a.limit]);

/** How many audit rows the caller sees, optionally of one action, counting no further than `cap`. */
export async function countAudit(tx: PrincipalTx, action: string | null, cap: number): Promise<number> {
  const [row] = await q.count_audit(tx, [action, cap]);
  return row.total;
}

/** One audit row (without its results). */
export async function auditEntry(tx: PrincipalTx, id: number) {
  const [row] = await q.audit_entry(tx, [id]);
  return row;
}

/** An audit row's returned chunks beside their current state. */
export const replayChunks = (tx: PrincipalTx, id: number) => q.replay_chunks(tx, [id]);

/** The settings a version held. */
export async function settingsAtVersion(tx: PrincipalTx, version: number) {
  const [row] = await q.settings_at_version(tx, [version]);
  return row;
}

/** The overrides a tenant's version held. */
export async function tenantSettingsAtVersion(tx: PrincipalTx, a: { tenantId: string; version: number }) {
  const [row] = await q.tenant_settings_at_version(tx, [a.tenantId, a.version]);
  return row;
}
