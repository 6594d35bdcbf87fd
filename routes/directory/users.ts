/** Portal reads of users: the page walk, the change feed and one user. */
import { createRoute, z } from "@hono/zod-openapi";
import { getUser, listUsers, schemas } from "@/domain/directory/mod.ts";
import { portalAccess } from "../_auth.ts";
import { IdParams, itemBody, itemOf, json, listOf, listResponse, problems, router } from "../_validate.ts";
import { type DirectoryRouteDeps, UsersQuery } from "./_shared.ts";

/** `GET /users`, `GET /users/{id}`. */
export function usersRoutes({ ctx, auth }: DirectoryRouteDeps) {
  const app = router();
  const access = portalAccess(auth, "directory:read");

  app.openapi(
    createRoute({
      method: "get",
      path: "/users",
      operationId: "listUsers",
      tags: ["directory portal"],
      summary: "Walk users by cursor, or read the change feed with updatedSince",
      ...access,
      request: { query: UsersQuery },
      responses: {
        200: json(listOf(z.union([schemas.DirectoryUser, schemas.Tombstone]))),
        ...problems(400, 401, 403, 410, 429),
      },
    }),
    async (c) => listResponse(await listUsers(ctx, c.req.valid("query"), c.var.portal.portalId)),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/users/{id}",
      operationId: "getUser",
      tags: ["directory portal"],
      summary: "One user",
      ...access,
      request: { params: IdParams },
      responses: { 200: json(itemOf(schemas.DirectoryUser)), ...problems(400, 401, 403, 404, 429) },
    }),
    async (c) => c.json(itemBody(await getUser(ctx, c.req.valid("param").id)), 200),
  );
  return app;
}
