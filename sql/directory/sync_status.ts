/** Statements on portal sync status and credential failures. */
import { type Db, loadQueries } from "@/sql/mod.ts";

const q = loadQueries(new URL("./sync_status.sql", import.meta.url), [
  "record_sync",
  "list_sync_status",
  "mark_stale",
  "record_credential_failure",
  "list_credential_failures",
]);

/** A resource a portal syncs. */
export type SyncResource = "users" | "departments" | "user-groups" | "authorization-snapshot";
/** The state of one portal's sync of one resource. */
export type SyncState = "NEVER_SYNCED" | "HEALTHY" | "STALE" | "FAILED";

/** A sync status record. */
export interface SyncStatusRow {
  portalId: string;
  resource: SyncResource;
  state: SyncState;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  error: string | null;
  dataVersion: number | null;
  updatedAt: Date | null;
}

/** One report to apply. */
export interface SyncReport {
  portalId: string;
  resource: SyncResource;
  success: boolean;
  occurredAt: Date;
  dataVersion: number | null;
  error: string | null;
}

/** Applies a report and returns the record. */
export async function recordSync(db: Db, r: SyncReport): Promise<SyncStatusRow> {
  const [row] = await q.record_sync<SyncStatusRow>(db, [
    r.portalId,
    r.resource,
    r.success,
    r.occurredAt,
    r.dataVersion,
    r.error,
  ]);
  return row;
}

/** Every record. */
export function listSyncStatus(db: Db): Promise<SyncStatusRow[]> {
  return q.list_sync_status<SyncStatusRow>(db);
}

/** Marks records STALE after `seconds` without success; returns those it marked. */
export function markStale(db: Db, seconds: number) {
  return q.mark_stale<{ portalId: string; resource: SyncResource; lastSuccessAt: Date }>(db, [seconds]);
}

/** Counts a credential failure against a portal. */
export async function recordCredentialFailure(db: Db, portalId: string, reason: string): Promise<void> {
  await q.record_credential_failure(db, [portalId, reason]);
}

/** Credential failures per portal. */
export function listCredentialFailures(db: Db) {
  return q.list_credential_failures<{ portalId: string; failures: number; lastAt: Date; lastReason: string }>(db);
}
