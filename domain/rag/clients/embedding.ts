/**
 * Embeds texts through the configured OpenAI-compatible endpoint (`POST /v1/embeddings`),
 * in batches, retrying a failed batch with exponential backoff a bounded number of times.
 * Every vector must have 1024 dimensions. With EMBEDDING_API_KEY configured it is sent as
 * a bearer token (it never appears in the settings, which only name the endpoint).
 */
import { z } from "zod";
import { AppError } from "@/domain/errors.ts";
import { withoutUrlCredentials } from "@/lib/url_credentials.ts";
import { timed } from "@/lib/metrics.ts";
import { embeddingCalls } from "./metrics.ts";

/** The embedding dimension the whole service is built for. */
export const EMBEDDING_DIMENSIONS = 1024;

/** How to call the endpoint. */
export interface EmbedOptions {
  endpoint: string;
  model: string;
  batchSize: number;
  attempts: number;
  backoffMs: number;
  timeoutMs?: number;
  /** The bearer token the endpoint requires (EMBEDDING_API_KEY), if any. */
  apiKey?: string;
}

/** What an OpenAI-compatible embeddings endpoint answers (extra members are ignored). */
const EmbeddingsReply = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()) })),
});

async function embedBatch(texts: string[], o: EmbedOptions): Promise<number[][]> {
  const res = await fetch(o.endpoint, {
    method: "POST",
    headers: { "content-type": "application/json", ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}) },
    body: JSON.stringify({ input: texts, model: o.model }),
    signal: AbortSignal.timeout(o.timeoutMs ?? 60_000),
  });
  if (!res.ok) throw new Error(`embedding endpoint answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  const reply = EmbeddingsReply.safeParse(await res.json());
  if (!reply.success) {
    throw new Error(`embedding endpoint answered an unexpected shape at ${reply.error.issues[0].path.join(".")}`);
  }
  const data = [...reply.data.data].sort((a, b) => a.index - b.index);
  if (data.length !== texts.length) {
    throw new Error(`embedding endpoint returned ${data.length} vectors for ${texts.length} texts`);
  }
  for (const d of data) {
    if (d.embedding.length !== EMBEDDING_DIMENSIONS) {
      throw new AppError(
        "unprocessable",
        `the embedding model returns ${d.embedding.length} dimensions, not ${EMBEDDING_DIMENSIONS}`,
      );
    }
  }
  return data.map((d) => d.embedding);
}

/** Embeds `texts` in order; throws 503 unavailable once a batch has failed `attempts` times. */
export async function embedTexts(texts: string[], o: EmbedOptions): Promise<number[][]> {
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += o.batchSize) {
    const batch = texts.slice(i, i + o.batchSize);
    for (let attempt = 1;; attempt++) {
      try {
        out.push(...await timed(embeddingCalls, {}, () => embedBatch(batch, o)));
        break;
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (attempt >= o.attempts) {
          throw new AppError(
            "unavailable",
            // The fetch error names the URL: its credentials stay out of the stored error and the logs.
            `The embedding endpoint failed ${attempt} times: ${withoutUrlCredentials((err as Error).message)}`,
            { cause: err },
          );
        }
        await new Promise((r) => setTimeout(r, o.backoffMs * 2 ** (attempt - 1)));
      }
    }
  }
  return out;
}

/** A vector in pgvector's text form. */
export function vectorText(v: number[]): string {
  return `[${v.join(",")}]`;
}
