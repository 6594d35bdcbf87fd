/**
 * The embedding component's HTTP surface: OpenAI-compatible `POST /v1/embeddings`,
 * `GET /healthz` and `GET /metrics` (Prometheus). Errors are RFC 9457 problem details with the project's codes.
 * It listens on loopback unless told otherwise, and with an API key configured,
 * embeds only for a caller presenting it as a bearer token (health stays open).
 */
import { Buffer } from "node:buffer";
import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { createLogger, errorFields, type Logger } from "@/lib/log.ts";
import { DIMENSIONS, type EmbeddingModel, loadEmbeddingModel } from "./model.ts";
import { renderRegistry, timed } from "@/lib/metrics.ts";
import { embeddingRegistry, inference, inputs, pathLabel, requests, tokensEmbedded } from "./metrics.ts";

/** Inputs per request; a caller with more sends several requests. */
export const MAX_INPUTS = 256;
/** Characters per input: room for a long chunk, while the model truncates to its own token limit. */
export const MAX_INPUT_CHARS = 16_384;
/** Fits MAX_INPUTS inputs of MAX_INPUT_CHARS three-byte characters. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

const Text = z.string().min(1, "must not be empty").max(MAX_INPUT_CHARS);

/** The OpenAI embeddings request; token-array inputs are not accepted. */
const EmbeddingsRequest = z.strictObject({
  input: z.union([Text, z.array(Text).min(1).max(MAX_INPUTS)]),
  model: z.string().max(256).optional(),
  encoding_format: z.enum(["float", "base64"]).default("float"),
  dimensions: z.literal(DIMENSIONS, `this model only produces ${DIMENSIONS} dimensions`).optional(),
  user: z.string().max(256).optional(),
});

/** The OpenAI embeddings answer: a float array per input, or its Float32 little-endian bytes in base64. */
export const EmbeddingsResponse = z.object({
  object: z.literal("list"),
  data: z.array(z.object({
    object: z.literal("embedding"),
    index: z.number().int(),
    embedding: z.union([z.array(z.number()), z.string()]),
  })),
  model: z.string(),
  usage: z.object({ prompt_tokens: z.number().int(), total_tokens: z.number().int() }),
});
/** The OpenAI embeddings answer. */
export type EmbeddingsResponse = z.output<typeof EmbeddingsResponse>;

type Variables = { requestId: string };

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  413: "Content Too Large",
  500: "Internal Server Error",
};

/** Renders RFC 9457 problem details, as the main service does (CONTRACT section 0). */
function problem(
  status: number,
  code: string,
  detail: string,
  requestId: string,
  errors?: { path: string; message: string }[],
): Response {
  const body = {
    type: "about:blank",
    title: TITLES[status],
    status,
    code,
    detail,
    ...(errors ? { errors } : {}),
    requestId,
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/problem+json", "x-request-id": requestId },
  });
}

/** Float32 little-endian bytes in base64, OpenAI's `encoding_format: "base64"`. */
function base64(v: Float32Array): string {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64");
}

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** Whether `header` is `Bearer <apiKey>`, compared in constant time. */
function bearerMatches(header: string | undefined, apiKey: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(presented), digest(apiKey));
}

/** The Hono app serving `model`; with `apiKey`, embeddings need it as a bearer token. */
function createEmbeddingApp(model: EmbeddingModel, log: Logger, apiKey?: string): Hono<{ Variables: Variables }> {
  const app = new Hono<{ Variables: Variables }>();
  app.use(async (c, next) => {
    const sent = c.req.header("x-request-id");
    c.set("requestId", sent && /^[\w.:-]{1,128}$/.test(sent) ? sent : crypto.randomUUID());
    await next();
    c.res.headers.set("x-request-id", c.get("requestId"));
    requests.inc({ path: pathLabel(c.req.path), status: String(c.res.status) });
  });
  app.get("/healthz", (c) => c.json({ status: "ok", model: model.name, dimensions: DIMENSIONS }));
  // Like /healthz, open to whoever reaches the port: counts and timings, no text and no key.
  app.get("/metrics", async (c) => {
    const { text, contentType } = await renderRegistry(embeddingRegistry);
    return c.text(text, 200, { "content-type": contentType });
  });
  app.post(
    "/v1/embeddings",
    async (c, next) => {
      if (apiKey !== undefined && !bearerMatches(c.req.header("authorization"), apiKey)) {
        return problem(401, "unauthorized", "A valid bearer token is required", c.get("requestId"));
      }
      await next();
    },
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => problem(413, "payload_too_large", `The body exceeds ${MAX_BODY_BYTES} bytes`, c.get("requestId")),
    }),
    async (c) => {
      const requestId = c.get("requestId");
      const json = await c.req.json().catch(() => undefined);
      if (json === undefined) return problem(400, "invalid_request", "The request body is not valid JSON", requestId);
      const parsed = EmbeddingsRequest.safeParse(json);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
        return problem(400, "invalid_request", "The request body is not valid", requestId, errors);
      }
      const { input, encoding_format } = parsed.data;
      const t0 = performance.now();
      const { vectors, tokens } = await timed(
        inference,
        {},
        () => model.embed(typeof input === "string" ? [input] : input),
      );
      inputs.inc(vectors.length);
      tokensEmbedded.inc(tokens);
      log.info("embedded", { requestId, inputs: vectors.length, tokens, ms: Math.round(performance.now() - t0) });
      const answer: EmbeddingsResponse = {
        object: "list",
        data: vectors.map((v, index) => ({
          object: "embedding",
          index,
          embedding: encoding_format === "base64" ? base64(v) : Array.from(v),
        })),
        model: model.name,
        usage: { prompt_tokens: tokens, total_tokens: tokens },
      };
      return c.json(answer);
    },
  );
  app.notFound((c) => problem(404, "not_found", "No such route", c.get("requestId")));
  app.onError((err, c) => {
    log.error("request failed", { requestId: c.get("requestId"), ...errorFields(err) });
    return problem(500, "internal_error", "The request failed", c.get("requestId"));
  });
  return app;
}

/** Where and what to serve. */
export interface EmbeddingServerOptions {
  modelPath: string | undefined;
  /** 0 picks a free port. */
  port: number;
  /** The address to listen on; loopback unless another component must reach it. */
  hostname?: string;
  /** When set, `POST /v1/embeddings` requires `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  log?: Logger;
}

/** A running component. */
export interface EmbeddingServer {
  port: number;
  model: EmbeddingModel;
  stop(): Promise<void>;
}

/** Loads the model (throwing EmbeddingStartError when it is unusable), then serves it. */
export async function startEmbeddingServer(options: EmbeddingServerOptions): Promise<EmbeddingServer> {
  const log = options.log ?? createLogger("info", { service: "embedding" });
  const model = await loadEmbeddingModel(options.modelPath);
  const app = createEmbeddingApp(model, log, options.apiKey);
  const hostname = options.hostname ?? "127.0.0.1";
  const server = Deno.serve({
    port: options.port,
    hostname,
    onListen: ({ port }) =>
      log.info("listening", {
        hostname,
        port,
        model: model.name,
        pooling: model.pooling,
        bearer: options.apiKey !== undefined,
      }),
  }, app.fetch);
  return {
    port: server.addr.port,
    model,
    async stop() {
      await server.shutdown();
      await model.dispose();
    },
  };
}
