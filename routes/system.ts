/** The four routes that need no credential and reveal no data: health, readiness, metrics (OpenAPI is in mod.ts). */
import { createRoute, z } from "@hono/zod-openapi";
import { json, router } from "./_validate.ts";

/** What readiness checks: each dependency's name and a probe. */
export type ReadinessProbe = () => Promise<Record<string, boolean>>;

/** What health and readiness answer: a status word, and readiness's verdict per dependency. */
export const HealthStatus = z.object({ status: z.string(), checks: z.record(z.string(), z.string()).optional() });
/** What health and readiness answer. */
export type HealthStatus = z.output<typeof HealthStatus>;

/** `GET /healthz`, `GET /readyz`, `GET /metrics`. */
export function systemRoutes(probe: ReadinessProbe, renderMetrics: () => string) {
  const app = router();

  app.openapi(
    createRoute({
      method: "get",
      path: "/healthz",
      operationId: "getHealth",
      tags: ["system"],
      summary: "The process is up",
      responses: { 200: json(HealthStatus) },
    }),
    (c) => c.json({ status: "ok" }, 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/readyz",
      operationId: "getReadiness",
      tags: ["system"],
      summary: "PostgreSQL and Redis are reachable; 503 names the failing part",
      responses: { 200: json(HealthStatus), 503: json(HealthStatus, "A dependency is unreachable") },
    }),
    async (c) => {
      const results = await probe();
      const checks = Object.fromEntries(Object.entries(results).map(([k, ok]) => [k, ok ? "ok" : "unreachable"]));
      const ok = Object.values(results).every(Boolean);
      return ok ? c.json({ status: "ready", checks }, 200) : c.json({ status: "not_ready", checks }, 503);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/metrics",
      operationId: "getMetrics",
      tags: ["system"],
      summary: "Prometheus metrics",
      responses: { 200: { description: "Prometheus text format", content: { "text/plain": { schema: z.string() } } } },
    }),
    (c) => c.text(renderMetrics(), 200, { "content-type": "text/plain; version=0.0.4" }),
  );
  return app;
}
