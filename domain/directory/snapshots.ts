/**
 * Authorization snapshots (seed 1.2, 2, 3 and CONTRACT 1.3 rule 2): a portal
 * publishes the groups, roles and permissions it grants each user; the ledger keeps
 * the latest per portal as a read-only observation and shows them side by side.
 */
import * as snapshots from "@/sql/directory/snapshots.ts";
import { recordSync } from "@/sql/directory/sync_status.ts";
import { type Actor, insertAudit } from "@/sql/directory/audit.ts";
import { AppError } from "@/domain/errors.ts";
import type { DirectoryContext } from "./context.ts";
import { recordPublicationFailure } from "./sync_status.ts";

/** An assignment as stored: scope is null when the portal gave none. */
export interface Assignment {
  kind: "GROUP" | "ROLE" | "PERMISSION";
  key: string;
  label: string;
  scope: string | null;
}

/** A validated publication: each entry's assignments already canonical (sorted, deduplicated JSON). */
export interface SnapshotInput {
  portalId: string;
  sourceVersion: string;
  entries: Array<{ userId: string; assignmentsJson: string; count: number }>;
}

/** What a successful publication answers. */
export interface SnapshotReceipt {
  snapshotId: string;
  portalId: string;
  sourceVersion: string;
  userCount: number;
  assignmentCount: number;
  collectedAt: string;
}

const ORDER = { GROUP: 0, ROLE: 1, PERMISSION: 2 } as const;
const cmp = (a: string, b: string) => a < b ? -1 : a > b ? 1 : 0;

/** One assignment's canonical JSON text: fixed key order, scope null when absent. */
function elementText(a: Assignment): string {
  return `{"kind":"${a.kind}","key":${JSON.stringify(a.key)},"label":${JSON.stringify(a.label)},"scope":${
    a.scope === null ? "null" : JSON.stringify(a.scope)
  }}`;
}

/**
 * Sorts (by kind, key, scope, label) and deduplicates assignments into canonical
 * JSON text, so equal sets are equal strings: the diff and the storage rely on it.
 */
export function canonicalAssignments(
  list: Array<Omit<Assignment, "scope"> & { scope?: string | null }>,
): { json: string; count: number } {
  const items = list.map((a) => {
    const norm: Assignment = { kind: a.kind, key: a.key, label: a.label, scope: a.scope ?? null };
    return { a: norm, text: elementText(norm) };
  });
  items.sort((x, y) =>
    ORDER[x.a.kind] - ORDER[y.a.kind] || cmp(x.a.key, y.a.key) || cmp(x.a.scope ?? "", y.a.scope ?? "") ||
    cmp(x.a.label, y.a.label)
  );
  const texts: string[] = [];
  for (const item of items) if (texts.at(-1) !== item.text) texts.push(item.text);
  return { json: `[${texts.join(",")}]`, count: texts.length };
}

const SEPARATOR = ',{"kind":';

/**
 * The canonical element texts of a canonical array. Inside JSON strings every `"`
 * is escaped, so the raw text `,{"kind":` only ever separates elements: splitting
 * on it needs no parse.
 */
function elementsOf(json: string | undefined): Set<string> {
  if (json === undefined || json === "[]") return new Set();
  const parts = json.slice(1, -1).split(SEPARATOR);
  for (let i = 1; i < parts.length; i++) parts[i] = `{"kind":${parts[i]}`;
  return new Set(parts);
}

/** The elements `next` adds to and removes from `previous` (canonical JSON arrays; absent means empty). */
export function diffAssignments(
  previous: string | undefined,
  next: string | undefined,
): { addedJson: string; removedJson: string } {
  const before = elementsOf(previous);
  const after = elementsOf(next);
  const added = [...after].filter((e) => !before.has(e));
  const removed = [...before].filter((e) => !after.has(e));
  return { addedJson: `[${added.join(",")}]`, removedJson: `[${removed.join(",")}]` };
}

/** Per-user changes between two snapshots' entries, for every user whose assignments differ. */
function* changesBetween(previous: Map<string, string>, next: SnapshotInput["entries"]) {
  const seen = new Set<string>();
  for (const e of next) {
    seen.add(e.userId);
    const old = previous.get(e.userId);
    if (old !== e.assignmentsJson) yield { userId: e.userId, ...diffAssignments(old, e.assignmentsJson) };
  }
  for (const [userId, old] of previous) {
    if (!seen.has(userId) && old !== "[]") yield { userId, ...diffAssignments(old, undefined) };
  }
}

/**
 * Accepts a publication for the calling portal. Another portal's ID is 403
 * portal_mismatch; any unknown user ID rejects it whole (422 unknown_user_ids);
 * a rejection is recorded as the portal's publication failure and changes nothing
 * else. A success replaces the portal's previous snapshot in one transaction.
 */
export async function publishSnapshot(
  ctx: DirectoryContext,
  actor: Actor,
  callerPortalId: string,
  input: SnapshotInput,
): Promise<SnapshotReceipt> {
  if (input.portalId !== callerPortalId) {
    await recordPublicationFailure(ctx, callerPortalId, `rejected: portalId ${input.portalId} is not the caller's`);
    throw new AppError("portal_mismatch", "portalId must be the calling portal's own ID");
  }
  const ids = input.entries.map((e) => e.userId);
  // The user check and the previous entries are read side by side, before the transaction;
  // inside it the latest snapshot is checked again, and re-read only if another publication won.
  const [users, earlier] = await Promise.all([
    snapshots.usersForSnapshot(ctx.sql, ids),
    snapshots.latestSnapshot(ctx.sql, input.portalId).then(async (id) =>
      id ? { id, entries: await snapshots.snapshotEntries(ctx.sql, id) } : null
    ),
  ]);
  const companyOf = new Map(users.map((u) => [u.id, u.companyId]));
  const unknown = ids.filter((id) => !companyOf.has(id));
  if (unknown.length > 0) {
    await recordPublicationFailure(ctx, callerPortalId, `rejected: ${unknown.length} unknown user ids`);
    throw new AppError("unknown_user_ids", `${unknown.length} entries name users the directory does not know`, {
      extra: { unknownUserIds: unknown.slice(0, 100) },
    });
  }
  const assignmentCount = input.entries.reduce((n, e) => n + e.count, 0);
  // Rows go in user-id order so the primary key grows by appends.
  input.entries.sort((a, b) => cmp(a.userId, b.userId));
  return await ctx.sql.begin(async (tx) => {
    await snapshots.lockPortalSnapshot(tx, input.portalId);
    const previous = await snapshots.latestSnapshot(tx, input.portalId);
    const snap = await snapshots.insertSnapshot(tx, input.portalId, input.sourceVersion, ids.length, assignmentCount);
    await snapshots.copyEntries(
      tx,
      snap.id,
      input.entries.map((e) => ({
        userId: e.userId,
        companyId: companyOf.get(e.userId)!,
        assignmentsJson: e.assignmentsJson,
      })),
    );
    if (previous) {
      const before = earlier?.id === previous ? earlier.entries : await snapshots.snapshotEntries(tx, previous);
      await snapshots.copyChanges(tx, snap.id, changesBetween(before, input.entries));
      await snapshots.retireSnapshot(tx, previous);
    }
    await snapshots.promoteSnapshot(tx, snap.id, input.portalId);
    await recordSync(tx, {
      portalId: input.portalId,
      resource: "authorization-snapshot",
      success: true,
      occurredAt: snap.collectedAt,
      dataVersion: null,
      error: null,
    });
    const receipt = {
      snapshotId: snap.id,
      portalId: input.portalId,
      sourceVersion: input.sourceVersion,
      userCount: ids.length,
      assignmentCount,
      collectedAt: snap.collectedAt.toISOString(),
    };
    await insertAudit(tx, actor, {
      action: "authorization_snapshot.publish",
      targetType: "portal",
      targetId: input.portalId,
      details: receipt,
    });
    return receipt;
  });
}
