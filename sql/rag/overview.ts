/** Statements behind the retrieval overview. */
import { type Db, loadQueries } from "@/sql/mod.ts";

const q = loadQueries(new URL("./overview.sql", import.meta.url), [
  "documents_by_status",
  "chunk_count",
  "jobs_by_status",
  "recent_failures",
  "organization_sync",
  "activity_by_hour",
  "recent_audit",
  "pseudonym_key",
]);

/** A status and how many have it. */
export interface StatusCount {
  status: string;
  count: number;
}

/** A failed document. */
export interface FailureRow {
  id: string;
  portalId: string;
  sourceDocumentId: string;
  sourceVersion: string;
  indexedVersion: string | null;
  title: string;
  error: string | null;
  errorCode: string | null;
  updatedAt: Date;
}

/** An audit row in brief. */
export interface AuditBrief {
  id: number;
  at: Date;
  action: string;
  sub: string;
  organizationId: string | null;
  claimedOrganizationId: string | null;
  clearanceLevel: number | null;
  isAdmin: boolean;
  outcome: string;
  latencyMs: number | null;
  resultCount: number;
  settingsVersion: number | null;
  directoryVersion: number | null;
}

export const documentsByStatus = (db: Db) => q.documents_by_status<StatusCount>(db);
export const jobsByStatus = (db: Db) => q.jobs_by_status<StatusCount>(db);
export const recentFailures = (db: Db, limit: number) => q.recent_failures<FailureRow>(db, [limit]);
export const recentAudit = (db: Db, limit: number) => q.recent_audit<AuditBrief>(db, [limit]);
export const activityByHour = (db: Db) => q.activity_by_hour<{ hour: Date; searches: number; answers: number }>(db);

/** Chunks the caller may reach, and how many of them searches leave out. */
export async function chunkCount(db: Db) {
  const [row] = await q.chunk_count<{ total: number; hidden: number }>(db);
  return row;
}

/** The organization sync's state. */
export async function organizationSync(db: Db) {
  const [row] = await q.organization_sync<{
    lastSuccessAt: Date | null;
    lastAttemptAt: Date | null;
    error: string | null;
    directoryVersion: number | null;
    organizations: number;
    active: number;
  }>(db);
  return row;
}

/** The pseudonym key (system principal only). */
export async function pseudonymKey(db: Db): Promise<Uint8Array> {
  const [row] = await q.pseudonym_key<{ secret: Uint8Array }>(db);
  return row.secret;
}
