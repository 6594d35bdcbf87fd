/** Statements on common user groups and their members. */
import { type Db, loadQueries } from "@/sql/mod.ts";
import type { RenderedPage } from "./users.ts";

const q = loadQueries(new URL("./user_groups.sql", import.meta.url), [
  "list_group_changes",
  "get_group",
  "upsert_group",
  "set_members",
  "tombstone_group",
  "unknown_users",
  "user_in_groups",
  "drop_user_from_groups",
  "purge_group_tombstones",
]);

/** A group's wire record, rendered by user_group_view. */
export interface UserGroup {
  id: string;
  code: string;
  name: string;
  description: string;
  companyId: string | null;
  memberIds: string[];
  deleted: boolean;
  version: number;
  updatedAt: string;
}

/** A group's stored content, its version and wire record. */
export interface GroupRow {
  id: string;
  code: string;
  name: string;
  description: string;
  companyId: string | null;
  version: number;
  deleted: boolean;
  memberIds: string[];
  doc: UserGroup;
}

/** The writable fields of a group. */
export interface GroupFields {
  code: string;
  name: string;
  description: string;
  companyId: string | null;
}

/** One page of groups changed after `since` (or after the `after` key). */
export async function listGroupChanges(
  db: Db,
  since: number,
  after: { version: number; id: string } | null,
  limit: number,
) {
  const [row] = await q.list_group_changes<
    RenderedPage & { purgedThrough: number; lastVersion: number | null; lastId: string | null }
  >(db, [since, after?.version ?? null, after?.id ?? null, limit]);
  return row;
}

/** One group, live or tombstone, locked for the rest of the transaction. */
export async function getGroup(db: Db, id: string): Promise<GroupRow | undefined> {
  const [row] = await q.get_group<GroupRow>(db, [id]);
  return row;
}

/** Creates, updates or revives a group at `version`. */
export async function upsertGroup(db: Db, id: string, f: GroupFields, version: number): Promise<void> {
  await q.upsert_group(db, [id, f.code, f.name, f.description, f.companyId, version]);
}

/** Replaces a group's members. */
export async function setMembers(db: Db, groupId: string, userIds: string[]): Promise<void> {
  await q.set_members(db, [groupId, userIds]);
}

/** Tombstones a group at `version`. */
export async function tombstoneGroup(db: Db, id: string, version: number): Promise<void> {
  await q.tombstone_group(db, [id, version]);
}

/** The ids among `userIds` that name no live user. */
export async function unknownUsers(db: Db, userIds: string[]): Promise<string[]> {
  return (await q.unknown_users<{ id: string }>(db, [userIds])).map((r) => r.id);
}

/** Whether a user belongs to any group. */
export async function userInGroups(db: Db, userId: string): Promise<boolean> {
  const [row] = await q.user_in_groups<{ member: boolean }>(db, [userId]);
  return row.member;
}

/** Removes a user from every group at `version`; returns the ids of the groups it left. */
export async function dropUserFromGroups(db: Db, userId: string, version: number): Promise<string[]> {
  return (await q.drop_user_from_groups<{ id: string }>(db, [userId, version])).map((r) => r.id);
}

/** Deletes group tombstones past retention. */
export async function purgeGroupTombstones(db: Db, days: number) {
  const [row] = await q.purge_group_tombstones<{ maxVersion: number | null; purged: number }>(db, [days]);
  return row;
}
