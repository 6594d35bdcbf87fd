/** `GET /admin/overview`: documents, chunks, jobs, queues, failures, the organization sync and activity. */
import { createRoute, z } from "@hono/zod-openapi";
import { overview } from "@/domain/rag/overview.ts";
import { json, problems, router } from "../_validate.ts";
import { requireRagAdmin, userAuth } from "./_auth.ts";
import type { RagRouteDeps } from "./_shared.ts";

const counts = z.record(z.string(), z.number().int());
const Overview = z.object({
  documents: counts,
  chunks: z.object({ total: z.number().int(), hidden: z.number().int() }),
  jobs: counts,
  queues: z.array(z.object({ stream: z.string(), pending: z.number(), lag: z.number(), dead: z.number() }))
    .nullable().openapi({ description: "null when Redis cannot be reached" }),
  recentFailures: z.array(z.object({
    documentId: z.uuid(),
    portalId: z.string(),
    sourceDocumentId: z.uuid(),
    sourceVersion: z.string(),
    indexedVersion: z.string().nullable(),
    title: z.string(),
    error: z.string().nullable(),
    errorCode: z.string().nullable(),
    at: z.string(),
  })),
  organizations: z.object({
    lastSuccessAt: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    error: z.string().nullable(),
    directoryVersion: z.number().nullable(),
    count: z.number().int(),
    active: z.number().int(),
    stale: z.boolean(),
  }),
  activity: z.array(z.object({ hour: z.string(), searches: z.number().int(), answers: z.number().int() })),
  recentAudit: z.array(z.object({
    id: z.number().int(),
    at: z.string(),
    action: z.string(),
    asker: z.string().openapi({ description: "A pseudonym, never the principal" }),
    outcome: z.string(),
    latencyMs: z.number().nullable(),
    results: z.number().int(),
    settingsVersion: z.number().nullable(),
    directoryVersion: z.number().nullable(),
  })),
  settingsVersion: z.number().int(),
}).openapi("RagOverview");

/** The overview route. */
export function overviewRoutes({ ctx, verify, limiter, queues }: RagRouteDeps) {
  const app = router();
  app.openapi(
    createRoute({
      tags: ["retrieval admin"],
      security: [{ userBearer: [] }],
      middleware: [userAuth(verify, limiter), requireRagAdmin],
      method: "get",
      path: "/admin/overview",
      summary: "Documents by status, chunks, jobs and queues, recent failures, organization sync, activity",
      responses: { 200: json(Overview), ...problems(401, 403, 429) },
    }),
    async (c) => {
      // Redis being down must not hide the rest of the overview; the queues show as unknown.
      const depths = await queues().catch((err) => {
        c.var.log.warn("queue depths unavailable", { error: String(err) });
        return null;
      });
      return c.json({ ...await overview(ctx, c.var.principal), queues: depths }, 200);
    },
  );
  return app;
}
