/** Portal reads of companies. */
import { createRoute } from "@hono/zod-openapi";
import { listCompanies, schemas } from "@/domain/directory/mod.ts";
import { portalAccess } from "../_auth.ts";
import { json, listOf, listResponse, problems, router } from "../_validate.ts";
import { CompaniesQuery, type DirectoryRouteDeps } from "./_shared.ts";

/** `GET /companies`. */
export function companiesRoutes({ ctx, auth }: DirectoryRouteDeps) {
  const app = router();
  app.openapi(
    createRoute({
      method: "get",
      path: "/companies",
      operationId: "listCompanies",
      tags: ["directory portal"],
      summary: "Companies",
      ...portalAccess(auth, "directory:read"),
      request: { query: CompaniesQuery },
      responses: { 200: json(listOf(schemas.Company)), ...problems(400, 401, 403, 429) },
    }),
    async (c) => listResponse(await listCompanies(ctx, c.req.valid("query"), c.var.portal.portalId)),
  );
  return app;
}
