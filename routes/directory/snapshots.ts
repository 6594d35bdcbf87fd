/** A portal's publication of its authorization snapshot. */
import { createRoute, z } from "@hono/zod-openapi";
import * as directory from "@/domain/directory/mod.ts";
import { portalAuth, requireScope } from "../_auth.ts";
import { itemBody, itemOf, json, problems, router } from "../_validate.ts";
import { SnapshotBody, snapshotBody } from "./_snapshot_body.ts";
import type { DirectoryRouteDeps } from "./_shared.ts";

/** The path whose body is read as a stream under SNAPSHOT_MAX_BODY_BYTES (not buffered by the body limit). */
export const SNAPSHOT_PATH = "/authorization-snapshot";

const Receipt = z.object({
  snapshotId: z.uuid(),
  portalId: z.string(),
  sourceVersion: z.string(),
  userCount: z.number().int(),
  assignmentCount: z.number().int(),
  collectedAt: z.string(),
}).openapi("AuthorizationSnapshotReceipt");

/** `POST /authorization-snapshot`. */
export function snapshotsRoutes({ ctx, auth }: DirectoryRouteDeps, maxBytes: number) {
  const app = router();
  const route = createRoute({
    method: "post",
    path: SNAPSHOT_PATH,
    tags: ["directory portal"],
    summary: "Replace the calling portal's whole permission summary (streamed; gzip accepted)",
    security: [{ portalBearer: [] }],
    request: { body: { required: true, content: { "application/json": { schema: SnapshotBody } } } },
    responses: { 200: json(itemOf(Receipt)), ...problems(400, 401, 403, 413, 415, 422, 429) },
  });
  // The body is validated entry by entry while it streams, so the route is documented from its
  // schema but handled without the buffering JSON validator.
  app.openAPIRegistry.registerPath(route);
  app.post(SNAPSHOT_PATH, portalAuth(auth), requireScope("authorization:sync"), async (c) => {
    const portalId = c.var.portal.portalId;
    const actor = { kind: "portal" as const, id: portalId, label: c.var.portal.method, requestId: c.var.requestId };
    const receipt = await directory.publishSnapshot(ctx, actor, portalId, snapshotBody(c.req.raw, maxBytes));
    return c.json(itemBody(receipt), 200);
  });
  return app;
}
