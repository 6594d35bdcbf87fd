/**
 * The retrieval screen's document list in an order an administrator chose (title or update time, either way)
 * across the whole list, and how many documents a state holds. Everything runs under the administrator's own
 * row-level security, the count included, so the total is of the documents the list can show.
 */
import { createCursorCodec } from "@/domain/cursor.ts";
import { type Total, TOTAL_CAP, totalOf } from "@/lib/list_total.ts";
import { withoutUrlCredentials } from "@/lib/url_credentials.ts";
import * as lists from "@/sql/rag/document_lists.ts";
import { withPrincipal } from "@/sql/rag/session.ts";
import { dbPrincipal, type RagContext } from "./context.ts";
import { installationKey } from "./keyed_hash.ts";
import type { Principal } from "./principal.ts";

/** The orders the document list offers besides newest first: a column, `-` first for descending. */
export const DOCUMENT_ORDERS = ["title", "-title", "updatedAt", "-updatedAt"] as const;
/** One of DOCUMENT_ORDERS. */
export type DocumentOrder = typeof DOCUMENT_ORDERS[number];

const CURSOR_KIND = "screen-documents-ordered";

/**
 * A page of documents as `p` sees them in `order`, optionally in one state. The cursor (the last row's order key
 * and id, signed) binds the order and the state: sent with another it would continue from a key of a different
 * list, silently skipping rows, so it is refused (cursor_query_mismatch).
 */
export async function orderedDocumentsPage(
  ctx: RagContext,
  p: Principal,
  o: { filter?: string; order: DocumentOrder; cursor?: string; limit: number },
) {
  const cursors = createCursorCodec(await installationKey(ctx, "cursor"));
  const bound = { state: o.filter, order: o.order };
  const key = o.cursor ? cursors.decode(CURSOR_KIND, o.cursor, bound) : null;
  const after = key ? { key: String(key[0]), id: String(key[1]) } : null;
  const rows = await withPrincipal(ctx.sql, dbPrincipal(ctx, p), (tx) =>
    lists.listDocumentsOrdered(tx, {
      state: o.filter ?? null,
      column: o.order.replace(/^-/, "") as lists.DocumentOrderColumn,
      descending: o.order.startsWith("-"),
      after,
      limit: o.limit + 1,
    }));
  const page = rows.slice(0, o.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ orderKey: _, error, ...d }) => ({ ...d, error: error && withoutUrlCredentials(error) })),
    nextCursor: rows.length > o.limit && last ? cursors.encode(CURSOR_KIND, [last.orderKey, last.id], bound) : null,
  };
}

/** How many documents `p` sees in one state (or in all), up to TOTAL_CAP. */
export async function countDocuments(ctx: RagContext, p: Principal, filter?: string): Promise<Total> {
  const counted = await withPrincipal(
    ctx.sql,
    dbPrincipal(ctx, p),
    (tx) => lists.countDocuments(tx, filter ?? null, TOTAL_CAP + 1),
  );
  return totalOf(counted);
}
