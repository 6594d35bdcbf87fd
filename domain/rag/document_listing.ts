/**
 * Callers' own view of their documents (issue 18): a list by change, oldest first, in cursor pages bound to their
 * query, and the lookup by source identity (portal, source document id) a portal keeps. A tenant administrator
 * lists its tenant's documents; a portal's token (claim `portal_id`) only that portal's, and row-level security
 * still narrows it to the token's organizations and clearance. Any other caller may look documents up, not list them.
 */
import * as listing from "@/sql/rag/document_listing.ts";
import { withPrincipal } from "@/sql/rag/session.ts";
import { createCursorCodec } from "@/domain/cursor.ts";
import { AppError, notFound } from "@/domain/errors.ts";
import { dbPrincipal, type RagContext } from "./context.ts";
import { installationKey } from "./keyed_hash.ts";
import type { Principal } from "./principal.ts";
import type { DocumentPage, DocumentState, DocumentSummary } from "./schemas.ts";

/** What a document list is narrowed to, as the route validated it. */
export interface DocumentQuery {
  portalId?: string;
  status?: DocumentState["status"];
  /** An ISO 8601 time: documents changed at or after it. */
  updatedSince?: string;
  cursor?: string;
  limit: number;
}

const CURSOR_KIND = "documents";
type ListedRow = NonNullable<Awaited<ReturnType<typeof listing.documentBySource>>>;

function summaryOf({ id, cursorAt: _, ...row }: ListedRow): DocumentSummary {
  return {
    ...row,
    documentId: id,
    status: row.status as DocumentSummary["status"],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The portal a list may cover for `p`: any (null) for an administrator, else the token's own portal only. */
function listedPortal(p: Principal, asked: string | undefined): string | null {
  if (p.isAdmin) return asked ?? null;
  if (p.portalId === null) {
    throw new AppError("forbidden", "This call needs a tenant administrator or a portal's token");
  }
  if (asked !== undefined && asked !== p.portalId) {
    throw new AppError("portal_mismatch", "A portal's token lists only that portal's documents");
  }
  return p.portalId;
}

/** A page of the documents `p` may list, oldest change first; its cursor continues only the same query. */
export async function listCallerDocuments(ctx: RagContext, p: Principal, query: DocumentQuery): Promise<DocumentPage> {
  const portalId = listedPortal(p, query.portalId);
  const cursors = createCursorCodec(await installationKey(ctx, "cursor"));
  const after = query.cursor ? cursors.decode(CURSOR_KIND, query.cursor, query) : null;
  const rows = await withPrincipal(ctx.sql, dbPrincipal(ctx, p), (tx) =>
    listing.listDocumentsByChange(tx, {
      portalId,
      status: query.status ?? null,
      updatedSince: query.updatedSince ?? null,
      after: after ? { at: String(after[0]), id: String(after[1]) } : null,
      limit: query.limit + 1,
    }));
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(summaryOf),
    nextCursor: rows.length > query.limit && last ? cursors.encode(CURSOR_KIND, [last.cursorAt, last.id], query) : null,
  };
}

/** The document of the caller's tenant with this source identity; 404 when there is none `p` may see. */
export async function documentBySource(
  ctx: RagContext,
  p: Principal,
  ref: { portalId: string; sourceDocumentId: string },
): Promise<DocumentSummary> {
  const row = await withPrincipal(ctx.sql, dbPrincipal(ctx, p), (tx) => listing.documentBySource(tx, ref));
  if (!row) throw notFound("The document");
  return summaryOf(row);
}
