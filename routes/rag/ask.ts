/** `POST /ask`: a grounded answer with citations, as JSON or a server-sent event stream. */
import { createRoute, z } from "@hono/zod-openapi";
import { completeAnswer, prepareAnswer } from "@/domain/rag/answer.ts";
import { jsonBody, problems, router } from "../_validate.ts";
import { userAuth } from "./_auth.ts";
import { answerStream, wantsStream } from "./_answer.ts";
import type { RagRouteDeps } from "./_shared.ts";

/** The question of an answer request. */
export const Question = z.string().trim().min(1).max(4000);

/** A citation as answers return it. */
export const CitationSchema = z.object({
  marker: z.number().int(),
  documentId: z.uuid(),
  sourceDocumentId: z.uuid(),
  portalId: z.string(),
  title: z.string(),
  chunkIndex: z.number().int(),
  excerpt: z.string(),
}).openapi("Citation");

const AnswerSchema = z.object({
  answer: z.string(),
  citations: z.array(CitationSchema),
  grounded: z.boolean(),
  mode: z.enum(["gateway", "local", "extractive"]),
  reason: z.enum(["no_evidence", "no_gateway_mapping"]).optional(),
}).openapi("Answer");

/** The answer route. */
export function askRoutes({ ctx, verify, limiter }: RagRouteDeps) {
  const app = router();
  app.openapi(
    createRoute({
      tags: ["retrieval"],
      security: [{ userBearer: [] }],
      middleware: [userAuth(verify, limiter)],
      method: "post",
      path: "/ask",
      summary: "A grounded answer from what the caller may see, with citations (text/event-stream to stream it)",
      request: jsonBody(z.strictObject({ question: Question }).openapi("AskRequest")),
      responses: {
        200: {
          description: "The answer; with Accept: text/event-stream, `delta` events then one `citations` event",
          content: {
            "application/json": { schema: AnswerSchema },
            "text/event-stream": { schema: z.string() },
          },
        },
        ...problems(400, 401, 413, 415, 429, 503, 504),
      },
    }),
    async (c) => {
      const prepared = await prepareAnswer(ctx, c.var.principal, c.req.valid("json").question, c.var.log);
      if (wantsStream(c)) return await answerStream(c, prepared);
      return c.json(await completeAnswer(prepared), 200);
    },
  );
  return app;
}
