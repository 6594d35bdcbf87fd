/** A portal's publication of its authorization snapshot. */
import { createRoute } from "@hono/zod-openapi";
import * as directory from "@/domain/directory/mod.ts";
import { actorOf, portalAuth, requireScope } from "../_auth.ts";
import { bodyKind } from "../_body.ts";
import { itemBody, itemOf, json, problems, router } from "../_validate.ts";
import { snapshotBody } from "./_snapshot_body.ts";
import type { DirectoryRouteDeps } from "./_shared.ts";

const SNAPSHOT_PATH = "/authorization-snapshot";

/** `POST /authorization-snapshot`. */
export function snapshotsRoutes({ ctx, auth }: DirectoryRouteDeps, maxBytes: number) {
  const app = router();
  const route = createRoute({
    method: "post",
    path: SNAPSHOT_PATH,
    tags: ["directory portal"],
    summary:
      "Replace the calling portal's whole permission summary (streamed; gzip accepted; one at a time per portal)",
    security: [{ portalBearer: [] }],
    request: {
      body: { required: true, content: { "application/json": { schema: directory.schemas.AuthorizationSnapshot } } },
    },
    responses: {
      200: json(itemOf(directory.schemas.SnapshotReceipt)),
      ...problems(400, 401, 403, 409, 413, 415, 422, 429, 503),
    },
  });
  // The body is validated entry by entry while it streams, so the route is documented from its
  // schema but handled without the buffering JSON validator.
  app.openAPIRegistry.registerPath(route);
  app.post(SNAPSHOT_PATH, portalAuth(auth), requireScope("authorization:sync"), bodyKind("snapshot"), async (c) => {
    const portalId = c.var.portal.portalId;
    const receipt = await directory.publishSnapshot(ctx, actorOf(c), portalId, snapshotBody(c.req.raw, maxBytes));
    return c.json(itemBody(receipt), 200);
  });
  return app;
}
