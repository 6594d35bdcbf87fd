/** Portal reads of departments, in tree order or as a change feed. */
import { createRoute, z } from "@hono/zod-openapi";
import { listDepartments, schemas } from "@/domain/directory/mod.ts";
import { portalAccess } from "../_auth.ts";
import { json, listOf, listResponse, problems, router } from "../_validate.ts";
import { DepartmentsQuery, type DirectoryRouteDeps } from "./_shared.ts";

/** `GET /departments`. */
export function departmentsRoutes({ ctx, auth }: DirectoryRouteDeps) {
  const app = router();
  app.openapi(
    createRoute({
      method: "get",
      path: "/departments",
      operationId: "listDepartments",
      tags: ["directory portal"],
      summary: "The department hierarchy, parents before children across pages",
      ...portalAccess(auth, "directory:read"),
      request: { query: DepartmentsQuery },
      responses: {
        200: json(listOf(z.union([schemas.Department, schemas.Tombstone]))),
        ...problems(400, 401, 403, 410, 429),
      },
    }),
    async (c) => listResponse(await listDepartments(ctx, c.req.valid("query"), c.var.portal.portalId)),
  );
  return app;
}
