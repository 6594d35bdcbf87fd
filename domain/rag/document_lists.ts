/**
 * The retrieval screen's document list in an order an administrator chose (title or update time, either way)
 * across the whole list, and how many documents a state holds. Everything runs under the administrator's own
 * row-level security, the count included, so the total is of the documents the list can show.
 */
import { Buffer } from "node:buffer";
import { AppError } from "@/domain/errors.ts";
import { type Total, TOTAL_CAP, totalOf } from "@/lib/list_total.ts";
import { withoutUrlCredentials } from "@/lib/url_credentials.ts";
import * as lists from "@/sql/rag/document_lists.ts";
import { withPrincipal } from "@/sql/rag/session.ts";
import { dbPrincipal, type RagContext } from "./context.ts";
import type { Principal } from "./principal.ts";

/** The orders the document list offers besides newest first: a column, `-` first for descending. */
export const DOCUMENT_ORDERS = ["title", "-title", "updatedAt", "-updatedAt"] as const;
/** One of DOCUMENT_ORDERS. */
export type DocumentOrder = typeof DOCUMENT_ORDERS[number];

/**
 * A cursor holds the order and the state filter it was made for beside the last row's key and id: sent with
 * another order or state it would continue from a key of a different list, silently skipping rows, so it is
 * refused (cursor_query_mismatch). Like the newest-first list's cursor it is not signed: a made-up one only
 * starts the list elsewhere among the documents row-level security already lets the caller see.
 */
function encodeCursor(binding: [string, string | null], key: string, id: string): string {
  return Buffer.from(JSON.stringify([...binding, key, id])).toString("base64url");
}

function decodeCursor(token: string, binding: [string, string | null]): { key: string; id: string } {
  const invalid = new AppError("invalid_cursor", "The cursor is not one this list gave out");
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4 || typeof parsed[2] !== "string") throw invalid;
  if (typeof parsed[3] !== "string" || !/^[0-9a-f-]{36}$/.test(parsed[3])) throw invalid;
  if (parsed[0] !== binding[0] || parsed[1] !== binding[1]) {
    throw new AppError(
      "cursor_query_mismatch",
      "This cursor was issued for the list in another order or state: start again without a cursor",
    );
  }
  return { key: parsed[2], id: parsed[3] };
}

/** A page of documents as `p` sees them in `order`, optionally in one state. */
export async function orderedDocumentsPage(
  ctx: RagContext,
  p: Principal,
  o: { filter?: string; order: DocumentOrder; cursor?: string; limit: number },
) {
  const binding: [string, string | null] = [o.order, o.filter ?? null];
  const after = o.cursor ? decodeCursor(o.cursor, binding) : null;
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
    nextCursor: rows.length > o.limit && last ? encodeCursor(binding, last.orderKey, last.id) : null,
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
