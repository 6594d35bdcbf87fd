/**
 * A fake chat model on loopback that records what it received (path, headers, body)
 * and answers in the protocol of the path it was called on: OpenAI-compatible server-
 * sent events at `/v1/chat/completions`, Ollama's newline-delimited JSON at `/api/chat`
 * (or one JSON body when the request does not ask for a stream). It can delay or fail.
 */

/** A chat request as the service sends it (OpenAI-compatible or Ollama), as far as tests read it. */
export interface ChatRequest {
  model?: string;
  messages: Array<{ role: string; content: string }>;
  stream?: boolean;
  temperature?: number;
  options?: { temperature?: number };
}

/** One request the fake received. */
export interface RecordedCall {
  path: string;
  headers: Record<string, string>;
  body: ChatRequest;
}

/** A running fake model. */
export interface FakeLlm {
  url: string;
  calls: RecordedCall[];
  /** The reply text, sent in a few pieces. */
  reply: string;
  /** Wait this long before answering. */
  delayMs: number;
  /** Answer with this status instead (0: answer normally). */
  failWith: number;
  stop(): Promise<void>;
}

function pieces(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += 7) out.push(text.slice(i, i + 7));
  return out;
}

/** Starts a fake model on a free loopback port. */
export function startFakeLlm(reply = "답변입니다 [1]."): FakeLlm {
  const state: FakeLlm = {
    url: "",
    calls: [],
    reply,
    delayMs: 0,
    failWith: 0,
    stop: () => server.shutdown(),
  };
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const path = new URL(req.url).pathname;
    // As a model server answers a probe's GET of its base URL: not a route, but it answers.
    if (req.method !== "POST") return new Response("not found", { status: 404 });
    const body = await req.json() as ChatRequest;
    state.calls.push({ path, headers: Object.fromEntries(req.headers), body });
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    if (state.failWith) return new Response("model exploded", { status: state.failWith });
    const enc = new TextEncoder();
    if (path.endsWith("/api/chat")) {
      const lines = [...pieces(state.reply).map((p) => ({ message: { role: "assistant", content: p }, done: false })), {
        message: { role: "assistant", content: "" },
        done: true,
      }];
      if (body.stream === false) {
        return Response.json({ message: { role: "assistant", content: state.reply }, done: true });
      }
      return new Response(lines.map((l) => JSON.stringify(l)).join("\n") + "\n", {
        headers: { "content-type": "application/x-ndjson" },
      });
    }
    if (body.stream !== true) {
      return Response.json({ choices: [{ index: 0, message: { role: "assistant", content: state.reply } }] });
    }
    const stream = new ReadableStream({
      start(controller) {
        for (const p of pieces(state.reply)) {
          controller.enqueue(
            enc.encode(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: p } }] })}\n\n`),
          );
        }
        controller.enqueue(enc.encode("data: [DONE]\n\n"));
        controller.close();
      },
    });
    return new Response(stream, { headers: { "content-type": "text/event-stream" } });
  });
  state.url = `http://127.0.0.1:${server.addr.port}`;
  return state;
}
