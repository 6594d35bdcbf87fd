/** Statements behind the retrieval overview. */
import { loadQueries } from "@/sql/mod.ts";
import { DOCUMENT_SUMMARY } from "./documents.ts";
import type { PrincipalTx, SystemTx } from "./session.ts";

const q = loadQueries(new URL("./overview.sql", import.meta.url), {
  documents_by_status: { columns: { status: "text", count: "int4" } },
  chunk_count: { columns: { total: "int4", hidden: "int4" } },
  jobs_by_status: { columns: { status: "text", count: "int4" } },
  recent_failures: {
    params: ["int4"],
    columns: {
      ...DOCUMENT_SUMMARY,
      error: "text?",
      errorCode: "text?",
      updatedAt: "timestamptz",
    },
  },
  organization_sync: {
    columns: {
      lastSuccessAt: "timestamptz?",
      lastAttemptAt: "timestamptz?",
      error: "text?",
      directoryVersion: "int8?",
      organizations: "int4",
      active: "int4",
    },
  },
  activity_by_hour: { columns: { hour: "timestamptz", searches: "int4", answers: "int4" } },
  recent_audit: {
    params: ["int4"],
    columns: {
      id: "int8",
      at: "timestamptz",
      action: "text",
      sub: "text",
      organizationId: "uuid?",
      claimedOrganizationId: "uuid?",
      clearanceLevel: "int2?",
      isAdmin: "bool",
      outcome: "text",
      latencyMs: "int4?",
      resultCount: "int4",
      settingsVersion: "int8?",
      directoryVersion: "int8?",
    },
  },
  service_key: { params: ["text"], columns: { secret: "bytea" } },
});

/** Documents the caller sees, by status (hidden ones apart). */
export const documentsByStatus = (tx: PrincipalTx) => q.documents_by_status(tx);
/** Ingestion jobs of the last day, by status. */
export const jobsByStatus = (tx: PrincipalTx) => q.jobs_by_status(tx);
/** The latest failed documents. */
export const recentFailures = (tx: PrincipalTx, limit: number) => q.recent_failures(tx, [limit]);
/** The latest audit rows in brief. */
export const recentAudit = (tx: PrincipalTx, limit: number) => q.recent_audit(tx, [limit]);
/** Searches and answers per hour over the last day. */
export const activityByHour = (tx: PrincipalTx) => q.activity_by_hour(tx);

/** Chunks the caller may reach, and how many of them searches leave out. */
export async function chunkCount(tx: PrincipalTx) {
  const [row] = await q.chunk_count(tx);
  return row;
}

/** The organization sync's state. */
export async function organizationSync(tx: PrincipalTx) {
  const [row] = await q.organization_sync(tx);
  return row;
}

/** The installation's key `name` (the system role only). */
export async function serviceKey(tx: SystemTx, name: "pseudonym" | "question" | "cursor"): Promise<Uint8Array> {
  const [row] = await q.service_key(tx, [name]);
  return row.secret;
}
