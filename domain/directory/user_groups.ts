/**
 * Common user groups (seed 1.3): portals pull changes by version and push changes
 * based on the version they saw. A push based on an older version is refused with
 * the ledger's record and changes nothing (the ledger wins); a push whose content
 * the ledger already holds succeeds without a new version, so retries are safe.
 */
import * as groups from "@/sql/directory/user_groups.ts";
import type { GroupRow } from "@/sql/directory/user_groups.ts";
import { getCompany } from "@/sql/directory/companies.ts";
import { type Actor, insertAudit } from "@/sql/directory/audit.ts";
import { AppError, notFound } from "@/domain/errors.ts";
import { type DirectoryContext, inLedger, type Tx } from "./context.ts";
import { assertNotPurged, type Page } from "./paging.ts";
import { portalRead, recordShown } from "./portal_reads.ts";
import type { GroupPush, UserGroup } from "./schemas.ts";

export type { UserGroup } from "./schemas.ts";

/**
 * Lists groups changed after `since` in version order, tombstones included.
 * Without `since` (or with 0) it is the whole ledger, which a portal starting
 * from nothing can always read; a later `since` older than the purged
 * tombstones is 410 resync_required.
 */
export function listGroups(
  ctx: DirectoryContext,
  query: { since?: number; limit: number; cursor?: string },
  portalId?: string,
): Promise<Page> {
  return portalRead(ctx, { portalId, ledger: "groups", atLeast: query.since }, (on) => groupsPage(on, query));
}

async function groupsPage(ctx: DirectoryContext, query: { since?: number; limit: number; cursor?: string }) {
  const since = query.since ?? 0;
  const after = query.cursor ? ctx.cursors.decode("user-groups", query.cursor, query) : null;
  const page = await groups.listGroupChanges(ctx.sql, {
    since,
    after: after ? { version: Number(after[0]), id: String(after[1]) } : null,
    limit: query.limit,
  });
  if (since > 0) assertNotPurged(since, page.purgedThrough);
  return {
    items: page.items,
    nextCursor: page.more ? ctx.cursors.encode("user-groups", [page.lastVersion!, page.lastId!], query) : null,
    dataVersion: page.dataVersion,
  };
}

/**
 * A write to the groups ledger. A portal's next read of the groups must show at least the version
 * this reply gives it, wherever that read runs (portal_reads.ts).
 */
async function groupWrite(
  ctx: DirectoryContext,
  actor: Actor,
  fn: (tx: Tx, version: () => Promise<number>) => Promise<UserGroup>,
): Promise<UserGroup> {
  const group = await inLedger(ctx, "groups", fn);
  if (actor.kind === "portal" && actor.id !== null) recordShown(ctx, actor.id, "groups", group.version);
  return group;
}

const sameMembers = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function conflict(existing: GroupRow): AppError {
  return new AppError("version_conflict", "The group changed since baseVersion; the ledger's record is in data", {
    extra: { data: existing.doc },
  });
}

/** Refuses a change to an existing group unless it is based on the group's current version. */
function assertBase(existing: GroupRow, baseVersion: number | undefined) {
  if (baseVersion === undefined || baseVersion !== existing.version) throw conflict(existing);
}

async function assertKnownUsers(tx: Tx, userIds: string[]) {
  const unknown = await groups.unknownUsers(tx, userIds);
  if (unknown.length > 0) {
    throw new AppError("unknown_user_ids", `${unknown.length} member ids name no user`, {
      extra: { unknownUserIds: unknown.slice(0, 100) },
    });
  }
}

async function stored(tx: Tx, id: string): Promise<UserGroup> {
  return (await groups.getGroup(tx, id))!.doc;
}

/** Creates or replaces a group (members included when given). */
export function putGroup(ctx: DirectoryContext, actor: Actor, id: string, push: GroupPush): Promise<UserGroup> {
  return groupWrite(ctx, actor, async (tx, version) => {
    const existing = await groups.getGroup(tx, id);
    const fields = {
      code: push.code,
      name: push.name,
      description: push.description ?? existing?.description ?? "",
      companyId: push.companyId !== undefined ? push.companyId : existing?.companyId ?? null,
    };
    const members = [...new Set(push.memberIds ?? (existing?.deleted ? [] : existing?.memberIds) ?? [])].sort();
    if (
      existing && !existing.deleted && existing.code === fields.code && existing.name === fields.name &&
      existing.description === fields.description && existing.companyId === fields.companyId &&
      sameMembers(existing.memberIds, members)
    ) return existing.doc;
    if (existing) assertBase(existing, push.baseVersion);
    if (fields.companyId !== null && !await getCompany(tx, fields.companyId)) {
      throw new AppError("unprocessable", "companyId names no company", {
        errors: [{ path: "companyId", message: "no such company" }],
      });
    }
    await assertKnownUsers(tx, members);
    await groups.upsertGroup(tx, { id, fields, version: await version() });
    await groups.setMembers(tx, { groupId: id, userIds: members });
    await insertAudit(tx, {
      actor,
      action: existing ? "user_group.update" : "user_group.create",
      targetType: "user_group",
      targetId: id,
    });
    return await stored(tx, id);
  });
}

/** Deletes a group (a tombstone in later pulls); deleting a tombstone again returns it unchanged. */
export function deleteGroup(ctx: DirectoryContext, actor: Actor, id: string, baseVersion: number | undefined) {
  return groupWrite(ctx, actor, async (tx, version) => {
    const existing = await groups.getGroup(tx, id);
    if (!existing) throw notFound("The group");
    if (existing.deleted) return existing.doc;
    assertBase(existing, baseVersion);
    await groups.tombstoneGroup(tx, { id, version: await version() });
    await insertAudit(tx, { actor, action: "user_group.delete", targetType: "user_group", targetId: id });
    return await stored(tx, id);
  });
}

/** Adds (`present`) or removes a member; a push that changes nothing succeeds as it is. */
export function setMembership(
  ctx: DirectoryContext,
  actor: Actor,
  groupId: string,
  userId: string,
  present: boolean,
  baseVersion: number | undefined,
) {
  return groupWrite(ctx, actor, async (tx, version) => {
    const existing = await groups.getGroup(tx, groupId);
    if (!existing || existing.deleted) throw notFound("The group");
    if (present) await assertKnownUsers(tx, [userId]);
    if (existing.memberIds.includes(userId) === present) return existing.doc;
    assertBase(existing, baseVersion);
    const members = present ? [...existing.memberIds, userId] : existing.memberIds.filter((m) => m !== userId);
    await groups.upsertGroup(tx, { id: groupId, fields: existing, version: await version() });
    await groups.setMembers(tx, { groupId, userIds: members });
    await insertAudit(tx, {
      actor,
      action: present ? "user_group.member_add" : "user_group.member_remove",
      targetType: "user_group",
      targetId: groupId,
      details: { userId },
    });
    return await stored(tx, groupId);
  });
}
