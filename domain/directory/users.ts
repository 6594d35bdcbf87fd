/** Reading directory users: the page walk, the change feed and one user. */
import * as users from "@/sql/directory/users.ts";
import { notFound } from "@/domain/errors.ts";
import type { DirectoryContext } from "./context.ts";
import { portalRead } from "./portal_reads.ts";
import type { Total } from "@/lib/list_total.ts";
import { assertNotPurged, containsPattern, type Page } from "./paging.ts";
import { countMatchingUsers, orderedUsersPage, type UserOrder } from "./user_lists.ts";
import { type DirectoryUser, isUuid } from "./schemas.ts";

export type { DirectoryUser } from "./schemas.ts";

/** Query of `GET /users`. */
export interface UserListQuery {
  companyId?: string;
  departmentId?: string;
  onlyActive: boolean;
  q?: string;
  limit: number;
  cursor?: string;
  updatedSince?: number;
  /** The console's order across pages; without it the list walks in id order. */
  order?: UserOrder;
}

const filterOf = (query: UserListQuery): users.UserFilter => ({
  companyId: query.companyId ?? null,
  departmentId: query.departmentId ?? null,
  onlyActive: query.onlyActive,
  like: containsPattern(query.q),
});

/**
 * Lists users. Without `updatedSince` it walks live users in id order, so a walk
 * sees every user that existed when it started, and was not deleted, exactly once.
 * With `updatedSince` it is the change feed: users changed after that version in
 * version order; a user that was deleted, or no longer matches the filters, comes
 * as a tombstone so a portal's copy of the filtered set stays exact.
 */
export function listUsers(ctx: DirectoryContext, query: UserListQuery, portalId?: string): Promise<Page> {
  const who = { portalId, ledger: "directory" as const, atLeast: query.updatedSince };
  return portalRead(ctx, who, (on) => usersPage(on, query));
}

async function usersPage(ctx: DirectoryContext, query: UserListQuery): Promise<Page> {
  if (query.updatedSince !== undefined) return await listUserChanges(ctx, query, query.updatedSince);
  if (query.order !== undefined) return await orderedUsersPage(ctx, { ...query, order: query.order }, filterOf(query));
  const after = query.cursor ? String(ctx.cursors.decode("users", query.cursor, query)[0]) : null;
  const page = await users.listUsers(ctx.sql, { filter: filterOf(query), afterId: after, limit: query.limit });
  return {
    items: page.items,
    nextCursor: page.more ? ctx.cursors.encode("users", [page.lastId!], query) : null,
    dataVersion: page.dataVersion,
  };
}

/** How many live users the list's filters match (up to TOTAL_CAP): what a console shows beside a page. */
export function countUsers(ctx: DirectoryContext, query: UserListQuery): Promise<Total> {
  return countMatchingUsers(ctx, filterOf(query));
}

async function listUserChanges(ctx: DirectoryContext, query: UserListQuery, since: number): Promise<Page> {
  const after = query.cursor ? ctx.cursors.decode("user-changes", query.cursor, query) : null;
  const page = await users.listUserChanges(ctx.sql, {
    since,
    filter: filterOf(query),
    after: after ? { version: Number(after[0]), id: String(after[1]) } : null,
    limit: query.limit,
  });
  assertNotPurged(since, page.purgedThrough);
  return {
    items: page.items,
    nextCursor: page.more ? ctx.cursors.encode("user-changes", [page.lastVersion!, page.lastId!], query) : null,
    dataVersion: page.dataVersion,
  };
}

/**
 * One live user named by its id or its login id (any case), or 404: what a person types into a box that asks
 * for a user. Text that is not a UUID never reaches a uuid cast.
 */
export async function findUser(ctx: DirectoryContext, idOrLogin: string): Promise<DirectoryUser> {
  const text = idOrLogin.trim();
  const user = (isUuid(text) ? await users.getUser(ctx.sql, text) : undefined) ??
    await users.getUserByLogin(ctx.sql, text);
  if (!user) throw notFound("The user");
  return user;
}

/** One live user, or 404. */
export async function getUser(ctx: DirectoryContext, id: string): Promise<DirectoryUser> {
  const user = await users.getUser(ctx.sql, id);
  if (!user) throw notFound("The user");
  return user;
}
