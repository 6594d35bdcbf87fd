/**
 * Adapters for the upstream search gateway (`/api/explore/v1`): the gateway's service
 * key in `Authorization` (compared in constant time; unset means every call is 401)
 * and the delegated user token in `x-explore-user-token`, verified like any user
 * token; row-level security comes from the delegated token alone. A token whose claims
 * map to no tenant and organization gets the no-gateway-mapping fallback, not an error.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { AppError } from "@/domain/errors.ts";
import { type Answer, completeAnswer, noEvidence, prepareAnswer, schemas, searchContexts } from "@/domain/rag/mod.ts";
import { bearer } from "../_auth.ts";
import type { AppEnv } from "../_env.ts";
import { json, jsonBody, problems, router } from "../_validate.ts";
import { answerStream, wantsStream } from "../rag/_answer.ts";
import { admitUser } from "../rag/_auth.ts";
import type { RagRouteDeps } from "../rag/_shared.ts";

const digest = (s: string) => createHash("sha256").update(s).digest();

/** The gateway's key, then the delegated token; the principal comes from the token's claims only. */
function gatewayAuth({ verify, limiter }: RagRouteDeps, gatewayKey: string | undefined): MiddlewareHandler<AppEnv> {
  const want = gatewayKey ? digest(gatewayKey) : null;
  return async (c, next) => {
    const given = bearer(c.req.header("authorization"));
    if (!want || !given || !timingSafeEqual(digest(given), want)) {
      throw new AppError("unauthorized", "A valid gateway service key is required");
    }
    await admitUser(c, await verify(c.req.header("x-explore-user-token")), limiter);
    await next();
  };
}

const SNIPPET_CHARS = 200;

/** `POST /search` and `POST /ask` for the gateway. */
export function exploreRoutes(deps: RagRouteDeps, gatewayKey: string | undefined) {
  const app = router();
  const base = {
    tags: ["gateway adapters"],
    security: [{ gatewayKey: [], delegatedUserToken: [] }],
    middleware: [gatewayAuth(deps, gatewayKey)],
  };
  const mapped = (p: { tenantId: string | null; organizationId: string | null }) =>
    p.tenantId !== null && p.organizationId !== null;

  app.openapi(
    createRoute({
      ...base,
      method: "post",
      path: "/search",
      operationId: "gatewaySearch",
      summary: "Document search for the gateway, under the delegated user's row-level security",
      request: jsonBody(schemas.ExploreSearchRequest),
      responses: {
        200: json(schemas.ExploreSearchResponse),
        ...problems(400, 401, 413, 415, 429, 503),
      },
    }),
    async (c) => {
      const { query, limit } = c.req.valid("json");
      const p = c.var.principal;
      const contexts = mapped(p)
        ? (await searchContexts(deps.ctx, p, { question: query, limit }, "search", c.var.log)).contexts
        : [];
      return c.json({
        capability: "search" as const,
        kind: "document" as const,
        items: contexts.map((x) => ({
          id: x.chunkId,
          title: x.title,
          snippet: x.content.length > SNIPPET_CHARS ? `${x.content.slice(0, SNIPPET_CHARS)}…` : x.content,
          score: x.hybrid_score,
          source: { portalId: x.portalId, sourceDocumentId: x.sourceDocumentId, chunkIndex: x.chunkIndex },
        })),
      }, 200);
    },
  );

  app.openapi(
    createRoute({
      ...base,
      method: "post",
      path: "/ask",
      operationId: "gatewayAsk",
      summary: "A grounded answer for the gateway, under the delegated user's row-level security",
      request: jsonBody(schemas.ExploreAskRequest),
      responses: {
        200: {
          description: "The answer; with Accept: text/event-stream, `delta` events then one `citations` event",
          content: {
            "application/json": { schema: schemas.ExploreAnswer },
            "text/event-stream": { schema: z.string() },
          },
        },
        ...problems(400, 401, 413, 415, 429, 503, 504),
      },
    }),
    async (c) => {
      const { question } = c.req.valid("json");
      const p = c.var.principal;
      const prepared = mapped(p)
        ? await prepareAnswer(deps.ctx, p, question, c.var.log)
        : { kind: "fixed" as const, answer: noEvidence(question, "no_gateway_mapping") };
      const shape = ({ answer, citations, grounded, reason }: Answer): schemas.ExploreAnswer => ({
        capability: "answer" as const,
        answer,
        citations,
        grounded,
        ...(reason ? { reason } : {}),
      });
      if (wantsStream(c)) return await answerStream(c, prepared, shape);
      return c.json(shape(await completeAnswer(prepared)), 200);
    },
  );
  return app;
}
