/** A portal's report of its own sync. */
import { createRoute } from "@hono/zod-openapi";
import { reportSync, schemas } from "@/domain/directory/mod.ts";
import { portalAccess } from "../_auth.ts";
import { itemBody, itemOf, json, jsonBody, problems, router } from "../_validate.ts";
import type { DirectoryRouteDeps } from "./_shared.ts";

/** `POST /sync-status`. */
export function syncStatusRoutes({ ctx, auth }: DirectoryRouteDeps) {
  const app = router();
  app.openapi(
    createRoute({
      method: "post",
      path: "/sync-status",
      operationId: "reportSyncStatus",
      tags: ["directory portal"],
      summary: "Report the calling portal's sync outcome for one resource",
      ...portalAccess(auth, "directory:sync"),
      request: jsonBody(schemas.SyncReport),
      responses: { 200: json(itemOf(schemas.SyncStatus)), ...problems(400, 401, 403, 413, 415, 429) },
    }),
    async (c) => c.json(itemBody(await reportSync(ctx, c.var.portal.portalId, c.req.valid("json"))), 200),
  );
  return app;
}
