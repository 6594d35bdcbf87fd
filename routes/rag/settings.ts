/**
 * The retrieval settings (CONTRACT 2.2, 2.4): the installation's, for its operator, and a tenant's overrides, for
 * that tenant's administrators. `scope` picks one; by default the operator gets the installation's and anyone
 * else its own tenant's.
 */
import { createRoute, z } from "@hono/zod-openapi";
import {
  endpointWarnings,
  schemas,
  settingsChanges,
  settingsOf,
  settingsScope,
  updateSettings,
} from "@/domain/rag/mod.ts";
import { json, jsonBody, limitParam, problems, router } from "../_validate.ts";
import { userAccess } from "./_auth.ts";
import type { RagRouteDeps } from "./_shared.ts";

const scope = schemas.SettingsScope.optional().meta({
  description: "installation (the operator only) or tenant (the caller's tenant's overrides); default: the " +
    "installation's for the operator, else the tenant's",
});
const ScopeQuery = z.object({ scope });

/** `GET`, `PUT /admin/settings`, `GET /admin/settings/history`. */
export function settingsRoutes({ ctx, verify, limiter }: RagRouteDeps) {
  const app = router();
  const admin = {
    tags: ["retrieval admin"],
    ...userAccess(verify, limiter, "admin-or-operator"),
  };

  app.openapi(
    createRoute({
      ...admin,
      method: "get",
      path: "/admin/settings",
      operationId: "getSettings",
      summary: "The settings of one scope and their version",
      description: "The installation's, or the tenant's effective settings with its overrides; no credentials.",
      request: { query: ScopeQuery },
      responses: { 200: json(schemas.VersionedSettings), ...problems(400, 401, 403, 429) },
    }),
    async (c) => {
      const p = c.var.principal;
      return c.json(await settingsOf(ctx, p, settingsScope(p, c.req.valid("query").scope)), 200);
    },
  );

  app.openapi(
    createRoute({
      ...admin,
      method: "put",
      path: "/admin/settings",
      operationId: "updateSettings",
      summary: "Change any subset of one scope's settings",
      description: "Every change is a new, audited version. A tenant administrator changes only retrieval and " +
        "lifecycle, for its own tenant (null drops an override); the rest only the installation operator (403 " +
        "operator_required). An endpoint set that does not answer a short probe is stored all the same, with a " +
        "warning.",
      request: { query: ScopeQuery, ...jsonBody(schemas.SettingsPatchSchema) },
      responses: { 200: json(schemas.VersionedSettings), ...problems(400, 401, 403, 413, 415, 422, 429) },
    }),
    async (c) => {
      const p = c.var.principal;
      const chosen = settingsScope(p, c.req.valid("query").scope);
      const patch = c.req.valid("json");
      const updated = await updateSettings(ctx, p, chosen, patch);
      // Probed after storing: an endpoint that is not up yet is the operator's to start, not a reason to refuse.
      const warnings = updated.scope === "installation" ? await endpointWarnings(ctx, patch) : [];
      return c.json(warnings.length ? { ...updated, warnings } : updated, 200);
    },
  );

  app.openapi(
    createRoute({
      ...admin,
      method: "get",
      path: "/admin/settings/history",
      operationId: "listSettingsChanges",
      summary: "The latest changes of one scope's settings, newest first: what changed and when, never who",
      request: { query: z.object({ scope, limit: limitParam(20) }) },
      responses: { 200: json(schemas.SettingsHistory), ...problems(400, 401, 403, 429) },
    }),
    async (c) => {
      const p = c.var.principal;
      const q = c.req.valid("query");
      const chosen = settingsScope(p, q.scope);
      return c.json({ scope: chosen, items: await settingsChanges(ctx, p, chosen, q.limit) }, 200);
    },
  );
  return app;
}
