/** A portal's publication of its authorization snapshot. */
import { createRoute } from "@hono/zod-openapi";
import * as directory from "@/domain/directory/mod.ts";
import { actorOf, portalAccess } from "../_auth.ts";
import { bodyKind } from "../_body.ts";
import { itemBody, itemOf, json, problems, router } from "../_validate.ts";
import { snapshotBody } from "./_snapshot_body.ts";
import type { DirectoryRouteDeps } from "./_shared.ts";

const SNAPSHOT_PATH = "/authorization-snapshot";

/** `POST /authorization-snapshot`. */
export function snapshotsRoutes({ ctx, auth }: DirectoryRouteDeps, maxBytes: number) {
  const app = router();
  const access = portalAccess(auth, "authorization:sync");
  const route = createRoute({
    method: "post",
    path: SNAPSHOT_PATH,
    operationId: "publishAuthorizationSnapshot",
    tags: ["directory portal"],
    summary:
      "Replace the calling portal's whole permission summary (streamed; gzip accepted; one at a time per portal)",
    security: access.security,
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
  const [authenticate, permit] = access.middleware;
  app.post(SNAPSHOT_PATH, authenticate, permit, bodyKind("snapshot"), async (c) => {
    const portalId = c.var.portal.portalId;
    const receipt = await directory.publishSnapshot(ctx, actorOf(c), portalId, snapshotBody(c.req.raw, maxBytes));
    return c.json(itemBody(receipt), 200);
  });
  return app;
}
