/**
 * Per-request plumbing: the request id (echoed when the caller sent a sane one),
 * a JSON log line per request, HTTP metrics, and the body limit with gzip.
 */
import type { MiddlewareHandler } from "hono";
import { AppError } from "@/domain/errors.ts";
import type { Logger } from "@/lib/log.ts";
import type { Counter, Histogram } from "@/lib/metrics.ts";
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
    const labels = { method: c.req.method, route, status: String(c.res.status) };
    metrics.requests.inc(labels);
    metrics.duration.observe({ method: c.req.method, route }, seconds);
    requestLog.info("request", {
      method: c.req.method,
      path: c.req.path,
      route,
      status: c.res.status,
      ms: Math.round(seconds * 10_000) / 10,
    });
  };
}

/** Reads a body stream fully, refusing it with 413 once it passes `max` bytes. */
export async function readLimited(stream: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > max) {
        throw new AppError("payload_too_large", `The request body exceeds ${max} bytes`);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("invalid_request", "The request body could not be read (bad gzip data?)", { cause: err });
  } finally {
    reader.releaseLock();
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Returns the decoded body stream: gzip is inflated, identity passes, anything else is 415. */
export function decodedBody(req: Request): ReadableStream<Uint8Array> | null {
  if (req.body === null) return null;
  const encoding = (req.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding === "identity" || encoding === "") return req.body;
  if (encoding === "gzip" || encoding === "x-gzip") {
    return req.body.pipeThrough(new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>);
  }
  throw new AppError("unsupported_media_type", `Content-Encoding ${encoding} is not supported; use gzip`);
}

/**
 * Buffers the request body under `maxFor(path)` bytes, after decompression, and
 * hands the handler a plain request. Paths for which `maxFor` returns null read
 * their own body as a stream (see `decodedBody`).
 */
export function bodyLimit(maxFor: (path: string) => number | null): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const max = maxFor(c.req.path);
    if (max === null || c.req.raw.body === null || c.req.method === "GET" || c.req.method === "HEAD") {
      return await next();
    }
    const length = Number(c.req.header("content-length") ?? NaN);
    const encoded = (c.req.header("content-encoding") ?? "identity").toLowerCase() !== "identity";
    if (!encoded && length > max) throw new AppError("payload_too_large", `The request body exceeds ${max} bytes`);
    const stream = decodedBody(c.req.raw);
    const body = stream === null ? null : await readLimited(stream, max);
    const headers = new Headers(c.req.raw.headers);
    headers.delete("content-encoding");
    headers.delete("content-length");
    c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers, body });
    await next();
  };
}
