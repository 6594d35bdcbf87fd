/** Statements on portals' authorization snapshots. */
import { copyLines, copyText, type Db, loadCopies, loadQueries } from "@/sql/mod.ts";
import type { RenderedPage } from "./users.ts";

const q = loadQueries(new URL("./snapshots.sql", import.meta.url), [
  "lock_portal_snapshot",
  "users_for_snapshot",
  "latest_snapshot",
  "count_changes",
  "delete_entries",
  "demote_snapshot",
  "insert_latest_snapshot",
  "portal_overview",
  "portal_entries",
  "user_assignments",
  "portal_changes",
]);
const copies = loadCopies(new URL("./snapshots.sql", import.meta.url), ["copy_entries"]);

/** One entry to store: the user, its company now, and its assignments as canonical JSON text. */
export interface EntryRow {
  userId: string;
  companyId: string;
  assignmentsJson: string;
}

/** The COPY text of a snapshot's entries. */
export function entryLines(snapshotId: string, entries: EntryRow[]): string {
  let text = "";
  for (const e of entries) text += `${snapshotId}\t${e.userId}\t${e.companyId}\t${copyText(e.assignmentsJson)}\n`;
  return text;
}

/** Serialises the portal's publications until the transaction ends. */
export async function lockPortalSnapshot(db: Db, portalId: string): Promise<void> {
  await q.lock_portal_snapshot(db, [portalId]);
}

/** The live users among `ids`, with their company. */
export function usersForSnapshot(db: Db, ids: string[]) {
  return q.users_for_snapshot<{ id: string; companyId: string }>(db, [ids]);
}

/** Streams entry text (see `entryLines`) into the entries table with COPY. */
export async function copyEntries(db: Db, pieces: AsyncIterable<string>): Promise<void> {
  await copyLines(await copies.copy_entries(db), pieces);
}

/** The portal's latest snapshot (locked) and the one it replaced. */
export async function latestSnapshot(db: Db, portalId: string) {
  const [row] = await q.latest_snapshot<{ id: string; previousId: string | null }>(db, [portalId]);
  return row;
}

/** How many users' assignments differ between two snapshots. */
export async function countChanges(db: Db, snapshotId: string, previousId: string): Promise<number> {
  const [row] = await q.count_changes<{ n: number }>(db, [snapshotId, previousId]);
  return row.n;
}

/** Deletes a snapshot's entries. */
export async function deleteEntries(db: Db, snapshotId: string): Promise<void> {
  await q.delete_entries(db, [snapshotId]);
}

/** Clears a replaced snapshot's latest mark. */
export async function demoteSnapshot(db: Db, snapshotId: string): Promise<void> {
  await q.demote_snapshot(db, [snapshotId]);
}

/** A publication's record, written once its entries are in. */
export interface SnapshotRow {
  id: string;
  portalId: string;
  sourceVersion: string;
  userCount: number;
  assignmentCount: number;
  previousId: string | null;
  changedUsers: number;
}

/** Records a publication as the portal's latest and trims old history; returns its collection time. */
export async function insertLatestSnapshot(db: Db, r: SnapshotRow): Promise<Date> {
  const [row] = await q.insert_latest_snapshot<{ collectedAt: Date }>(db, [
    r.id,
    r.portalId,
    r.sourceVersion,
    r.userCount,
    r.assignmentCount,
    r.previousId,
    r.changedUsers,
  ]);
  return row.collectedAt;
}

/** One row of the dashboard's portal overview. */
export interface PortalOverviewRow {
  portalId: string;
  snapshotId: string | null;
  sourceVersion: string | null;
  collectedAt: Date | null;
  userCount: number | null;
  assignmentCount: number | null;
  publicationState: string | null;
  publicationFailedAt: Date | null;
  publicationError: string | null;
  lastSyncAt: Date | null;
  driftUsers: number;
  changedUsers: number;
  dataVersion: number;
}

/** Every portal's latest snapshot and publication status. */
export function portalOverview(db: Db) {
  return q.portal_overview<PortalOverviewRow>(db);
}

/** One page of a portal's latest entries. */
export async function portalEntries(
  db: Db,
  portalId: string,
  afterUserId: string | null,
  limit: number,
  driftOnly: boolean,
) {
  const [row] = await q.portal_entries<RenderedPage & { lastId: string | null }>(db, [
    portalId,
    afterUserId,
    limit,
    driftOnly,
  ]);
  return row;
}

/** A user's entries across portals' latest snapshots. */
export function userAssignments(db: Db, userId: string) {
  return q.user_assignments<{
    portalId: string;
    snapshotId: string;
    sourceVersion: string;
    collectedAt: Date;
    companyId: string;
    assignments: Array<{ kind: string; key: string; label: string; scope: string | null }>;
  }>(db, [userId]);
}

/** One page of a portal's latest changes. */
export async function portalChanges(db: Db, portalId: string, afterUserId: string | null, limit: number) {
  const [row] = await q.portal_changes<RenderedPage & { lastId: string | null }>(db, [portalId, afterUserId, limit]);
  return row;
}
