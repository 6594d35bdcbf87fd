/**
 * Retrieval settings (CONTRACT 2.4): ingestion, embedding, retrieval, llm, lifecycle.
 * Until an administrator stores them, endpoints come from PRIVATE_EMBEDDING_URL and
 * PRIVATE_LLM_URL; a stored value wins. Every change is a new version with who made it
 * and what changed; readers re-check the version every few seconds, so running workers
 * apply a change without a restart. Endpoint credentials are never shown.
 */
import { z } from "zod";
import * as store from "@/sql/rag/settings.ts";
import type { Sql } from "@/sql/mod.ts";
import { type DbPrincipal, withPrincipal } from "@/sql/rag/session.ts";
import { AppError } from "@/domain/errors.ts";
import { chunkOptionsProblem } from "./chunk.ts";

const endpoint = z.url({ protocol: /^https?$/ }).max(2000);

/**
 * A leg's RRF weight: 0 (the leg does not count) or 0.001 to 10. Anything finer is no ranking choice, and a
 * weight near zero underflowed the fused score's conversion to double precision (a search failed with 500).
 */
const legWeight = z.number().min(0).max(10).refine((w) => w === 0 || w >= 0.001, {
  error: "must be 0 or between 0.001 and 10",
});

const categories = {
  ingestion: z.strictObject({
    chunkSize: z.number().int().min(100).max(20_000),
    chunkOverlap: z.number().int().min(0).max(10_000),
    workerCount: z.number().int().min(1).max(32),
    batchSize: z.number().int().min(1).max(256),
    maxRetries: z.number().int().min(1).max(20),
    backoffMs: z.number().int().min(10).max(600_000),
  }),
  embedding: z.strictObject({
    provider: z.literal("openai"),
    endpoint: endpoint.nullable(),
    model: z.string().min(1).max(200),
    dimensions: z.literal(1024, { error: "dimensions are fixed at 1024" }),
  }),
  retrieval: z.strictObject({
    rrfK: z.number().int().min(1).max(1000),
    textSearchConfig: z.enum(["korean", "simple"]),
    safeContexts: z.number().int().min(3).max(5),
    candidateLimit: z.number().int().min(10).max(1000),
    /** Each leg's share of the fused score: a chunk gets weight / (rrfK + rank) from every leg that found it. */
    weights: z.strictObject({ vector: legWeight, text: legWeight, bigram: legWeight }).refine(
      (w) => w.vector + w.text + w.bigram > 0,
      { error: "at least one leg needs a weight above 0" },
    ),
  }),
  llm: z.strictObject({
    provider: z.enum(["ollama", "openai"]),
    endpoint: endpoint.nullable(),
    model: z.string().min(1).max(200),
    temperature: z.number().min(0).max(2),
    maxContextTokens: z.number().int().min(512).max(1_000_000),
  }),
  lifecycle: z.strictObject({
    publicationApprovalRequired: z.boolean(),
    retentionDays: z.number().int().min(0).max(36_500),
    sourceDeleteCascade: z.boolean(),
    fileStoreApprovalRequired: z.boolean(),
  }),
};

/** The settings object, whole. */
export const SettingsSchema = z.strictObject(categories).superRefine((s, ctx) => {
  const problem = chunkOptionsProblem(s.ingestion);
  if (problem) ctx.addIssue({ code: "custom", path: ["ingestion", "chunkOverlap"], message: problem });
}).meta({ id: "RagSettings" });

/** The settings object. */
export type Settings = z.output<typeof SettingsSchema>;

/** A partial update: any subset of categories, each any subset of its fields. */
export const SettingsPatchSchema = z.strictObject({
  ingestion: categories.ingestion.partial().optional(),
  embedding: categories.embedding.partial().optional(),
  retrieval: categories.retrieval.partial().optional(),
  llm: categories.llm.partial().optional(),
  lifecycle: categories.lifecycle.partial().optional(),
}).meta({ id: "RagSettingsPatch" });

/** A partial update. */
export type SettingsPatch = z.output<typeof SettingsPatchSchema>;

/** The defaults, with endpoints from the environment. */
export function defaultSettings(env: { embeddingUrl?: string; llmUrl?: string }): Settings {
  return {
    ingestion: { chunkSize: 800, chunkOverlap: 120, workerCount: 2, batchSize: 32, maxRetries: 5, backoffMs: 500 },
    embedding: {
      provider: "openai",
      endpoint: env.embeddingUrl ?? "http://127.0.0.1:8081/v1/embeddings",
      model: "bge-m3",
      dimensions: 1024,
    },
    // Chosen on eval-ko's dev split (bench/EVAL.md): the lexical legs carry Korean questions written from
    // the documents; the vector leg adds recall where the wording differs. A stronger embedding model than
    // the test model earns the vector leg more weight.
    retrieval: {
      rrfK: 3,
      textSearchConfig: "korean",
      safeContexts: 5,
      candidateLimit: 50,
      weights: { vector: 0.25, text: 1, bigram: 1 },
    },
    llm: {
      provider: "ollama",
      endpoint: env.llmUrl ?? null,
      model: "qwen2.5:7b-instruct",
      temperature: 0.1,
      maxContextTokens: 8192,
    },
    lifecycle: {
      publicationApprovalRequired: false,
      retentionDays: 0,
      sourceDeleteCascade: true,
      fileStoreApprovalRequired: false,
    },
  };
}

/** `base` with each category's fields replaced by those `patch` gives. */
function overlay(base: Settings, patch: SettingsPatch): Record<string, object> {
  return Object.fromEntries(
    Object.entries(base).map((
      [cat, fields],
    ) => [cat, { ...fields, ...(patch as Record<string, object | undefined>)[cat] }]),
  );
}

/** The settings and the version they were read at (0 means nothing stored yet). */
export interface VersionedSettings {
  version: number;
  settings: Settings;
}

/** Reads settings, keeping a copy that is re-validated against the stored version at most every `ttlMs`. */
export function createSettingsStore(sql: Sql, defaults: Settings, ttlMs = 2000) {
  let cached: VersionedSettings | undefined;
  let checkedAt = 0;
  async function load(): Promise<VersionedSettings> {
    const row = await store.latestSettings(sql);
    // A version stored before a field existed reads that field's default.
    return row
      ? { version: row.version, settings: SettingsSchema.parse(overlay(defaults, row.settings as SettingsPatch)) }
      : { version: 0, settings: defaults };
  }
  return {
    defaults,
    /** The current settings. */
    async current(): Promise<VersionedSettings> {
      if (cached && Date.now() - checkedAt < ttlMs) return cached;
      const version = await store.settingsVersion(sql);
      if (!cached || cached.version !== version) cached = await load();
      checkedAt = Date.now();
      return cached;
    },
    /** The last settings read (the defaults before any), for callers that cannot wait. */
    latest(): Settings {
      return cached?.settings ?? defaults;
    },
    /** Forgets the cached copy (after a change made by this process). */
    invalidate() {
      cached = undefined;
    },
  };
}

/** The settings store. */
export type SettingsStore = ReturnType<typeof createSettingsStore>;

/** Removes credentials from endpoint URLs, so settings can be shown anywhere. */
export function redacted(s: Settings): Settings {
  const clean = (url: string | null) => {
    if (url === null) return null;
    const u = new URL(url);
    u.username = "";
    u.password = "";
    return u.toString();
  };
  return {
    ...s,
    embedding: { ...s.embedding, endpoint: clean(s.embedding.endpoint) },
    llm: { ...s.llm, endpoint: clean(s.llm.endpoint) },
  };
}

/** The fields a patch changes, as `category.field: [before, after]`, endpoint credentials left out. */
function changesOf(before: Settings, after: Settings): Record<string, unknown> {
  const [shownBefore, shownAfter] = [redacted(before), redacted(after)];
  const out: Record<string, unknown> = {};
  for (const cat of Object.keys(after) as (keyof Settings)[]) {
    for (const [field, value] of Object.entries(after[cat])) {
      const old = (before[cat] as Record<string, unknown>)[field];
      if (JSON.stringify(old) === JSON.stringify(value)) continue;
      out[`${cat}.${field}`] = [
        (shownBefore[cat] as Record<string, unknown>)[field],
        (shownAfter[cat] as Record<string, unknown>)[field],
      ];
    }
  }
  return out;
}

/** Applies a partial update as a new version; the merged whole must validate (dimensions stay 1024). */
export async function updateSettings(
  sql: Sql,
  settingsStore: SettingsStore,
  principal: DbPrincipal,
  changedBy: string,
  patch: SettingsPatch,
): Promise<VersionedSettings> {
  const { settings: before } = await settingsStore.current();
  const parsed = SettingsSchema.safeParse(overlay(before, patch));
  if (!parsed.success) {
    throw new AppError("invalid_request", "The settings are not valid", {
      errors: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    });
  }
  const changes = changesOf(before, parsed.data);
  if (Object.keys(changes).length === 0) return await settingsStore.current();
  const row = await withPrincipal(sql, principal, (tx) => store.insertSettings(tx, parsed.data, changedBy, changes));
  settingsStore.invalidate();
  return { version: row.version, settings: parsed.data };
}
