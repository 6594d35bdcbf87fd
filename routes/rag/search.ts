/** `POST /search`: Korean hybrid search under the caller's row-level security. */
import { createRoute } from "@hono/zod-openapi";
import { schemas, searchContexts } from "@/domain/rag/mod.ts";
import { json, jsonBody, problems, router } from "../_validate.ts";
import { userAccess } from "./_auth.ts";
import type { RagRouteDeps } from "./_shared.ts";

/** The search route. */
export function searchRoutes({ ctx, verify, limiter }: RagRouteDeps) {
  const app = router();
  app.openapi(
    createRoute({
      tags: ["retrieval"],
      ...userAccess(verify, limiter),
      method: "post",
      path: "/search",
      operationId: "search",
      summary: "Hybrid search (vector, Korean full text, bigrams; RRF) over what the caller may see",
      request: jsonBody(schemas.SearchRequest),
      responses: {
        200: json(schemas.SearchResponse, "Contexts, best first"),
        ...problems(400, 401, 413, 415, 429, 503),
      },
    }),
    async (c) => {
      const { contexts } = await searchContexts(ctx, c.var.principal, c.req.valid("json"), "search", c.var.log);
      return c.json({ contexts }, 200);
    },
  );
  return app;
}
