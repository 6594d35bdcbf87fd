/** The retrieval screen's document lists: a page in a chosen order, and how many documents a state holds. */
import { loadQueries } from "@/sql/mod.ts";
import { DOCUMENT_ROW } from "./admin_screen.ts";
import type { PrincipalTx } from "./session.ts";

const q = loadQueries(new URL("./document_lists.sql", import.meta.url), {
  list_documents_ordered: {
    params: ["text?", "text", "bool", "text?", "uuid?", "int4"],
    columns: { ...DOCUMENT_ROW, orderKey: "text" },
  },
  count_documents: { params: ["text?", "int4"], columns: { total: "int4" } },
});

/** The columns a screen may order documents by. */
export type DocumentOrderColumn = "title" | "updatedAt";

/** A page of documents ordered by `column` (ties by id) after the `after` key, optionally in one state. */
export const listDocumentsOrdered = (
  tx: PrincipalTx,
  a: {
    state: string | null;
    column: DocumentOrderColumn;
    descending: boolean;
    after: { key: string; id: string } | null;
    limit: number;
  },
) =>
  q.list_documents_ordered(tx, [
    a.state,
    a.column,
    a.descending,
    a.after?.key ?? null,
    a.after?.id ?? null,
    a.limit,
  ]);

/** How many documents the caller sees in `state` (null: all), counting no further than `cap`. */
export async function countDocuments(tx: PrincipalTx, state: string | null, cap: number): Promise<number> {
  const [row] = await q.count_documents(tx, [state, cap]);
  return row.total;
}
