/** `GET /admin/overview`: documents, chunks, jobs, queues, failures, the organization sync and activity. */
import { createRoute } from "@hono/zod-openapi";
import { overview, schemas } from "@/domain/rag/mod.ts";
import { json, problems, router } from "../_validate.ts";
import { userAccess } from "./_auth.ts";
import type { RagRouteDeps } from "./_shared.ts";

/** The overview route. */
export function overviewRoutes({ ctx, verify, limiter, queues }: RagRouteDeps) {
  const app = router();
  app.openapi(
    createRoute({
      tags: ["retrieval admin"],
      ...userAccess(verify, limiter, "admin"),
      method: "get",
      path: "/admin/overview",
      operationId: "getRetrievalOverview",
      summary: "Documents by status, chunks, jobs and queues, recent failures, organization sync, activity",
      responses: { 200: json(schemas.RagOverview), ...problems(401, 403, 429) },
    }),
    async (c) => {
      // Redis being down must not hide the rest of the overview; the queues show as unknown.
      const depths = await queues().catch((err) => {
        c.var.log.warn("queue depths unavailable", { error: String(err) });
        return null;
      });
      return c.json({ ...await overview(ctx, c.var.principal), queues: depths }, 200);
    },
  );
  return app;
}
