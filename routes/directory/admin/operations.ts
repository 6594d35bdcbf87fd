/** Admin views of operations: every portal's sync status and the audit log. */
import { createRoute, z } from "@hono/zod-openapi";
import * as directory from "@/domain/directory/mod.ts";
import { adminAccess } from "../../_auth.ts";
import { json, limitParam, listOf, listResponse, problems, router } from "../../_validate.ts";
import type { DirectoryRouteDeps } from "../_shared.ts";

/** `GET /sync-status`, `GET /audit-log`. */
export function operationsAdminRoutes({ ctx, auth }: DirectoryRouteDeps) {
  const app = router();
  const base = { tags: ["directory admin"], ...adminAccess(auth) };

  app.openapi(
    createRoute({
      ...base,
      method: "get",
      path: "/sync-status",
      operationId: "adminGetSyncStatus",
      summary: "Every portal's sync status and credential failures",
      responses: {
        200: json(z.object({ data: z.object({ items: z.array(directory.schemas.PortalSync) }) })),
        ...problems(401),
      },
    }),
    async (c) => c.json({ data: { items: await directory.listSyncStatus(ctx) } }, 200),
  );

  app.openapi(
    createRoute({
      ...base,
      method: "get",
      path: "/audit-log",
      operationId: "adminListAuditLog",
      summary: "Audit entries, newest first",
      request: {
        query: z.object({
          limit: limitParam(100),
          cursor: z.string().max(1000).optional(),
          targetType: z.string().max(100).optional(),
          targetId: z.string().max(200).optional(),
          action: z.string().max(100).optional(),
        }),
      },
      responses: { 200: json(listOf(directory.schemas.AuditEntry)), ...problems(400, 401) },
    }),
    async (c) => listResponse(await directory.listAuditLog(ctx, c.req.valid("query"))),
  );
  return app;
}
