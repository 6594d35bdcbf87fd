/** Statements on common user groups and their members. */
import { type Db, loadQueries, type RowOf, typed } from "@/sql/mod.ts";
import { RENDERED_PAGE } from "./users.ts";

const q = loadQueries(new URL("./user_groups.sql", import.meta.url), {
  list_group_changes: {
    params: ["int8", "int8?", "uuid?", "int4"],
    columns: { ...RENDERED_PAGE, purgedThrough: "int8", lastVersion: "int8?", lastId: "uuid?" },
  },
  get_group: {
    params: ["uuid"],
    columns: {
      id: "uuid",
      code: "text",
      name: "text",
      description: "text",
      companyId: "uuid?",
      version: "int8",
      deleted: "bool",
      memberIds: "_uuid",
      doc: typed<UserGroup>("json"),
    },
  },
  upsert_group: { params: ["uuid", "text", "text", "text", "uuid?", "int8"] },
  set_members: { params: ["uuid", "_uuid"] },
  tombstone_group: { params: ["uuid", "int8"] },
  unknown_users: { params: ["_uuid"], columns: { id: "uuid" } },
  user_in_groups: { params: ["uuid"], columns: { member: "bool" } },
  drop_user_from_groups: { params: ["uuid", "int8"], columns: { id: "uuid" } },
  purge_group_tombstones: { params: ["int4"], columns: { maxVersion: "int8?", purged: "int4" } },
});

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
export type GroupRow = RowOf<typeof q.get_group>;

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
  a: { since: number; after: { version: number; id: string } | null; limit: number },
) {
  const [row] = await q.list_group_changes(db, [a.since, a.after?.version ?? null, a.after?.id ?? null, a.limit]);
  return row;
}

/** One group, live or tombstone, locked for the rest of the transaction. */
export async function getGroup(db: Db, id: string): Promise<GroupRow | undefined> {
  const [row] = await q.get_group(db, [id]);
  return row;
}

/** Creates, updates or revives a group at `version`. */
export async function upsertGroup(db: Db, a: { id: string; fields: GroupFields; version: number }): Promise<void> {
  const f = a.fields;
  await q.upsert_group(db, [a.id, f.code, f.name, f.description, f.companyId, a.version]);
}

/** Replaces a group's members. */
export async function setMembers(db: Db, a: { groupId: string; userIds: string[] }): Promise<void> {
  await q.set_members(db, [a.groupId, a.userIds]);
}

/** Tombstones a group at `version`. */
export async function tombstoneGroup(db: Db, a: { id: string; version: number }): Promise<void> {
  await q.tombstone_group(db, [a.id, a.version]);
}

/** The ids among `userIds` that name no live user. */
export async function unknownUsers(db: Db, userIds: string[]): Promise<string[]> {
  return (await q.unknown_users(db, [userIds])).map((r) => r.id);
}

/** Whether a user belongs to any group. */
export async function userInGroups(db: Db, userId: string): Promise<boolean> {
  const [row] = await q.user_in_groups(db, [userId]);
  return row.member;
}

/** Removes a user from every group at `version`; returns the ids of the groups it left. */
export async function dropUserFromGroups(db: Db, a: { userId: string; version: number }): Promise<string[]> {
  return (await q.drop_user_from_groups(db, [a.userId, a.version])).map((r) => r.id);
}

/** Deletes group tombstones past retention. */
export async function purgeGroupTombstones(db: Db, days: number) {
  const [row] = await q.purge_group_tombstones(db, [days]);
  return row;
}
