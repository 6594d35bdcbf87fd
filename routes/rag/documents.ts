/** Document ingestion, status, purge and approvals. */
import { createRoute, z } from "@hono/zod-openapi";
import {
  acceptDocument,
  approveFetch,
  documentState,
  publishDocument,
  purgeDocument,
  schemas,
} from "@/domain/rag/mod.ts";
import { json, jsonBody, problems, queryBool, router, uuid } from "../_validate.ts";
import { userAccess } from "./_auth.ts";
import type { RagRouteDeps } from "./_shared.ts";

const DocumentParams = z.object({ documentId: uuid.openapi({ param: { name: "documentId", in: "path" } }) });

/** `POST /documents`, `GET /documents/{documentId}`, `DELETE /documents/{portalId}/{sourceDocumentId}`, approvals. */
export function documentsRoutes({ ctx, verify, limiter }: RagRouteDeps) {
  const app = router();
  const user = { tags: ["retrieval"], ...userAccess(verify, limiter) };
  const admin = { ...user, ...userAccess(verify, limiter, "admin") };

  app.openapi(
    createRoute({
      ...user,
      method: "post",
      path: "/documents",
      operationId: "ingestDocument",
      summary: "Ingest a document: fetch, verify, extract, chunk, embed, index (wait=false: queue only)",
      request: { query: z.object({ wait: queryBool(true) }), ...jsonBody(schemas.IngestionRequest) },
      responses: {
        200: json(schemas.IngestionResult, "Indexed"),
        202: json(schemas.IngestionResult, "Accepted, not yet indexed"),
        ...problems(400, 401, 403, 413, 415, 422, 429, 503),
      },
    }),
    async (c) => {
      const result = await acceptDocument(ctx, c.var.principal, c.req.valid("json"), c.req.valid("query").wait);
      return c.json(result, result.indexed ? 200 : 202);
    },
  );

  app.openapi(
    createRoute({
      ...user,
      method: "get",
      path: "/documents/{documentId}",
      operationId: "getDocument",
      summary: "A document's status, chunk count and error, as the caller may see it",
      request: { params: DocumentParams },
      responses: { 200: json(schemas.DocumentState), ...problems(400, 401, 404, 429) },
    }),
    async (c) => c.json(await documentState(ctx, c.var.principal, c.req.valid("param").documentId), 200),
  );

  app.openapi(
    createRoute({
      ...admin,
      method: "delete",
      path: "/documents/{portalId}/{sourceDocumentId}",
      operationId: "purgeDocument",
      summary: "Purge a document and every chunk in one transaction",
      request: {
        params: z.object({
          portalId: z.string().min(1).max(100).openapi({ param: { name: "portalId", in: "path" } }),
          sourceDocumentId: uuid.openapi({ param: { name: "sourceDocumentId", in: "path" } }),
        }),
      },
      responses: { 200: json(schemas.Purged), ...problems(400, 401, 403, 404) },
    }),
    async (c) => {
      const { portalId, sourceDocumentId } = c.req.valid("param");
      return c.json(await purgeDocument(ctx, c.var.principal, portalId, sourceDocumentId), 200);
    },
  );

  for (const [path, action] of [["publish", publishDocument], ["approve-fetch", approveFetch]] as const) {
    app.openapi(
      createRoute({
        ...admin,
        method: "post",
        path: `/admin/documents/{documentId}/${path}`,
        operationId: path === "publish" ? "publishDocument" : "approveDocumentFetch",
        summary: path === "publish"
          ? "Approve an indexed document for search"
          : "Approve fetching a document held for file-store approval",
        request: { params: DocumentParams },
        responses: { 200: json(schemas.DocumentState), ...problems(400, 401, 403, 404) },
      }),
      async (c) => c.json(await action(ctx, c.var.principal, c.req.valid("param").documentId), 200),
    );
  }
  return app;
}
