/**
 * Whether the configured model endpoints answer: readiness reports the embedding endpoint's state (cached, so a
 * probe every few seconds costs the endpoint at most one GET per `PROBE_CACHE_MS`), and storing settings that name
 * an endpoint that does not answer succeeds with a warning: the endpoint may simply not be up yet.
 */
import type { RagContext } from "./context.ts";
import { probeEndpoint } from "./clients/probe.ts";
import type { SettingsPatch } from "./settings_schemas.ts";

/** A dependency's state as readiness reports it. */
export interface DependencyState {
  state: "ok" | "degraded" | "down";
  detail: string;
}

const PROBE_TIMEOUT_MS = 1500;
const PROBE_CACHE_MS = 10_000;
const READINESS_DETAIL = {
  timeout: `no answer within ${PROBE_TIMEOUT_MS} ms`,
  server_error: "a server error",
  unreachable: "no connection",
};

/**
 * Reports the embedding endpoint's state: `down` when it does not answer (searches then use the lexical legs
 * alone and ingestion waits), `degraded` when none is configured.
 */
export function embeddingReadiness(ctx: RagContext): () => Promise<DependencyState> {
  // The probe in flight is shared too: a burst of readiness calls costs the endpoint one GET.
  let last: { at: number; url: string; state: Promise<DependencyState> } | null = null;
  return async () => {
    const { settings } = await ctx.settings.current();
    const url = settings.embedding.endpoint;
    if (!url) return { state: "degraded", detail: "no embedding endpoint is configured: searches are lexical only" };
    if (!last || last.url !== url || Date.now() - last.at >= PROBE_CACHE_MS) {
      last = { at: Date.now(), url, state: probeEmbedding(ctx, url) };
    }
    return await last.state;
  };
}

async function probeEmbedding(ctx: RagContext, url: string): Promise<DependencyState> {
  const failed = await probeEndpoint(url, { timeoutMs: PROBE_TIMEOUT_MS, apiKey: ctx.embeddingApiKey });
  // Readiness needs no credential: its detail says what kind of failure, never the endpoint or the error text.
  return failed === null
    ? { state: "ok", detail: "the embedding endpoint answers" }
    : { state: "down", detail: `the embedding endpoint does not answer (${READINESS_DETAIL[failed.kind]})` };
}

/** One warning per endpoint `patch` sets that does not answer (the change is stored all the same). */
export async function endpointWarnings(ctx: RagContext, patch: SettingsPatch): Promise<string[]> {
  const probes = (["embedding", "llm"] as const).map(async (cat) => {
    const url = patch[cat]?.endpoint;
    if (!url) return null;
    const failed = await probeEndpoint(url, {
      timeoutMs: PROBE_TIMEOUT_MS,
      apiKey: cat === "embedding" ? ctx.embeddingApiKey : undefined,
    });
    return failed && `${cat}.endpoint does not answer (${failed.detail}); the setting is stored all the same`;
  });
  return (await Promise.all(probes)).filter((w): w is string => w !== null);
}
