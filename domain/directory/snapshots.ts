/**
 * Authorization snapshots (seed 1.2, 2, 3 and CONTRACT 1.3 rule 2): a portal
 * publishes the groups, roles and permissions it grants each user; the ledger keeps
 * the latest per portal as a read-only observation and shows them side by side.
 */
import * as snapshots from "@/sql/directory/snapshots.ts";
import { recordSync } from "@/sql/directory/sync_status.ts";
import { type Actor, insertAudit } from "@/sql/directory/audit.ts";
import { beginOn, type Db } from "@/sql/mod.ts";
import { AppError } from "@/domain/errors.ts";
import type { DirectoryContext } from "./context.ts";
import { inPublication, type PublicationSession } from "./publications.ts";
import { recordPublicationFailure } from "./sync_status.ts";
import type { SnapshotReceipt } from "./schemas.ts";

/** One validated entry of a publication: the user (lower case) and its assignments as canonical JSON in UTF-8. */
export interface SnapshotEntry {
  userId: string;
  assignments: Uint8Array;
  count: number;
}

/**
 * A publication as its body streams in: the header fields as soon as the body has named them ("" until
 * then), and the validated entries in batches. Reading the batches throws on a malformed body.
 */
export interface SnapshotStream {
  header: { portalId: string; sourceVersion: string };
  batches: AsyncIterable<SnapshotEntry[]>;
}

/** Each batch with the company of each of its users the directory knows (live users only). */
async function* withCompanies(db: Db, batches: AsyncIterable<SnapshotEntry[]>) {
  // A batch's lookup runs while the one before it is written and the one after it is read.
  let pending: Promise<{ batch: SnapshotEntry[]; companyOf: Map<string, string> }> | null = null;
  for await (const batch of batches) {
    const next = snapshots.usersForSnapshot(db, batch.map((e) => e.userId))
      .then((users) => ({ batch, companyOf: new Map(users.map((u) => [u.id, u.companyId])) }));
    next.catch(() => {}); // awaited below; this only keeps an early exit from leaving a rejection unhandled
    if (pending) yield await pending;
    pending = next;
  }
  if (pending) yield await pending;
}

/**
 * Accepts a publication for the calling portal as its body streams in, in one of the publication slots (503
 * publications_busy when none is given back within 2 s, 409 publication_in_progress while the portal has one under
 * way). Another portal's ID is 403 portal_mismatch; any unknown user ID rejects it whole (422 unknown_user_ids); a rejection,
 * including a malformed body, is recorded as the portal's publication failure and changes nothing else. A
 * success replaces the portal's latest snapshot in one transaction.
 */
export async function publishSnapshot(
  ctx: DirectoryContext,
  actor: Actor,
  callerPortalId: string,
  body: SnapshotStream,
): Promise<SnapshotReceipt> {
  return await inPublication(ctx.publications, callerPortalId, async (session) => {
    try {
      return await replaceSnapshot(session, actor, callerPortalId, body);
    } catch (err) {
      if (err instanceof AppError) await recordPublicationFailure(ctx, callerPortalId, `rejected: ${err.message}`);
      throw err;
    }
  });
}

/** What a publication's entries add up to. */
interface Tally {
  users: number;
  assignments: number;
}

/**
 * Reads the whole body into the spool as the COPY text of its entries, before any transaction: parsing, the
 * user lookups and the disk's writing overlap while the body arrives, and a body wrong anywhere is refused
 * without a transaction having been opened.
 */
async function spoolEntries(
  { db, spool }: PublicationSession,
  snapshotId: string,
  callerPortalId: string,
  body: SnapshotStream,
): Promise<Tally> {
  const tally = { users: 0, assignments: 0, unknown: [] as string[] };
  const checkPortal = () => {
    const named = body.header.portalId;
    if (named !== "" && named !== callerPortalId) {
      throw new AppError("portal_mismatch", `portalId ${named} is not the calling portal's own ID`);
    }
  };
  for await (const { batch, companyOf } of withCompanies(db, body.batches)) {
    checkPortal();
    const rows = [];
    for (const e of batch) {
      const companyId = companyOf.get(e.userId);
      if (companyId === undefined) tally.unknown.push(e.userId);
      else rows.push({ userId: e.userId, companyId, assignments: e.assignments });
      tally.assignments += e.count;
    }
    tally.users += batch.length;
    // Once a user is unknown the publication is refused: the rest is read only to name them all.
    if (tally.unknown.length === 0) await spool.write(snapshots.entryLines(snapshotId, rows));
  }
  checkPortal();
  if (tally.unknown.length > 0) {
    const message = `${tally.unknown.length} entries name users the directory does not know`;
    throw new AppError("unknown_user_ids", message, { extra: { unknownUserIds: tally.unknown.slice(0, 100) } });
  }
  return tally;
}

/**
 * Spools the entries, then copies them in the transaction that moves the latest mark, so readers see the old
 * snapshot or the new one. The replaced snapshot keeps its entries for the changes view; the one it had
 * replaced gives up its own.
 */
async function replaceSnapshot(
  session: PublicationSession,
  actor: Actor,
  callerPortalId: string,
  body: SnapshotStream,
): Promise<SnapshotReceipt> {
  const snapshotId = crypto.randomUUID();
  const tally = await spoolEntries(session, snapshotId, callerPortalId, body);
  return await beginOn(session.db, async (tx) => {
    const previous = await snapshots.latestSnapshot(tx, callerPortalId);
    await snapshots.copyEntries(tx, session.spool.read());
    const changedUsers = previous ? await snapshots.countChanges(tx, { snapshotId, previousId: previous.id }) : 0;
    if (previous) {
      await snapshots.demoteSnapshot(tx, previous.id);
      if (previous.previousId) await snapshots.deleteEntries(tx, previous.previousId);
    }
    const collectedAt = await snapshots.insertLatestSnapshot(tx, {
      id: snapshotId,
      portalId: callerPortalId,
      sourceVersion: body.header.sourceVersion,
      userCount: tally.users,
      assignmentCount: tally.assignments,
      previousId: previous?.id ?? null,
      changedUsers,
    });
    await recordSync(tx, {
      portalId: callerPortalId,
      resource: "authorization-snapshot",
      success: true,
      occurredAt: collectedAt,
      dataVersion: null,
      error: null,
    });
    const receipt = {
      snapshotId,
      portalId: callerPortalId,
      sourceVersion: body.header.sourceVersion,
      userCount: tally.users,
      assignmentCount: tally.assignments,
      collectedAt: collectedAt.toISOString(),
    };
    await insertAudit(tx, {
      actor,
      action: "authorization_snapshot.publish",
      targetType: "portal",
      targetId: callerPortalId,
      details: receipt,
    });
    return receipt;
  });
}
