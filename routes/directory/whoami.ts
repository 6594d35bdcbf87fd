/** `GET /whoami`: the calling portal and its scopes. */
import { createRoute } from "@hono/zod-openapi";
import { WhoAmI, whoAmI } from "@/domain/directory/mod.ts";
import { portalAccess } from "../_auth.ts";
import { itemBody, itemOf, json, problems, router } from "../_validate.ts";
import type { DirectoryRouteDeps } from "./_shared.ts";

/** The route: any valid portal credential, whatever its scopes. */
export function whoamiRoutes({ auth }: DirectoryRouteDeps) {
  const app = router();
  app.openapi(
    createRoute({
      method: "get",
      path: "/whoami",
      operationId: "whoAmI",
      tags: ["directory portal"],
      summary: "The calling portal, how it signed in and the scopes its credential holds",
      ...portalAccess(auth),
      responses: { 200: json(itemOf(WhoAmI)), ...problems(401, 429) },
    }),
    (c) => c.json(itemBody(whoAmI(c.var.portal)), 200),
  );
  return app;
}
