/** Admin API of the permission dashboard. */
import { createRoute, z } from "@hono/zod-openapi";
import * as directory from "@/domain/directory/mod.ts";
import { adminAccess } from "../../_auth.ts";
import { json, limitParam, listOf, listResponse, problems, queryBool, router, uuid } from "../../_validate.ts";
import type { DirectoryRouteDeps } from "../_shared.ts";

const portalQuery = z.object({
  portalId: z.string().min(1).max(100),
  limit: limitParam(100),
  cursor: z.string().max(1000).optional(),
});

/** `GET /snapshots`, `GET /snapshots?portalId=`, `GET /snapshots/changes?portalId=`, `GET /snapshots/users/{userId}`. */
export function dashboardAdminRoutes({ ctx, auth }: DirectoryRouteDeps) {
  const app = router();
  const base = { tags: ["directory admin"], ...adminAccess(auth) };

  app.openapi(
    createRoute({
      ...base,
      method: "get",
      path: "/snapshots",
      operationId: "adminListSnapshots",
      summary: "Without portalId: every portal's latest snapshot side by side; with it: that portal's entries",
      request: {
        query: z.object({
          portalId: z.string().min(1).max(100).optional(),
          driftOnly: queryBool(false),
          limit: limitParam(100),
          cursor: z.string().max(1000).optional(),
        }),
      },
      responses: {
        200: json(z.union([listOf(directory.schemas.PortalSnapshot), listOf(directory.schemas.PortalSnapshotEntry)])),
        ...problems(400, 401),
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      if (q.portalId !== undefined) {
        return listResponse(await directory.portalSnapshotEntries(ctx, { ...q, portalId: q.portalId }));
      }
      const { items, dataVersion } = await directory.snapshotOverview(ctx);
      return c.json(
        { data: { items, nextCursor: null }, meta: { dataVersion, generatedAt: new Date().toISOString() } },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      ...base,
      method: "get",
      path: "/snapshots/changes",
      operationId: "adminListSnapshotChanges",
      summary: "What a portal's latest snapshot added and removed per user against its previous one",
      request: { query: portalQuery },
      responses: { 200: json(listOf(directory.schemas.SnapshotChange)), ...problems(400, 401) },
    }),
    async (c) => listResponse(await directory.portalSnapshotChanges(ctx, c.req.valid("query"))),
  );

  app.openapi(
    createRoute({
      ...base,
      method: "get",
      path: "/snapshots/users/{userId}",
      operationId: "adminGetUserSnapshot",
      summary: "A user's groups, roles and permissions in every portal, with collection times and drift",
      request: { params: z.object({ userId: uuid.openapi({ param: { name: "userId", in: "path" } }) }) },
      responses: {
        200: json(z.object({ data: directory.schemas.UserSnapshotView })),
        ...problems(400, 401, 404),
      },
    }),
    async (c) => c.json({ data: await directory.userSnapshotView(ctx, c.req.valid("param").userId) }, 200),
  );
  return app;
}
