/** Statements on portals' authorization snapshots. */
import { copyLines, type Db, loadCopies, loadQueries, typed } from "@/sql/mod.ts";
import { RENDERED_PAGE } from "./users.ts";

const q = loadQueries(new URL("./snapshots.sql", import.meta.url), {
  try_lock_publication: { params: ["text"], columns: { locked: "bool" } },
  unlock_publication: { params: ["text"] },
  users_for_snapshot: { params: ["_uuid"], columns: { id: "uuid", companyId: "uuid" } },
  latest_snapshot: { params: ["text"], columns: { id: "uuid", previousId: "uuid?" } },
  widen_work_mem: {},
  count_changes: { params: ["uuid", "uuid"], columns: { n: "int4" } },
  delete_entries: { params: ["uuid"] },
  demote_snapshot: { params: ["uuid"] },
  insert_latest_snapshot: {
    params: ["uuid", "text", "text", "int4", "int4", "uuid?", "int4"],
    columns: { collectedAt: "timestamptz" },
  },
  portal_overview: {
    // A portal that tried to publish but never did has its publication status and no snapshot (a full join).
    columns: {
      portalId: "text",
      snapshotId: "uuid?",
      sourceVersion: "text?",
      collectedAt: "timestamptz?",
      userCount: "int4?",
      assignmentCount: "int4?",
      publicationState: "text?",
      publicationFailedAt: "timestamptz?",
      publicationError: "text?",
      lastSyncAt: "timestamptz?",
      driftUsers: "int4",
      changedUsers: "int4?",
      dataVersion: "int8",
    },
  },
  portal_entries: { params: ["text", "uuid?", "int4", "bool"], columns: { ...RENDERED_PAGE, lastId: "uuid?" } },
  user_assignments: {
    params: ["uuid"],
    columns: {
      portalId: "text",
      snapshotId: "uuid",
      sourceVersion: "text",
      collectedAt: "timestamptz",
      companyId: "uuid",
      assignments: typed<Array<{ kind: string; key: string; label: string; scope: string | null }>>("json"),
    },
  },
  portal_changes: { params: ["text", "uuid?", "int4"], columns: { ...RENDERED_PAGE, lastId: "uuid?" } },
});
const copies = loadCopies(new URL("./snapshots.sql", import.meta.url), ["copy_entries"]);

/** One entry to store: the user, its company now, and its assignments as canonical JSON in UTF-8. */
export interface EntryRow {
  userId: string;
  companyId: string;
  assignments: Uint8Array;
}

const BACKSLASH = 0x5c;

/** Writes a UUID's 36 characters at `at`; returns the index after them. */
function putUuid(out: Uint8Array, at: number, id: string): number {
  for (let i = 0; i < 36; i++) out[at++] = id.charCodeAt(i);
  return at;
}

/**
 * The COPY text of a snapshot's entries, as bytes. Canonical JSON holds no raw tab, newline or carriage
 * return, so only its backslashes need escaping, and most entries have none.
 */
export function entryLines(snapshotId: string, entries: EntryRow[]): Uint8Array {
  let size = 0;
  for (const e of entries) size += 3 * 37 + 2 * e.assignments.length + 1;
  const out = new Uint8Array(size);
  let at = 0;
  for (const e of entries) {
    at = putUuid(out, at, snapshotId);
    out[at++] = 0x09;
    at = putUuid(out, at, e.userId);
    out[at++] = 0x09;
    at = putUuid(out, at, e.companyId);
    out[at++] = 0x09;
    const json = e.assignments;
    if (json.indexOf(BACKSLASH) < 0) {
      out.set(json, at);
      at += json.length;
    } else {
      for (const b of json) {
        if (b === BACKSLASH) out[at++] = BACKSLASH;
        out[at++] = b;
      }
    }
    out[at++] = 0x0a;
  }
  return out.subarray(0, at);
}

/**
 * Takes the portal's publication lock for the session of `db` (a reserved connection, never a transaction);
 * false when another session, in any process, holds it.
 */
export async function tryLockPublication(db: Db, portalId: string): Promise<boolean> {
  const [row] = await q.try_lock_publication(db, [portalId]);
  return row.locked;
}

/** Gives the portal's publication lock back. */
export async function unlockPublication(db: Db, portalId: string): Promise<void> {
  await q.unlock_publication(db, [portalId]);
}

/** The live users among `ids`, with their company. */
export function usersForSnapshot(db: Db, ids: string[]) {
  return q.users_for_snapshot(db, [ids]);
}

/** Streams entry text (see `entryLines`) into the entries table with COPY. */
export async function copyEntries(db: Db, pieces: AsyncIterable<Uint8Array>): Promise<void> {
  await copyLines(await copies.copy_entries(db), pieces);
}

/** The portal's latest snapshot (locked) and the one it replaced. */
export async function latestSnapshot(db: Db, portalId: string) {
  const [row] = await q.latest_snapshot(db, [portalId]);
  return row;
}

/** How many users' assignments differ between two snapshots (in a transaction: it widens work_mem). */
export async function countChanges(db: Db, a: { snapshotId: string; previousId: string }): Promise<number> {
  await q.widen_work_mem(db);
  const [row] = await q.count_changes(db, [a.snapshotId, a.previousId]);
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
  const [row] = await q.insert_latest_snapshot(db, [
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

/** Every portal's latest snapshot and publication status. */
export function portalOverview(db: Db) {
  return q.portal_overview(db);
}

/** One page of a portal's latest entries. */
export async function portalEntries(
  db: Db,
  a: { portalId: string; afterUserId: string | null; limit: number; driftOnly: boolean },
) {
  const [row] = await q.portal_entries(db, [a.portalId, a.afterUserId, a.limit, a.driftOnly]);
  return row;
}

/** A user's entries across portals' latest snapshots. */
export function userAssignments(db: Db, userId: string) {
  return q.user_assignments(db, [userId]);
}

/** One page of a portal's latest changes. */
export async function portalChanges(db: Db, a: { portalId: string; afterUserId: string | null; limit: number }) {
  const [row] = await q.portal_changes(db, [a.portalId, a.afterUserId, a.limit]);
  return row;
}
