/** Statements on organizations and the organization sync's state. */
import { type Db, loadQueries } from "@/sql/mod.ts";

const q = loadQueries(new URL("./organizations.sql", import.meta.url), [
  "upsert_organizations",
  "deactivate_missing",
  "ensure_public_bucket",
  "record_sync",
  "read_clock",
  "lock_sync",
  "superseded",
  "sync_state",
  "unseen_organizations",
]);

/** An organization as the directory describes it. */
export interface OrganizationInput {
  id: string;
  tenantId: string;
  code: string;
  name: string;
  parentId: string | null;
  isActive: boolean;
}

/** Upserts organizations. */
export async function upsertOrganizations(db: Db, orgs: OrganizationInput[], directoryVersion: number): Promise<void> {
  await q.upsert_organizations(db, [orgs as unknown as Record<string, unknown>[], directoryVersion]);
}

/** Deactivates organizations missing from `ids`; returns how many. */
export async function deactivateMissing(db: Db, ids: string[]): Promise<number> {
  const [row] = await q.deactivate_missing<{ deactivated: number }>(db, [ids]);
  return row.deactivated;
}

/** Creates the public bucket when missing. */
export async function ensurePublicBucket(db: Db, id: string): Promise<void> {
  await q.ensure_public_bucket(db, [id]);
}

/** Records a sync attempt; `readStartedAt` only for a success. */
export async function recordSync(
  db: Db,
  success: boolean,
  error: string | null,
  directoryVersion: number | null,
  readStartedAt: Date | null,
): Promise<void> {
  await q.record_sync(db, [success, error, directoryVersion, readStartedAt]);
}

/** The database's clock now. */
export async function readClock(db: Db): Promise<Date> {
  const [row] = await q.read_clock<{ now: Date }>(db);
  return row.now;
}

/**
 * Serialises applying syncs until the transaction ends and says whether one that began reading the directory
 * after `readStartedAt` has already been applied.
 */
export async function lockSync(db: Db, readStartedAt: Date): Promise<boolean> {
  await q.lock_sync(db);
  const [row] = await q.superseded<{ superseded: boolean }>(db, [readStartedAt]);
  return row.superseded;
}

/** The sync's state, if it ever ran. */
export async function syncState(db: Db) {
  const [row] = await q.sync_state<
    { lastSuccessAt: Date | null; lastAttemptAt: Date; error: string | null; directoryVersion: number | null }
  >(db);
  return row;
}

/** Those of `ids` the caller's principal does not see (it sees its tenant's organizations and the public bucket). */
export async function unseenOrganizations(db: Db, ids: string[]): Promise<string[]> {
  const [row] = await q.unseen_organizations<{ ids: string[] }>(db, [ids]);
  return row.ids;
}
