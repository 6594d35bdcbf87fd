/**
 * Calibrating the vector leg's relevance floor (retrieval.vectorFloor) for the configured embedding model from a
 * labelled question set (eval-ko's format): every passage and question is embedded with that model, and the floor is
 * the similarity below which at most `missRate` of the relevant passages fall. What it costs is the share of relevant
 * passages below it; what it buys is the share of each question's nearest irrelevant passages below it, which the
 * fused search no longer returns unless a lexical leg found them too.
 */
import { embedTexts } from "./clients/embedding.ts";
import type { RagContext } from "./context.ts";
import type { Principal } from "./principal.ts";
import { updateSettings } from "./settings.ts";
import type { Settings } from "./schemas.ts";

/** A labelled set: passages, and questions naming the passages that answer them. */
export interface LabelledSet {
  passages: { id: string; title: string; text: string }[];
  questions: { id: string; text: string; relevant_ids: string[] }[];
}

/** What a calibration measured and chose. */
export interface FloorCalibration {
  model: string;
  floor: number;
  /** Each question's similarity to each of its relevant passages. */
  relevant: number[];
  /** Each question's similarity to its `top` nearest irrelevant passages. */
  irrelevant: number[];
  relevantBelow: number;
  irrelevantBelow: number;
}

function cosine(a: number[], b: number[]): number {
  let dot = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / (Math.sqrt(na * nb) || 1);
}

/** The `q` quantile of `sorted` (ascending), the lower neighbour: no interpolation past a measured value. */
function lowerQuantile(sorted: number[], q: number): number {
  return sorted[Math.max(0, Math.floor(q * (sorted.length - 1)))];
}

/**
 * The floor for two similarity samples: the `missRate` quantile of the relevant ones, rounded down to 0.001 so a
 * stored floor never exceeds a similarity it was meant to keep.
 */
export function chooseFloor(relevant: number[], irrelevant: number[], missRate: number) {
  if (relevant.length === 0) throw new Error("the labelled set has no question with a known relevant passage");
  const sorted = [...relevant].sort((a, b) => a - b);
  const floor = Math.max(-1, Math.floor(lowerQuantile(sorted, missRate) * 1000) / 1000);
  const share = (xs: number[]) => xs.length ? xs.filter((x) => x < floor).length / xs.length : 0;
  return { floor, relevantBelow: share(relevant), irrelevantBelow: share(irrelevant) };
}

/** Embeds the set with the installation's embedding model and chooses its floor. */
export async function calibrateVectorFloor(
  ctx: RagContext,
  set: LabelledSet,
  o: { top: number; missRate: number },
): Promise<FloorCalibration> {
  const { settings } = await ctx.settings.current();
  const e = settings.embedding;
  if (!e.endpoint) throw new Error("no embedding endpoint is configured");
  const embed = (texts: string[]) =>
    embedTexts(texts, {
      endpoint: e.endpoint!,
      model: e.model,
      batchSize: settings.ingestion.batchSize,
      attempts: settings.ingestion.maxRetries,
      backoffMs: settings.ingestion.backoffMs,
      apiKey: ctx.embeddingApiKey,
    });
  // Passages as ingestion embeds a chunk: its document's title, then its text.
  const passages = await embed(set.passages.map((p) => `${p.title}\n${p.text}`));
  const questions = await embed(set.questions.map((q) => q.text));
  const relevant: number[] = [], irrelevant: number[] = [];
  for (const [i, q] of set.questions.entries()) {
    const sims = set.passages.map((p, j) => ({ id: p.id, sim: cosine(questions[i], passages[j]) }));
    relevant.push(...sims.filter((s) => q.relevant_ids.includes(s.id)).map((s) => s.sim));
    const others = sims.filter((s) => !q.relevant_ids.includes(s.id)).sort((a, b) => b.sim - a.sim);
    irrelevant.push(...others.slice(0, o.top).map((s) => s.sim));
  }
  return { model: e.model, relevant, irrelevant, ...chooseFloor(relevant, irrelevant, o.missRate) };
}

/** Stores `floor` for `model` as the installation's, changed by `by` (an operator script). */
export async function applyVectorFloor(
  ctx: RagContext,
  by: string,
  c: Pick<FloorCalibration, "model" | "floor">,
): Promise<Settings> {
  const operator: Principal = {
    sub: by,
    tenantId: null,
    organizationId: null,
    clearance: 0,
    isAdmin: false,
    isOperator: true,
    portalId: null,
  };
  const out = await updateSettings(ctx, operator, "installation", {
    retrieval: { vectorFloor: { model: c.model, floor: c.floor } },
  });
  return out.settings;
}
