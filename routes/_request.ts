/**
 * Per-request plumbing: the request id (echoed when the caller sent a sane one),
 * a JSON log line per request and HTTP metrics (request bodies: `_body.ts`).
 */
import type { MiddlewareHandler } from "hono";
import type { Logger } from "@/lib/log.ts";
import { type Counter, type Histogram, methodLabel } from "@/lib/metrics.ts";
import type { AppEnv } from "./_env.ts";

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** HTTP metrics the request middleware feeds. */
export interface HttpMetrics {
  requests: Counter;
  duration: Histogram;
}

/** Sets the request id and logger, then logs and measures the finished request. */
export function requestContext(log: Logger, metrics: HttpMetrics): MiddlewareHandler<AppEnv> {
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
    metrics.requests.inc({ method, route, status: String(c.res.status) });
    metrics.duration.observe({ method, route }, seconds);
    requestLog.info("request", {
      method: c.req.method.slice(0, 32),
      path: c.req.path.slice(0, 512),
      route,
      status: c.res.status,
      ms: Math.round(seconds * 10_000) / 10,
    });
  };
}
