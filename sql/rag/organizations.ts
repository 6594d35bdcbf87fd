/** Statements on organizations and the organization sync's state. */
import { type Db, loadQueries } from "@/sql/mod.ts";
import type { PrincipalTx, SystemTx } from "./session.ts";

const q = loadQueries(new URL("./organizations.sql", import.meta.url), {
  upsert_organizations: { params: ["jsonb", "int8"] },
  deactivate_missing: { params: ["_uuid"], columns: { deactivated: "int4" } },
  ensure_public_bucket: { params: ["uuid"] },
  record_sync: { params: ["bool", "text?", "int8?", "timestamptz?"] },
  read_clock: { columns: { now: "timestamptz" } },
  lock_sync: {},
  superseded: { params: ["timestamptz"], columns: { superseded: "bool" } },
  sync_state: {
    columns: {
      lastSuccessAt: "timestamptz?",
      lastAttemptAt: "timestamptz?",
      error: "text?",
      directoryVersion: "int8?",
    },
  },
  unseen_organizations: { params: ["_uuid"], columns: { ids: "_text" } },
});

/** An organization as the directory describes it. */
export interface OrganizationInput {
  id: string;
  tenantId: string;
  code: string;
  name: string;
  parentId: string | null;
  isActive: boolean;
}

/** Upserts organizations as of the directory's version. */
export async function upsertOrganizations(
  tx: SystemTx,
  a: { organizations: OrganizationInput[]; directoryVersion: number },
): Promise<void> {
  await q.upsert_organizations(tx, [a.organizations, a.directoryVersion]);
}

/** Deactivates organizations missing from `ids`; returns how many. */
export async function deactivateMissing(tx: SystemTx, ids: string[]): Promise<number> {
  const [row] = await q.deactivate_missing(tx, [ids]);
  return row.deactivated;
}

/** Creates the public bucket when missing. */
export async function ensurePublicBucket(tx: SystemTx, id: string): Promise<void> {
  await q.ensure_public_bucket(tx, [id]);
}

/** Records a sync attempt; `readStartedAt` only for a success. */
export async function recordSync(
  tx: SystemTx,
  a: { success: boolean; error: string | null; directoryVersion: number | null; readStartedAt: Date | null },
): Promise<void> {
  await q.record_sync(tx, [a.success, a.error, a.directoryVersion, a.readStartedAt]);
}

/** The database's clock now (it reads no table: runs on the pool). */
export async function readClock(db: Db): Promise<Date> {
  const [row] = await q.read_clock(db);
  return row.now;
}

/**
 * Serialises applying syncs until the transaction ends and says whether one that began reading the directory
 * after `readStartedAt` has already been applied.
 */
export async function lockSync(tx: SystemTx, readStartedAt: Date): Promise<boolean> {
  await q.lock_sync(tx);
  const [row] = await q.superseded(tx, [readStartedAt]);
  return row.superseded;
}

/** The sync's state, if it ever ran (every role may read it: runs on the pool). */
export async function syncState(db: Db) {
  const [row] = await q.sync_state(db);
  return row;
}

/** Those of `ids` the caller's principal does not see (it sees its tenant's organizations and the public bucket). */
export async function unseenOrganizations(tx: PrincipalTx, ids: string[]): Promise<string[]> {
  const [row] = await q.unseen_organizations(tx, [ids]);
  return row.ids;
}
