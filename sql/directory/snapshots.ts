/** Statements on portals' authorization snapshots. */
import { copyLines, copyText, type Db, loadCopies, loadQueries } from "@/sql/mod.ts";
import type { RenderedPage } from "./users.ts";

const q = loadQueries(new URL("./snapshots.sql", import.meta.url), [
  "lock_portal_snapshot",
  "users_for_snapshot",
  "insert_snapshot",
  "latest_snapshot",
  "snapshot_entries",
  "delete_entries",
  "demote_snapshot",
  "promote_snapshot",
  "portal_overview",
  "portal_entries",
  "user_assignments",
  "portal_changes",
]);
const copies = loadCopies(new URL("./snapshots.sql", import.meta.url), ["copy_entries", "copy_changes"]);

/** One entry to store: the user, its company now, and its assignments as canonical JSON text. */
export interface EntryRow {
  userId: string;
  companyId: string;
  assignmentsJson: string;
}

/** Serialises the portal's publications until the transaction ends. */
export async function lockPortalSnapshot(db: Db, portalId: string): Promise<void> {
  await q.lock_portal_snapshot(db, [portalId]);
}

/** The live users among `ids`, with their company. */
export function usersForSnapshot(db: Db, ids: string[]) {
  return q.users_for_snapshot<{ id: string; companyId: string }>(db, [ids]);
}

/** Records a publication; returns its id and collection time. */
export async function insertSnapshot(
  db: Db,
  portalId: string,
  sourceVersion: string,
  users: number,
  assignments: number,
) {
  const [row] = await q.insert_snapshot<{ id: string; collectedAt: Date }>(db, [
    portalId,
    sourceVersion,
    users,
    assignments,
  ]);
  return row;
}

/** Streams entries into the snapshot with COPY. */
export async function copyEntries(db: Db, snapshotId: string, entries: Iterable<EntryRow>): Promise<void> {
  const stream = await copies.copy_entries(db);
  await copyLines(
    stream,
    (function* () {
      for (const e of entries) yield `${snapshotId}\t${e.userId}\t${e.companyId}\t${copyText(e.assignmentsJson)}\n`;
    })(),
  );
}

/** The portal's latest snapshot id, locked. */
export async function latestSnapshot(db: Db, portalId: string): Promise<string | undefined> {
  const [row] = await q.latest_snapshot<{ id: string }>(db, [portalId]);
  return row?.id;
}

/** A snapshot's entries as user id to canonical assignments text. */
export async function snapshotEntries(db: Db, snapshotId: string): Promise<Map<string, string>> {
  const rows = await q.snapshot_entries<{ userId: string; assignments: string }>(db, [snapshotId]);
  return new Map(rows.map((r) => [r.userId, r.assignments]));
}

/** One user's change against the previous snapshot, as JSON arrays. */
export interface ChangeRow {
  userId: string;
  addedJson: string;
  removedJson: string;
}

/** Streams per-user changes with COPY. */
export async function copyChanges(db: Db, snapshotId: string, changes: Iterable<ChangeRow>): Promise<void> {
  const stream = await copies.copy_changes(db);
  await copyLines(
    stream,
    (function* () {
      for (const c of changes) {
        yield `${snapshotId}\t${c.userId}\t${copyText(c.addedJson)}\t${copyText(c.removedJson)}\n`;
      }
    })(),
  );
}

/** Deletes a replaced snapshot's entries and clears its latest mark. */
export async function retireSnapshot(db: Db, snapshotId: string): Promise<void> {
  await q.delete_entries(db, [snapshotId]);
  await q.demote_snapshot(db, [snapshotId]);
}

/** Marks a snapshot as the portal's latest and trims old history. */
export async function promoteSnapshot(db: Db, snapshotId: string, portalId: string): Promise<void> {
  await q.promote_snapshot(db, [snapshotId, portalId]);
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
