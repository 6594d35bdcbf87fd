/** The console's user lists: a page in a chosen order, and how many users a list's filters match. */
import { type Db, loadQueries } from "@/sql/mod.ts";
import { RENDERED_PAGE, type UserFilter } from "./users.ts";

const q = loadQueries(new URL("./user_lists.sql", import.meta.url), {
  list_users_ordered: {
    params: ["uuid?", "uuid?", "bool", "text?", "text", "bool", "text?", "uuid?", "int4"],
    columns: { ...RENDERED_PAGE, lastKey: "text?", lastId: "uuid?" },
  },
  count_users: { params: ["uuid?", "uuid?", "bool", "text?", "int4"], columns: { total: "int4" } },
});

/** The columns a console may order users by. */
export type UserOrderColumn = "name" | "loginId" | "updatedAt";

/** One page of live users ordered by `column` (ties by id), after the `after` key of the previous page. */
export async function listUsersOrdered(
  db: Db,
  a: {
    filter: UserFilter;
    column: UserOrderColumn;
    descending: boolean;
    after: { key: string; id: string } | null;
    limit: number;
  },
) {
  const f = a.filter;
  const [row] = await q.list_users_ordered(db, [
    f.companyId,
    f.departmentId,
    f.onlyActive,
    f.like,
    a.column,
    a.descending,
    a.after?.key ?? null,
    a.after?.id ?? null,
    a.limit,
  ]);
  return row;
}

/** How many live users match `filter`, counting no further than `cap`. */
export async function countUsers(db: Db, filter: UserFilter, cap: number): Promise<number> {
  const [row] = await q.count_users(db, [filter.companyId, filter.departmentId, filter.onlyActive, filter.like, cap]);
  return row.total;
}
