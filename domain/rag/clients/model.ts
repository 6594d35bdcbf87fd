/**
 * Chat models for answers (CONTRACT 2.3): the model gateway when both MODEL_GATEWAY_URL
 * and MODEL_GATEWAY_SERVICE_TOKEN are set (`x-purpose: rag.answer`, `x-portal-id`, no
 * `model` field: the gateway chooses), otherwise the local runtime at the settings'
 * `llm.endpoint` (initially PRIVATE_LLM_URL): Ollama's `/api/chat` or an
 * OpenAI-compatible `/v1/chat/completions` (vLLM, llama.cpp server). Both time out
 * after PRIVATE_LLM_TIMEOUT_SECONDS with 504 `llm_timeout`. Replies come as a stream
 * of text pieces; a whole answer is their concatenation.
 */
import { z } from "zod";
import { AppError } from "@/domain/errors.ts";
import { withoutUrlCredentials } from "@/lib/url_credentials.ts";
import { modelCalls } from "./metrics.ts";

/** A chat message. */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** How the service reaches models, from the configuration. */
export interface ModelConfig {
  gateway: { url: string; token: string } | null;
  portalId: string;
  timeoutMs: number;
}

/** The local runtime as the settings' `llm` category names it. */
export interface LocalModel {
  provider: "ollama" | "openai";
  endpoint?: string | null;
  model: string;
  temperature: number;
}

/** Where one answer is generated. */
export interface ModelTarget {
  mode: "gateway" | "local";
  protocol: "openai" | "ollama";
  url: string;
  headers: Record<string, string>;
  /** The request body, without `stream`. */
  body: Record<string, unknown>;
  timeoutMs: number;
}

/** The call's URL: `path` after the base's own path, its query (an `api_key=`, say) kept. */
function endpointUrl(base: string, path: string): string {
  const url = new URL(base);
  const trimmed = url.pathname.replace(/\/+$/, "");
  url.pathname = trimmed.endsWith(path) ? trimmed : `${trimmed}${path}`;
  return url.toString();
}

/** The model an answer goes to now, or null when none is configured (the answer is then extractive). */
export function modelTarget(m: ModelConfig, llm: LocalModel, messages: ChatMessage[]): ModelTarget | null {
  if (m.gateway) {
    return {
      mode: "gateway",
      protocol: "openai",
      url: endpointUrl(m.gateway.url, "/v1/chat/completions"),
      headers: { authorization: `Bearer ${m.gateway.token}`, "x-purpose": "rag.answer", "x-portal-id": m.portalId },
      body: { messages, temperature: llm.temperature },
      timeoutMs: m.timeoutMs,
    };
  }
  if (!llm.endpoint) return null;
  if (llm.provider === "ollama") {
    return {
      mode: "local",
      protocol: "ollama",
      url: endpointUrl(llm.endpoint, "/api/chat"),
      headers: {},
      body: { model: llm.model, messages, options: { temperature: llm.temperature } },
      timeoutMs: m.timeoutMs,
    };
  }
  return {
    mode: "local",
    protocol: "openai",
    url: endpointUrl(llm.endpoint, "/v1/chat/completions"),
    headers: {},
    body: { model: llm.model, messages, temperature: llm.temperature },
    timeoutMs: m.timeoutMs,
  };
}

/** A streamed OpenAI-compatible event, and a whole (non-streamed) OpenAI-compatible reply. */
const OpenAiEvent = z.object({
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).nullish() })).optional(),
});
const OpenAiReply = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish() }).nullish() })).optional(),
});
/** One line of Ollama's stream. */
const OllamaEvent = z.object({
  message: z.object({ content: z.string().nullish() }).nullish(),
  done: z.boolean().optional(),
  error: z.string().optional(),
});

/** Reads one piece of a model's reply through its schema; a reply of another shape is 503, naming where. */
function parsed<T extends z.ZodType>(schema: T, text: string): z.output<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("unavailable", "The model's reply is not JSON");
  }
  const r = schema.safeParse(value);
  if (!r.success) {
    throw new AppError(
      "unavailable",
      `The model's reply has an unexpected shape at ${r.error.issues[0].path.join(".")}`,
    );
  }
  return r.data;
}

function timeoutError(t: ModelTarget): AppError {
  return new AppError("llm_timeout", `The ${t.mode} model did not answer within ${t.timeoutMs / 1000} s`);
}

/** Lines of a streamed body, as they complete. */
async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  let rest = "";
  for await (const chunk of body.pipeThrough(new TextDecoderStream())) {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest) yield rest;
}

/** The text pieces of an OpenAI-compatible server-sent event stream. */
async function* openaiPieces(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  for await (const line of lines(body)) {
    if (!line.startsWith("data:")) continue;
    const data = line.slice(5).trim();
    if (data === "[DONE]") return;
    const piece = parsed(OpenAiEvent, data).choices?.[0]?.delta?.content;
    if (piece) yield piece;
  }
}

/** The text pieces of Ollama's newline-delimited JSON stream. */
async function* ollamaPieces(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  for await (const line of lines(body)) {
    if (!line.trim()) continue;
    const event = parsed(OllamaEvent, line);
    if (event.error) throw new AppError("unavailable", `The local model failed: ${event.error}`);
    if (event.message?.content) yield event.message.content;
    if (event.done) return;
  }
}

/**
 * Generates a reply as a stream of text pieces. Connection failures and error answers
 * are 503 `unavailable`; passing the time limit, before or during the reply, is 504.
 */
export async function* generate(t: ModelTarget): AsyncGenerator<string> {
  const signal = AbortSignal.timeout(t.timeoutMs);
  const end = modelCalls.startTimer({ mode: t.mode });
  let outcome = "error";
  try {
    const res = await fetch(t.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream, application/x-ndjson", ...t.headers },
      body: JSON.stringify({ ...t.body, stream: true }),
      signal,
    });
    if (!res.ok || !res.body) {
      // What the model's server said stays in the service's log (under the request id): it may name hosts,
      // models and internals no ordinary caller should learn.
      const text = (await res.text()).slice(0, 300);
      throw new AppError(
        "unavailable",
        `The ${t.mode} model is unavailable; the request id finds its answer in the log`,
        {
          cause: new Error(`the ${t.mode} model answered ${res.status}: ${text}`),
        },
      );
    }
    // A server that does not stream answers with one JSON body.
    if (res.headers.get("content-type")?.startsWith("application/json") && t.protocol === "openai") {
      yield parsed(OpenAiReply, await res.text()).choices?.[0]?.message?.content ?? "";
      outcome = "ok";
      return;
    }
    yield* t.protocol === "ollama" ? ollamaPieces(res.body) : openaiPieces(res.body);
    outcome = "ok";
  } catch (err) {
    if (signal.aborted) {
      outcome = "timeout";
      throw timeoutError(t);
    }
    if (err instanceof AppError) throw err;
    const why = withoutUrlCredentials((err as Error).message);
    throw new AppError("unavailable", `The ${t.mode} model could not be reached: ${why}`, {
      cause: err,
    });
  } finally {
    // A caller that stops reading early (the client went away) ends the generator here too: counted as an error.
    end({ outcome });
  }
}
