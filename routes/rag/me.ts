/** `GET /me`: the principal the service derived from the caller's user token. */
import { createRoute } from "@hono/zod-openapi";
import { describePrincipal, schemas } from "@/domain/rag/mod.ts";
import { json, problems, router } from "../_validate.ts";
import { userAccess } from "./_auth.ts";
import type { RagRouteDeps } from "./_shared.ts";

/** The route. */
export function meRoutes({ ctx, verify, limiter }: RagRouteDeps) {
  const app = router();
  app.openapi(
    createRoute({
      tags: ["retrieval"],
      ...userAccess(verify, limiter),
      method: "get",
      path: "/me",
      operationId: "getMe",
      summary: "Who the service takes the caller for: tenant, organizations, clearance and roles from the token",
      responses: { 200: json(schemas.Me), ...problems(401, 429) },
    }),
    async (c) => c.json(await describePrincipal(ctx, c.var.principal), 200),
  );
  return app;
}
