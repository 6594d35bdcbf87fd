/** Admin issuance of user tokens for the retrieval service. */
import { createRoute } from "@hono/zod-openapi";
import * as directory from "@/domain/directory/mod.ts";
import { actorOf, adminAccess } from "../../_auth.ts";
import { itemBody, itemOf, json, jsonBody, problems, router } from "../../_validate.ts";
import type { DirectoryRouteDeps } from "../_shared.ts";

/** `POST /user-tokens`. */
export function userTokensAdminRoutes({ ctx, auth }: DirectoryRouteDeps) {
  const app = router();
  app.openapi(
    createRoute({
      method: "post",
      path: "/user-tokens",
      operationId: "adminIssueUserToken",
      tags: ["directory admin"],
      summary: "Issue the signed user token the retrieval service accepts",
      description: "For ACTIVE users only; ttl 60-3600 s, default 900; `operator: true` only for users in " +
        "INSTALLATION_OPERATORS.",
      ...adminAccess(auth),
      request: jsonBody(directory.schemas.UserTokenRequest),
      responses: {
        200: json(itemOf(directory.schemas.IssuedUserToken)),
        ...problems(400, 401, 403, 404, 413, 415, 422, 503),
      },
    }),
    async (c) => c.json(itemBody(await directory.issueUserToken(ctx, actorOf(c), c.req.valid("json"))), 200),
  );
  return app;
}
