/**
 * The OpenAPI document `/openapi.json` serves, built without a database, Redis or a listener: the route sets are
 * registered over dependencies that are never called, so tools (the portal client's generator) can read the
 * document from the code itself, with every route set registered as a full deployment has it.
 */
import { loadConfig } from "@/lib/config.ts";
import { createLogger } from "@/lib/log.ts";
import { createApp } from "@/routes/mod.ts";

/**
 * Stands in for every dependency: reading any member gives it back, so route factories can destructure what they
 * keep; calling it throws, since building the document must never reach a handler.
 */
const neverCalled: unknown = new Proxy(function () {}, {
  get: (_target, key) => key === "then" ? undefined : neverCalled,
  apply: () => {
    throw new Error("a dependency was called while building the OpenAPI document");
  },
});

/** The document as the service serves it with both services and the portal API enabled. */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const unreachable = "postgres://document@127.0.0.1:1/document";
  const config = loadConfig({
    DATABASE_URL: unreachable,
    DATABASE_SYSTEM_URL: unreachable,
    REDIS_URL: "redis://127.0.0.1:1",
    // Portal routes are registered only when a JWT secret is set; this one verifies nothing.
    PORTAL_JWT_SECRET: "openapi-document-only-0123456789-abcdefghij",
    PORTAL_JWT_ISSUER: "openapi-document",
    PORTAL_JWT_AUDIENCE: "openapi-document",
    RAG_CONTENT_ALLOW_ANY_HOST: "true",
  }, () => "");
  const app = createApp({
    config,
    log: createLogger("error"),
    ready: () => Promise.resolve({}),
    revokedSessions: neverCalled as never,
    directory: neverCalled as never,
    rag: neverCalled as never,
    auditRefusal: () => {},
  });
  const res = await app.request("/openapi.json");
  if (!res.ok) throw new Error(`the OpenAPI document answered ${res.status}`);
  return await res.json();
}
