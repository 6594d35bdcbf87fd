/**
 * Per-request plumbing: the request id (echoed when the caller sent a sane one),
 * a JSON log line per request and HTTP metrics (request bodies: `_body.ts`).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "@/lib/log.ts";
import { counter, histogram, methodLabel } from "@/lib/metrics.ts";
import type { AppEnv } from "./_env.ts";

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const requests = counter("http_requests_total", "HTTP requests by method, route and status", [
  "method",
  "route",
  "status",
]);
const duration = histogram("http_request_duration_seconds", "HTTP request duration", ["method", "route"]);

/** Probes a scheduler or load balancer sends every few seconds. */
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);

/** The header the retrieval service's periodic directory syncs send (domain/rag/clients/directory.ts). */
export const PERIODIC_HEADER = "x-backbone-periodic";

/**
 * Whether the request is one of the calls that repeat every few seconds (probes, the retrieval service's syncs):
 * those log at debug. A sync counts only when a portal credential was proved and it succeeded, so the header
 * cannot hide a stranger's or a failing call from the info log.
 */
function periodic(c: Context<AppEnv>, route: string): boolean {
  if (PROBES.has(route)) return true;
  return c.req.header(PERIODIC_HEADER) !== undefined && c.get("portal") !== undefined && c.res.status < 400;
}

/** Sets the request id and logger, then logs and measures the finished request. */
export function requestContext(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const sent = c.req.header("x-request-id");
    const requestId = sent !== undefined && SANE_ID.test(sent) ? sent : crypto.randomUUID();
    const requestLog = log.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", requestLog);
    const started = performance.now();
    await next();
    c.res.headers.set("x-request-id", requestId);
    const seconds = (performance.now() - started) / 1000;
    const route = c.req.routePath || "unmatched";
    const method = methodLabel(c.req.method);
    requests.inc({ method, route, status: String(c.res.status) });
    duration.observe({ method, route }, seconds);
    const line = periodic(c, route) ? requestLog.debug : requestLog.info;
    line("request", {
      method: c.req.method.slice(0, 32),
      path: c.req.path.slice(0, 512),
      route,
      status: c.res.status,
      ms: Math.round(seconds * 10_000) / 10,
    });
  };
}
