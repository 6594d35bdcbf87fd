/** The retrieval settings (CONTRACT 2.4), for administrators. */
import { createRoute, z } from "@hono/zod-openapi";
import { redacted, SettingsPatchSchema, SettingsSchema, updateSettings } from "@/domain/rag/settings.ts";
import { dbPrincipal } from "@/domain/rag/context.ts";
import { json, jsonBody, problems, router } from "../_validate.ts";
import { requireRagAdmin, userAuth } from "./_auth.ts";
import type { RagRouteDeps } from "./_shared.ts";

const Versioned = z.object({ version: z.number().int(), settings: SettingsSchema }).openapi("VersionedRagSettings");

/** `GET`, `PUT /admin/settings`. */
export function settingsRoutes({ ctx, verify, limiter }: RagRouteDeps) {
  const app = router();
  const admin = {
    tags: ["retrieval admin"],
    security: [{ userBearer: [] }],
    middleware: [userAuth(verify, limiter), requireRagAdmin],
  };

  app.openapi(
    createRoute({
      ...admin,
      method: "get",
      path: "/admin/settings",
      summary: "The current settings and their version (no secrets)",
      responses: { 200: json(Versioned), ...problems(401, 403) },
    }),
    async (c) => {
      const { version, settings } = await ctx.settings.current();
      return c.json({ version, settings: redacted(settings) }, 200);
    },
  );

  app.openapi(
    createRoute({
      ...admin,
      method: "put",
      path: "/admin/settings",
      summary: "Change any subset of the settings; every change is a new, audited version",
      request: jsonBody(SettingsPatchSchema),
      responses: { 200: json(Versioned), ...problems(400, 401, 403, 413, 415) },
    }),
    async (c) => {
      const p = c.var.principal;
      const { version, settings } = await updateSettings(
        ctx.sql,
        ctx.settings,
        dbPrincipal(ctx, p),
        `user:${p.sub}`,
        c.req.valid("json"),
      );
      return c.json({ version, settings: redacted(settings) }, 200);
    },
  );
  return app;
}
