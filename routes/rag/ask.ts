/** `POST /ask`: a grounded answer with citations, as JSON or a server-sent event stream. */
import { createRoute, z } from "@hono/zod-openapi";
import { completeAnswer, prepareAnswer, schemas } from "@/domain/rag/mod.ts";
import { jsonBody, problems, router } from "../_validate.ts";
import { userAccess } from "./_auth.ts";
import { answerStream, wantsStream } from "./_answer.ts";
import type { RagRouteDeps } from "./_shared.ts";

/** The answer route. */
export function askRoutes({ ctx, verify, limiter }: RagRouteDeps) {
  const app = router();
  app.openapi(
    createRoute({
      tags: ["retrieval"],
      ...userAccess(verify, limiter),
      method: "post",
      path: "/ask",
      operationId: "ask",
      summary: "A grounded answer from what the caller may see, with citations (text/event-stream to stream it)",
      request: jsonBody(schemas.AskRequest),
      responses: {
        200: {
          description: "The answer; with Accept: text/event-stream, `delta` events then one `citations` event",
          content: {
            "application/json": { schema: schemas.Answer },
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
