/** Writing an answer as JSON or, on `Accept: text/event-stream`, as server-sent events (citations last). */
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { type Answer, answerEvents, type PreparedAnswer } from "@/domain/rag/mod.ts";
import { toAppError } from "../_errors.ts";
import type { AppEnv } from "../_env.ts";

/** Whether the caller asked for a stream. */
export function wantsStream(c: Context<AppEnv>): boolean {
  return (c.req.header("accept") ?? "").includes("text/event-stream");
}

/**
 * Streams the answer: `delta` events with text, then one `citations` event with the
 * citations, `grounded`, `mode` and any `reason`. The first piece is awaited before
 * the response starts, so a model that cannot be reached or times out still gets a
 * plain problem response; a failure after that ends the stream with an `error` event.
 */
export async function answerStream(
  c: Context<AppEnv>,
  prepared: PreparedAnswer,
  shape: (a: Answer) => Record<string, unknown> = (a) => ({ ...a }),
): Promise<Response> {
  const events = answerEvents(prepared);
  const first = await events.next();
  return streamSSE(c, async (stream) => {
    try {
      for (let step = first; !step.done; step = await events.next()) {
        const event = step.value;
        if (event.type === "delta") {
          await stream.writeSSE({ event: "delta", data: JSON.stringify({ text: event.text }) });
        } else {
          const { answer: _text, ...rest } = shape(event.answer);
          await stream.writeSSE({ event: "citations", data: JSON.stringify(rest) });
        }
      }
    } catch (err) {
      const e = toAppError(err);
      c.var.log.warn("answer stream failed", { code: e.code, detail: e.message });
      await stream.writeSSE({ event: "error", data: JSON.stringify({ code: e.code, detail: e.message }) });
    }
  });
}
