/**
 * The retrieval settings and the administrators' overview as wire records (re-exported by schemas.ts, so every
 * retrieval schema is reached one way).
 */
import { z } from "zod";
import { chunkOptionsProblem } from "./text/chunk.ts";

const endpoint = z.url({ protocol: /^https?$/ }).max(2000);

/**
 * A leg's RRF weight: 0 (the leg does not count) or 0.001 to 10. Anything finer is no ranking choice, and a
 * weight near zero underflowed the fused score's conversion to double precision (a search failed with 500).
 */
const legWeight = z.number().min(0).max(10).refine((w) => w === 0 || w >= 0.001, {
  error: "must be 0 or between 0.001 and 10",
});

/** Each field of `fields`, also taking null (a tenant's "back to the installation's value") and optional. */
function clearable<T extends Record<string, z.ZodType>>(fields: T) {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.nullable().optional()])) as {
    [K in keyof T]: z.ZodOptional<z.ZodNullable<T[K]>>;
  };
}

const retrievalFields = {
  rrfK: z.number().int().min(1).max(1000),
  textSearchConfig: z.enum(["korean", "simple"]),
  safeContexts: z.number().int().min(3).max(5),
  candidateLimit: z.number().int().min(10).max(1000),
  /** Each leg's share of the fused score: a chunk gets weight / (rrfK + rank) from every leg that found it. */
  weights: z.strictObject({ vector: legWeight, text: legWeight, bigram: legWeight }).refine(
    (w) => w.vector + w.text + w.bigram > 0,
    { error: "at least one leg needs a weight above 0" },
  ),
};

/**
 * The vector leg's relevance floor: a cosine similarity calibrated for one embedding model (`deno task
 * calibrate-floor`). It applies only while `model` is the configured embedding model, since another model's
 * similarities are on another scale; null: no floor. The installation's alone (it belongs to the shared model).
 */
const vectorFloor = z.strictObject({
  model: z.string().min(1).max(200),
  floor: z.number().min(-1).max(1),
}).nullable();

const lifecycleFields = {
  publicationApprovalRequired: z.boolean(),
  retentionDays: z.number().int().min(0).max(36_500),
  sourceDeleteCascade: z.boolean(),
  fileStoreApprovalRequired: z.boolean(),
};

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
  retrieval: z.strictObject({ ...retrievalFields, vectorFloor }),
  llm: z.strictObject({
    provider: z.enum(["ollama", "openai"]),
    endpoint: endpoint.nullable(),
    model: z.string().min(1).max(200),
    temperature: z.number().min(0).max(2),
    maxContextTokens: z.number().int().min(512).max(1_000_000),
  }),
  lifecycle: z.strictObject(lifecycleFields),
};

/** The settings object, whole. */
export const SettingsSchema = z.strictObject(categories).superRefine((s, ctx) => {
  const problem = chunkOptionsProblem(s.ingestion);
  if (problem) ctx.addIssue({ code: "custom", path: ["ingestion", "chunkOverlap"], message: problem });
}).meta({ id: "RagSettings" });
/** The settings object. */
export type Settings = z.output<typeof SettingsSchema>;

/**
 * The categories a tenant's administrator tunes for its own tenant; the rest (endpoints, models, ingestion) every
 * tenant shares, and only the installation operator changes them.
 */
export const TENANT_CATEGORIES = ["retrieval", "lifecycle"] as const;
/** A category a tenant may override. */
export type TenantCategory = typeof TENANT_CATEGORIES[number];

/**
 * A partial update: any subset of categories, each any subset of its fields. In a tenant's overrides, null on a
 * retrieval or lifecycle field drops the override (the installation's value applies again); the installation's
 * own settings have no null there.
 */
export const SettingsPatchSchema = z.strictObject({
  ingestion: categories.ingestion.partial().optional(),
  embedding: categories.embedding.partial().optional(),
  retrieval: z.strictObject({ ...clearable(retrievalFields), vectorFloor: vectorFloor.optional() }).optional(),
  llm: categories.llm.partial().optional(),
  lifecycle: z.strictObject(clearable(lifecycleFields)).optional(),
}).meta({ id: "RagSettingsPatch" });
/** A partial update. */
export type SettingsPatch = z.output<typeof SettingsPatchSchema>;

/** A tenant's overrides: the retrieval and lifecycle fields it set; every other value is the installation's. */
export const TenantOverrides = z.strictObject({
  retrieval: categories.retrieval.omit({ vectorFloor: true }).partial().optional(),
  lifecycle: categories.lifecycle.partial().optional(),
}).meta({ id: "RagTenantOverrides" });
/** A tenant's overrides. */
export type TenantOverrides = z.output<typeof TenantOverrides>;

/** Whose settings a call reads or changes: the installation's (the operator) or the caller's tenant's. */
export const SettingsScope = z.enum(["installation", "tenant"]);
/** A settings scope. */
export type SettingsScope = z.output<typeof SettingsScope>;

/** The installation's settings, as its operator sees them (credentials in endpoints redacted). */
export const InstallationSettings = z.object({
  scope: z.literal("installation"),
  version: z.number().int().meta({ description: "The installation's settings version (0: nothing stored yet)" }),
  settings: SettingsSchema,
  warnings: z.array(z.string()).optional().meta({
    description:
      "PUT only: each endpoint the change set that did not answer a probe (the change is stored all the same)",
  }),
}).meta({ id: "RagInstallationSettings" });

/** A tenant's settings, as its administrator sees them: what applies to it, and which of that are its own. */
export const TenantSettings = z.object({
  scope: z.literal("tenant"),
  version: z.number().int().meta({ description: "The tenant's overrides version (0: none yet)" }),
  installationVersion: z.number().int().meta({ description: "The installation's settings version beneath them" }),
  /** The effective settings: the installation's, overlaid with the overrides. */
  settings: SettingsSchema,
  overrides: TenantOverrides,
}).meta({ id: "RagTenantSettings" });

/** What `GET` and `PUT /admin/settings` answer: the installation's settings or the caller's tenant's. */
export const VersionedSettings = z.discriminatedUnion("scope", [InstallationSettings, TenantSettings]).meta({
  id: "VersionedRagSettings",
});
/** The settings of one scope. */
export type VersionedSettings = z.output<typeof VersionedSettings>;

/** One change: its version, when, and each changed field as `category.field: [before, after]` (never who). */
export const SettingsChange = z.object({
  version: z.number().int(),
  changedAt: z.string(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).meta({
    description: "In a tenant's history null stands for the installation's value",
  }),
}).meta({ id: "RagSettingsChange" });
/** One settings change. */
export type SettingsChange = z.output<typeof SettingsChange>;

/** The latest changes of one scope's settings, newest first. */
export const SettingsHistory = z.object({ scope: SettingsScope, items: z.array(SettingsChange) }).meta({
  id: "RagSettingsHistory",
});
/** The latest changes of one scope. */
export type SettingsHistory = z.output<typeof SettingsHistory>;

/** A job stream's depth: entries delivered but not acknowledged, not yet delivered, and dead letters. */
export const QueueDepth = z.object({ stream: z.string(), pending: z.number(), lag: z.number(), dead: z.number() });
/** A job stream's depth. */
export type QueueDepth = z.output<typeof QueueDepth>;

const counts = z.record(z.string(), z.number().int());

/** The administrators' overview: documents, chunks, jobs, queues, failures, the organization sync and activity. */
export const RagOverview = z.object({
  documents: counts,
  chunks: z.object({ total: z.number().int(), hidden: z.number().int() }),
  jobs: counts,
  queues: z.array(QueueDepth).nullable().meta({ description: "null when Redis cannot be reached" }),
  recentFailures: z.array(z.object({
    documentId: z.uuid(),
    portalId: z.string(),
    sourceDocumentId: z.uuid(),
    sourceVersion: z.string(),
    indexedVersion: z.string().nullable(),
    title: z.string(),
    error: z.string().nullable(),
    errorCode: z.string().nullable(),
    at: z.string(),
  })),
  organizations: z.object({
    lastSuccessAt: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    error: z.string().nullable(),
    directoryVersion: z.number().nullable(),
    count: z.number().int(),
    active: z.number().int(),
    stale: z.boolean(),
  }),
  activity: z.array(z.object({ hour: z.string(), searches: z.number().int(), answers: z.number().int() })),
  recentAudit: z.array(z.object({
    id: z.number().int(),
    at: z.string(),
    action: z.string(),
    asker: z.string().meta({ description: "A pseudonym, never the principal" }),
    outcome: z.string(),
    latencyMs: z.number().nullable(),
    results: z.number().int(),
    settingsVersion: z.number().nullable(),
    directoryVersion: z.number().nullable(),
  })),
  settingsVersion: z.number().int().meta({ description: "The installation's settings version" }),
  tenantSettingsVersion: z.number().int().meta({ description: "The caller's tenant's overrides version" }),
}).meta({ id: "RagOverview" });
/** The administrators' overview. */
export type RagOverview = z.output<typeof RagOverview>;
