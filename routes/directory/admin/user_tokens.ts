/** Admin issuance of user tokens for the retrieval service. */
import { createRoute, z } from "@hono/zod-openapi";
import * as directory from "@/domain/directory/mod.ts";
import { adminAuth } from "../../_auth.ts";
import { itemBody, itemOf, json, jsonBody, problems, router } from "../../_validate.ts";
import { adminActor, type DirectoryRouteDeps } from "../_shared.ts";

const IssuedToken = z.object({
  token: z.string(),
  tokenType: z.literal("Bearer"),
  expiresAt: z.string(),
  claims: z.record(z.string(), z.unknown()),
}).openapi("IssuedUserToken");

/** `POST /user-tokens`. */
export function userTokensAdminRoutes({ ctx, auth }: DirectoryRouteDeps) {
  const app = router();
  app.openapi(
    createRoute({
      method: "post",
      path: "/user-tokens",
      tags: ["directory admin"],
      summary:
        "Issue the signed user token the retrieval service accepts (ACTIVE users only; ttl 60-3600 s, default 900)",
      middleware: [adminAuth(auth)],
      security: [{ adminKey: [] }],
      request: jsonBody(directory.schemas.UserTokenRequest),
      responses: { 200: json(itemOf(IssuedToken)), ...problems(400, 401, 404, 413, 415, 422, 503) },
    }),
    async (c) => c.json(itemBody(await directory.issueUserToken(ctx, adminActor(c), c.req.valid("json"))), 200),
  );
  return app;
}
