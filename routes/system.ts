/** The four routes that need no credential and reveal no data: health, readiness, metrics (OpenAPI is in mod.ts). */
import { createRoute, z } from "@hono/zod-openapi";
import { renderRegistry } from "@/lib/metrics.ts";
import { json, router } from "./_validate.ts";

/** One dependency's state: `down` fails readiness when the dependency is required. */
export const ReadinessCheck = z.object({
  state: z.enum(["ok", "degraded", "down"]),
  detail: z.string(),
  required: z.boolean(),
});
/** One dependency's state. */
export type ReadinessCheck = z.output<typeof ReadinessCheck>;

/** What readiness checks: each dependency's name and its state. */
export type ReadinessProbe = () => Promise<Record<string, ReadinessCheck>>;

/** What health answers. */
export const HealthStatus = z.object({ status: z.string() });
/** What health answers. */
export type HealthStatus = z.output<typeof HealthStatus>;

/** What readiness answers: a verdict and each dependency's state. */
export const Readiness = z.object({
  status: z.enum(["ready", "degraded", "not_ready"]),
  checks: z.record(z.string(), ReadinessCheck),
});
/** What readiness answers. */
export type Readiness = z.output<typeof Readiness>;

/** The verdict: not ready when a required check is down, degraded when any other is not ok. */
export function readinessOf(checks: Record<string, ReadinessCheck>): Readiness["status"] {
  const all = Object.values(checks);
  if (all.some((c) => c.required && c.state === "down")) return "not_ready";
  return all.every((c) => c.state === "ok") ? "ready" : "degraded";
}

/** `GET /healthz`, `GET /readyz`, `GET /metrics`. */
export function systemRoutes(probe: ReadinessProbe) {
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
      summary: "Each dependency's state (database, Redis, and for retrieval the directory's freshness and the " +
        "embedding endpoint); 503 when a required one is down",
      responses: { 200: json(Readiness), 503: json(Readiness, "A required dependency is down") },
    }),
    async (c) => {
      const checks = await probe();
      const status = readinessOf(checks);
      return status === "not_ready" ? c.json({ status, checks }, 503) : c.json({ status, checks }, 200);
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
    async (c) => {
      const { text, contentType } = await renderRegistry();
      return c.text(text, 200, { "content-type": contentType });
    },
  );
  return app;
}
