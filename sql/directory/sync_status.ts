/** Statements on portal sync status and credential failures. */
import { type Db, loadQueries, type RowOf, typed } from "@/sql/mod.ts";

/** The columns of a sync status record. */
const SYNC_STATUS = {
  portalId: "text",
  resource: typed<SyncResource>("text"),
  state: typed<SyncState>("text"),
  lastSuccessAt: "timestamptz?",
  lastFailureAt: "timestamptz?",
  error: "text?",
  dataVersion: "int8?",
  updatedAt: "timestamptz",
} as const;

const q = loadQueries(new URL("./sync_status.sql", import.meta.url), {
  record_sync: { params: ["text", "text", "bool", "timestamptz", "int8?", "text?"], columns: SYNC_STATUS },
  list_sync_status: { columns: SYNC_STATUS },
  mark_stale: {
    params: ["int4"],
    // Only records with a last success older than the threshold are marked.
    columns: { portalId: "text", resource: typed<SyncResource>("text"), lastSuccessAt: "timestamptz!" },
  },
  record_credential_failure: { params: ["text", "text"] },
  list_credential_failures: {
    columns: { portalId: "text", failures: "int8", lastAt: "timestamptz", lastReason: "text" },
  },
});

/** A resource a portal syncs. */
export type SyncResource = "users" | "departments" | "user-groups" | "authorization-snapshot";
/** The state of one portal's sync of one resource. */
export type SyncState = "NEVER_SYNCED" | "HEALTHY" | "STALE" | "FAILED";

/** A sync status record. */
export type SyncStatusRow = RowOf<typeof q.list_sync_status>;

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
  const [row] = await q.record_sync(db, [
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
  return q.list_sync_status(db);
}

/** Marks records STALE after `seconds` without success; returns those it marked. */
export function markStale(db: Db, seconds: number) {
  return q.mark_stale(db, [seconds]);
}

/** Counts a credential failure against a portal. */
export async function recordCredentialFailure(db: Db, a: { portalId: string; reason: string }): Promise<void> {
  await q.record_credential_failure(db, [a.portalId, a.reason]);
}

/** Credential failures per portal. */
export function listCredentialFailures(db: Db) {
  return q.list_credential_failures(db);
}
