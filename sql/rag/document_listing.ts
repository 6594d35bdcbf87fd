/** Statements behind the callers' document list and the lookup by source identity. */
import { loadQueries } from "@/sql/mod.ts";
import { DOCUMENT_SUMMARY } from "./documents.ts";
import type { PrincipalTx } from "./session.ts";

const LISTED = {
  ...DOCUMENT_SUMMARY,
  status: "text",
  published: "bool",
  chunkCount: "int4",
  errorCode: "text?",
  createdAt: "timestamptz",
  updatedAt: "timestamptz",
  /** `updated_at` as PostgreSQL prints it (microseconds kept), for the next page's cursor. */
  cursorAt: "text",
} as const;

const q = loadQueries(new URL("./document_listing.sql", import.meta.url), {
  list_documents_by_change: { params: ["text?", "text?", "text?", "text?", "uuid?", "int4"], columns: LISTED },
  document_by_source: { params: ["text", "uuid"], columns: LISTED },
});

/** What a document list is narrowed to, and where its page starts. */
export interface DocumentListing {
  portalId: string | null;
  status: string | null;
  /** An ISO 8601 time: documents changed at or after it. */
  updatedSince: string | null;
  /** After the row with this `updated_at` text and id (null: the first page). */
  after: { at: string; id: string } | null;
  limit: number;
}

/** A page of the caller's documents, oldest change first. */
export const listDocumentsByChange = (tx: PrincipalTx, a: DocumentListing) =>
  q.list_documents_by_change(tx, [
    a.portalId,
    a.status,
    a.updatedSince,
    a.after?.at ?? null,
    a.after?.id ?? null,
    a.limit,
  ]);

/** The caller's tenant's document of one portal and source document id, if the caller may see it. */
export async function documentBySource(tx: PrincipalTx, a: { portalId: string; sourceDocumentId: string }) {
  const [row] = await q.document_by_source(tx, [a.portalId, a.sourceDocumentId]);
  return row;
}
