/**
 * Lists ordered by the server: a column header whose click asks the server for the whole filtered list in that
 * order (a cursor list's pages then follow it), unlike tables.js, which orders the rows of the page shown.
 */
import type { Child } from "hono/jsx";
import { AppError } from "@/domain/errors.ts";
import { ViewLink } from "./parts.tsx";

/**
 * The order the query names (`order`: a column of `orders`, `-` first for descending), or undefined when it
 * names none; 400 invalid_request naming the field when it names one the list does not offer.
 */
export function orderOf<const O extends string>(q: URLSearchParams, orders: readonly O[]): O | undefined {
  const value = q.get("order") ?? "";
  if (value === "") return undefined;
  if (!(orders as readonly string[]).includes(value)) {
    throw new AppError("invalid_request", "The screen's parameters are not valid", {
      errors: [{ path: "order", message: `must be one of ${orders.join(", ")}` }],
    });
  }
  return value as O;
}

/**
 * A header of a list the server orders: a link to the first page of the list in this column's order (ascending,
 * or descending when it is already ascending), with `aria-sort` telling which order is shown. `params` are the
 * list's filters without cursor and order.
 */
export function OrderHeader(
  { view, params, column, order, children }: {
    view: string;
    params: Record<string, string>;
    column: string;
    order: string | undefined;
    children: Child;
  },
) {
  const sort = order === column ? "ascending" : order === `-${column}` ? "descending" : undefined;
  const next = new URLSearchParams({ ...params, order: sort === "ascending" ? `-${column}` : column });
  return (
    <th aria-sort={sort} data-order={column}>
      <span class="sort">
        <ViewLink view={`${view}?${next}`}>{children}</ViewLink>
      </span>
    </th>
  );
}
