/** The console's user lists: pages in an order a person chose, and how many users the filters match. */
import * as lists from "@/sql/directory/user_lists.ts";
import type { UserFilter } from "@/sql/directory/users.ts";
import type { DirectoryContext } from "./context.ts";
import { type Total, TOTAL_CAP, totalOf } from "@/lib/list_total.ts";
import type { Page } from "./paging.ts";

/** The orders a console may ask of the users list: a column, `-` first for descending. */
export const USER_ORDERS = ["name", "-name", "loginId", "-loginId", "updatedAt", "-updatedAt"] as const;

/** One of USER_ORDERS. */
export type UserOrder = typeof USER_ORDERS[number];

/**
 * A page of the users list in `order` across the whole filtered set (not only the rows of one page). The cursor
 * holds the last row's order key and id, and binds the query it came with, `order` included: a cursor of the list
 * by name sent with the order by login id would continue from a name in a list of login ids, so it is refused
 * (cursor_query_mismatch). Unlike the id walk, an order by a changing column may show a user twice or not at all
 * when that user changes between pages: fine for a person browsing, which is why portals walk by id.
 */
export async function orderedUsersPage(
  ctx: DirectoryContext,
  query: { order: UserOrder; cursor?: string; limit: number },
  filter: UserFilter,
): Promise<Page> {
  const descending = query.order.startsWith("-");
  const column = query.order.replace(/^-/, "") as lists.UserOrderColumn;
  const after = query.cursor ? ctx.cursors.decode("users-ordered", query.cursor, query) : null;
  const page = await lists.listUsersOrdered(ctx.sql, {
    filter,
    column,
    descending,
    after: after ? { key: String(after[0]), id: String(after[1]) } : null,
    limit: query.limit,
  });
  return {
    items: page.items,
    nextCursor: page.more ? ctx.cursors.encode("users-ordered", [page.lastKey!, page.lastId!], query) : null,
    dataVersion: page.dataVersion,
  };
}

/** How many live users `filter` matches, up to TOTAL_CAP. */
export async function countMatchingUsers(ctx: DirectoryContext, filter: UserFilter): Promise<Total> {
  return totalOf(await lists.countUsers(ctx.sql, filter, TOTAL_CAP + 1));
}
