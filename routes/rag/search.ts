/** `POST /search`: Korean hybrid search under the caller's row-level security. */
import { createRoute, z } from "@hono/zod-openapi";
import { LEGS, searchContexts } from "@/domain/rag/search.ts";
import { SECURITY_LEVELS } from "@/domain/rag/schemas.ts";
import { json, jsonBody, problems, router } from "../_validate.ts";
import { userAuth } from "./_auth.ts";
import type { RagRouteDeps } from "./_shared.ts";

/** The search request (the console's test bench validates its form with it too). */
export const SearchRequest = z.strictObject({
  question: z.string().trim().min(1).max(4000),
  limit: z.number().int().min(1).max(50).default(10),
  legs: z.array(z.enum(LEGS)).min(1).max(3).refine((l) => new Set(l).size === l.length, "legs must not repeat")
    .optional()
    .openapi({ description: "Only these rankings (all three by default), to see what each contributes" }),
}).openapi("SearchRequest");

const score = z.number().nullable();
const rank = z.number().int().nullable();
const SearchContext = z.object({
  chunkId: z.string(),
  documentId: z.uuid(),
  sourceDocumentId: z.uuid(),
  portalId: z.string(),
  title: z.string(),
  chunkIndex: z.number().int(),
  content: z.string(),
  headingPath: z.array(z.string()),
  securityLevel: z.enum(SECURITY_LEVELS),
  sourceVersion: z.string(),
  vector_score: score,
  text_score: score,
  bigram_score: score,
  hybrid_score: z.number(),
  vector_rank: rank,
  text_rank: rank,
  bigram_rank: rank,
}).openapi("SearchContext");

/** The search route. */
export function searchRoutes({ ctx, verify, limiter }: RagRouteDeps) {
  const app = router();
  app.openapi(
    createRoute({
      tags: ["retrieval"],
      security: [{ userBearer: [] }],
      middleware: [userAuth(verify, limiter)],
      method: "post",
      path: "/search",
      summary: "Hybrid search (vector, Korean full text, bigrams; RRF) over what the caller may see",
      request: jsonBody(SearchRequest),
      responses: {
        200: json(z.object({ contexts: z.array(SearchContext) }), "Contexts, best first"),
        ...problems(400, 401, 413, 415, 429, 503),
      },
    }),
    async (c) => {
      const { contexts } = await searchContexts(ctx, c.var.principal, c.req.valid("json"), "search", c.var.log);
      return c.json({ contexts }, 200);
    },
  );
  return app;
}
