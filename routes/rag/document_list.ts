/** The callers' document list and the lookup by source identity. */
import { createRoute, z } from "@hono/zod-openapi";
import { documentBySource, listCallerDocuments, schemas } from "@/domain/rag/mod.ts";
import { json, limitParam, problems, router, uuid } from "../_validate.ts";
import { userAccess } from "./_auth.ts";
import type { RagRouteDeps } from "./_shared.ts";

const PortalId = z.string().min(1).max(100);

/** Query of the document list: its filters, and where the page starts. */
const DocumentListQuery = z.object({
  portalId: PortalId.optional().openapi({
    description: "Only this portal's documents (a portal's token may name only its own portal, its default)",
  }),
  status: schemas.DocumentState.shape.status.optional().openapi({ description: "Only documents in this status" }),
  updatedSince: z.iso.datetime({ offset: true }).optional().openapi({
    description: "Only documents changed at or after this time (ISO 8601)",
    example: "2026-11-01T00:00:00Z",
  }),
  limit: limitParam(100).openapi({ description: "Documents per page, 1 to 1000" }),
  cursor: z.string().max(1000).optional().openapi({
    description: "The previous page's `nextCursor`; valid only with the same filters",
  }),
});

/** `GET /documents`, `GET /documents/by-source` (mounted before `/documents/{documentId}`). */
export function documentListRoutes({ ctx, verify, limiter }: RagRouteDeps) {
  const app = router();
  const user = { tags: ["retrieval"], ...userAccess(verify, limiter) };
  const lister = { tags: ["retrieval"], ...userAccess(verify, limiter, "admin-or-portal") };

  app.openapi(
    createRoute({
      ...lister,
      method: "get",
      path: "/documents",
      operationId: "listDocuments",
      summary: "List the caller's documents, oldest change first, in cursor pages",
      request: { query: DocumentListQuery },
      responses: { 200: json(schemas.DocumentPage), ...problems(400, 401, 403, 429) },
    }),
    async (c) => c.json(await listCallerDocuments(ctx, c.var.principal, c.req.valid("query")), 200),
  );

  app.openapi(
    createRoute({
      ...user,
      method: "get",
      path: "/documents/by-source",
      operationId: "getDocumentBySource",
      summary: "Look a document up by the portal and the portal's own document id",
      request: {
        query: z.object({
          portalId: PortalId.openapi({ description: "The portal that registered the document" }),
          sourceDocumentId: uuid.openapi({ description: "The document's id in that portal" }),
        }),
      },
      responses: { 200: json(schemas.DocumentSummary), ...problems(400, 401, 404, 429) },
    }),
    async (c) => c.json(await documentBySource(ctx, c.var.principal, c.req.valid("query")), 200),
  );
  return app;
}
