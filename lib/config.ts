/**
 * The service's configuration: every environment variable of CONTRACT section 3,
 * read once at start through one zod schema. A bad or missing value stops the
 * start with a message that names the variable and never echoes its value.
 */
import { z } from "zod";
import { parseAllowedHosts } from "./allowed_hosts.ts";
import { isPortalId } from "./portal_ids.ts";
import { checkSignIn, signInFields } from "./config_sign_in.ts";

const MiB = 1024 * 1024;

/** Variables that hold secrets: each may instead be given as `X_FILE`. */
export const SECRET_VARIABLES = [
  "DATABASE_URL",
  "DATABASE_OWNER_URL",
  "DATABASE_SYSTEM_URL",
  "DATABASE_READ_URL",
  "REDIS_URL",
  "PORTAL_API_KEYS_JSON",
  "PORTAL_JWT_SECRET",
  "CENTRAL_ADMIN_API_KEYS_JSON",
  "CENTRAL_JWT_SECRET",
  "CENTRAL_JWT_PRIVATE_KEY",
  "RAG_EXPLORE_GATEWAY_API_KEY",
  "RAG_DIRECTORY_API_KEY",
  "MODEL_GATEWAY_SERVICE_TOKEN",
  "EMBEDDING_API_KEY",
  "CONSOLE_OIDC_CLIENT_SECRET",
  "CONSOLE_SESSION_SECRET",
] as const;

export const SCOPES = [
  "directory:read",
  "directory:sync",
  "authorization:sync",
  "glossary:read",
  "glossary:write",
  "webhooks:manage",
] as const;
export type Scope = typeof SCOPES[number];

const bool = (fallback: boolean) =>
  z.enum(["true", "false", "1", "0", "yes", "no", ""]).default(fallback ? "true" : "false")
    .transform((v) => v === "" ? fallback : ["true", "1", "yes"].includes(v));

const int = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const optionalText = z.string().trim().transform((v) => v === "" ? undefined : v).optional();

const optionalUrl = optionalText.pipe(z.url({ protocol: /^https?$/ }).optional());

const list = z.string().default("").transform((v) => v.split(",").map((s) => s.trim()).filter((s) => s !== ""));

/** Refuses secrets that an attacker could guess or brute-force (HS256 needs 256 bits). */
const signingSecret = optionalText.refine(
  (v) => v === undefined || (new TextEncoder().encode(v).length >= 32 && new Set(v).size >= 10),
  { message: "must be at least 32 bytes and not a repetitive string" },
);

function json<T extends z.ZodType>(schema: T) {
  return z.string().default("[]").transform((text, ctx) => {
    try {
      return JSON.parse(text === "" ? "[]" : text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "is not valid JSON" });
      return z.NEVER;
    }
  }).pipe(schema);
}

/** An allow-list of outbound hosts (lib/allowed_hosts.ts). */
const hostList = list.transform((hosts, ctx) => {
  try {
    return parseAllowedHosts(hosts);
  } catch {
    ctx.addIssue({ code: "custom", message: "holds an entry that is not a host, host:port, .domain or *.domain" });
    return z.NEVER;
  }
});

const apiKey = z.string().min(16, "API keys must be at least 16 characters");

const portalKeys = json(z.array(z.strictObject({
  portalId: z.string().min(1).max(100),
  apiKey,
  scopes: z.array(z.enum(SCOPES)),
  enabled: z.boolean().default(true),
})));

const adminKeys = json(z.array(z.strictObject({
  id: z.union([z.number().int(), z.string().min(1)]).transform(String),
  label: z.string().default(""),
  apiKey,
  enabled: z.boolean().default(true),
})));

const schema = z.object({
  SERVICES: z.string().default("directory,rag").transform((v, ctx) => {
    const parts = v.split(",").map((s) => s.trim()).filter(Boolean);
    const bad = parts.filter((p) => p !== "directory" && p !== "rag");
    if (bad.length > 0 || parts.length === 0) {
      ctx.addIssue({ code: "custom", message: "must list directory and/or rag" });
    }
    return new Set(parts as ("directory" | "rag")[]);
  }),
  /** `production` refuses settings that are only safe on a developer's machine. */
  APP_ENV: z.enum(["production", "development"]).default("production"),
  PORT: int(8080, 0, 65535),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  RUN_WORKERS: bool(true),
  DATABASE_URL: z.string().min(1, "is required"),
  DATABASE_OWNER_URL: optionalText,
  DATABASE_SYSTEM_URL: optionalText,
  /** Streaming replicas of DATABASE_URL (comma-separated), as the same request role: list reads and searches. */
  DATABASE_READ_URL: list,
  DATABASE_POOL_MAX: int(10, 1, 200),
  /** Connections of the searches' own pool: searches never take the shared pool's connections. */
  RAG_SEARCH_SLOTS: int(4, 1, 100),
  REDIS_URL: z.string().default("redis://127.0.0.1:6379"),
  /** Namespaces every stream, lock and bucket in Redis; unset, the database's name (see `withDerivedDefaults`). */
  REDIS_KEY_PREFIX: optionalText,
  /** The most a batch body (imports, group members, term proposals, link pushes, content bodies) may hold. */
  MAX_BODY_BYTES: int(10 * MiB, 1024),
  /** The most any other body (one record, a search, a setting) may hold; never more than MAX_BODY_BYTES. */
  RECORD_MAX_BODY_BYTES: int(256 * 1024, 1024),
  SNAPSHOT_MAX_BODY_BYTES: int(256 * MiB, 1024),
  /** Publications in progress at once per process, each on a connection of the publications' own pool. */
  SNAPSHOT_PUBLICATION_SLOTS: int(2, 1, 50),
  /** Where publication bodies are spooled (the system's temporary directory when unset). */
  SNAPSHOT_SPOOL_DIR: optionalText,
  /** A body must arrive within this many seconds, unless it keeps up the minimum rate after it (408 else). */
  HTTP_BODY_TIMEOUT_SECONDS: int(30, 1, 3600),
  HTTP_BODY_MIN_BYTES_PER_SECOND: int(64 * 1024, 1),
  /** Bodies read at once for one credential, and for the whole process (429 too_many_bodies beyond). */
  HTTP_BODIES_PER_CREDENTIAL: int(4, 1, 10_000),
  HTTP_BODIES_TOTAL: int(32, 1, 100_000),
  /** Refusals a client address gets at once a minute; past them each is held HTTP_REFUSAL_DELAY_MS (0: never). */
  HTTP_REFUSALS_BEFORE_DELAY: int(60, 0, 1_000_000),
  HTTP_REFUSAL_DELAY_MS: int(250, 0, 10_000),
  /** Refusal audit rows per client address and credential per minute; the rest are counted in one row. */
  AUDIT_REFUSALS_PER_MINUTE: int(30, 1, 1_000_000),
  RATE_LIMIT_PER_MINUTE: int(6000, 1),
  PORTAL_API_KEYS_JSON: portalKeys,
  PORTAL_JWT_SECRET: signingSecret,
  PORTAL_JWT_ISSUER: optionalText,
  PORTAL_JWT_AUDIENCE: optionalText,
  PORTAL_JWT_PORTAL_IDS: list,
  CENTRAL_ADMIN_API_KEYS_JSON: adminKeys,
  TOMBSTONE_RETENTION_DAYS: int(30, 1, 3650),
  SYNC_STALE_AFTER_SECONDS: int(3600, 1),
  CENTRAL_JWT_SECRET: signingSecret,
  CENTRAL_JWT_PUBLIC_KEY: optionalText,
  CENTRAL_JWT_PRIVATE_KEY: optionalText,
  CENTRAL_JWT_ISSUER: z.string().default("central-directory"),
  CENTRAL_JWT_AUDIENCE: list.transform((v) => v.length > 0 ? v : ["rag-service"]),
  /** Users (ids or login ids) the directory may issue an installation operator's token to. */
  INSTALLATION_OPERATORS: list.transform((v) => v.map((who) => who.toLowerCase())),
  RAG_ORG_SYNC_MAX_STALENESS_SECONDS: int(900, 1),
  RAG_MAX_TOKEN_TTL_SECONDS: int(3600, 60, 86_400),
  RAG_EXPLORE_GATEWAY_API_KEY: optionalText.refine((v) => v === undefined || v.length >= 16, {
    message: "API keys must be at least 16 characters",
  }),
  RAG_SERVICE_CONTENT_ALLOWED_HOSTS: hostList,
  /** Hosts webhook deliveries may go to (same entries as RAG_SERVICE_CONTENT_ALLOWED_HOSTS); empty: any allowed address. */
  WEBHOOK_ALLOWED_HOSTS: hostList,
  /** Whether webhook URLs may reach loopback and this host's own addresses (a receiver beside the service). */
  WEBHOOK_ALLOW_LOOPBACK: bool(false),
  /** One delivery's time budget; a slower receiver counts as failed and is retried. */
  WEBHOOK_TIMEOUT_SECONDS: int(10, 1, 300),
  /** The longest wait between retries of a failing subscription (the backoff doubles from 1 s up to this). */
  WEBHOOK_RETRY_MAX_SECONDS: int(3600, 1, 86_400),
  /** A subscription failing for this long without a success is given up on (state failing) until resumed. */
  WEBHOOK_GIVE_UP_SECONDS: int(86_400, 1, 30 * 86_400),
  WEBHOOK_CHANGES_RETENTION_SECONDS: int(7 * 86_400, 1, 90 * 86_400), // then forgotten even if a subscription lags
  RAG_CONTENT_ALLOW_ANY_HOST: bool(false),
  RAG_CONTENT_FETCH_TIMEOUT_SECONDS: int(60, 1, 3600),
  RAG_CONTENT_ALLOW_LOOPBACK: bool(false),
  /** A body arriving slower than this (over a 10 s window) is a timeout; 0 turns the check off. */
  RAG_CONTENT_MIN_BYTES_PER_SECOND: int(1024, 0),
  /** How long a content host that timed out is remembered (per tenant); twice in that time and it is not retried. */
  RAG_CONTENT_HOST_TIMEOUT_TTL_SECONDS: int(600, 1, 86_400),
  /** Wall-clock budget of one ingestion job from its first attempt, across every retry. */
  RAG_INGESTION_JOB_BUDGET_SECONDS: int(180, 1, 86_400),
  /** Ingestion jobs of one tenant a worker process runs at once (never all of its slots). */
  RAG_INGESTION_TENANT_CONCURRENCY: int(2, 1, 64),
  /** Unfinished ingestion jobs one user may have queued; beyond, POST /documents is 429 `too_many_queued`. */
  RAG_MAX_QUEUED_JOBS_PER_USER: int(20, 1, 100_000),
  RAG_OPEN_PORTALS: list.refine((ids) => ids.every((id) => id === "*" || isPortalId(id)), {
    message: "holds an entry that is not a portal id or *",
  }),
  RAG_MAX_DOCUMENT_BYTES: int(50 * MiB, 1),
  /** Unset: 10 x RAG_MAX_DOCUMENT_BYTES, at most 200 MiB (see maxExtractedBytes). */
  RAG_MAX_EXTRACTED_BYTES: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1024).optional()),
  RAG_MAX_CHUNKS_PER_DOCUMENT: int(5000, 1, 1_000_000),
  RAG_EXTRACT_MEMORY_MIB: int(512, 64, 65_536),
  RAG_EXTRACT_TIMEOUT_SECONDS: int(120, 1, 3600),
  RAG_EXTRACT_PROCESSES: int(2, 0, 64),
  RAG_PORTAL_ID: z.string().min(1).default("rag-service"),
  RAG_PUBLIC_ORGANIZATION_ID: z.uuid().default("00000000-0000-4000-8000-00000000b0c7"),
  RAG_SERVICE_AUDIT_REQUIRED: bool(false),
  RAG_ADMIN_MANUAL_TOKEN: bool(false),
  RAG_DIRECTORY_API_KEY: optionalText,
  DIRECTORY_URL: optionalUrl,
  MODEL_GATEWAY_URL: optionalUrl,
  MODEL_GATEWAY_SERVICE_TOKEN: optionalText,
  PRIVATE_LLM_URL: optionalUrl,
  PRIVATE_LLM_TIMEOUT_SECONDS: int(60, 1, 3600),
  PRIVATE_EMBEDDING_URL: optionalUrl,
  EMBEDDING_HOST: z.string().trim().min(1).default("127.0.0.1"),
  EMBEDDING_PORT: int(8081, 0, 65535),
  EMBEDDING_API_KEY: optionalText.refine((v) => v === undefined || v.length >= 16, {
    message: "API keys must be at least 16 characters",
  }),
  EMBEDDING_MODEL_PATH: optionalText,
  ...signInFields,
}).superRefine((c, ctx) => {
  checkSignIn(c, ctx);
  // Without a list, whoever may register a document may make the service fetch from any host it reaches.
  const anyHost = c.RAG_SERVICE_CONTENT_ALLOWED_HOSTS.length === 0;
  if (c.SERVICES.has("rag") && c.APP_ENV === "production" && anyHost && !c.RAG_CONTENT_ALLOW_ANY_HOST) {
    ctx.addIssue({
      code: "custom",
      path: ["RAG_SERVICE_CONTENT_ALLOWED_HOSTS"],
      message: "is required in production (APP_ENV=production) unless RAG_CONTENT_ALLOW_ANY_HOST=true",
    });
  }
  if (c.SERVICES.has("rag") && c.DATABASE_SYSTEM_URL === undefined) {
    ctx.addIssue({ code: "custom", path: ["DATABASE_SYSTEM_URL"], message: "is required when the rag service runs" });
  }
  if (c.PORTAL_JWT_SECRET !== undefined) {
    for (const name of ["PORTAL_JWT_ISSUER", "PORTAL_JWT_AUDIENCE"] as const) {
      if (c[name] === undefined) {
        ctx.addIssue({ code: "custom", path: [name], message: "is required when PORTAL_JWT_SECRET is set" });
      }
    }
  }
}).transform(withDerivedDefaults);

/**
 * Two installations that share one Redis (two databases on one server, say) must never take each
 * other's jobs: without an explicit prefix, each namespaces its keys by its database's name.
 */
function withDerivedDefaults<C extends { DATABASE_URL: string; REDIS_KEY_PREFIX?: string }>(c: C) {
  const url = URL.canParse(c.DATABASE_URL) ? new URL(c.DATABASE_URL) : undefined;
  const database = decodeURIComponent(url?.pathname.slice(1) ?? "") || "postgres";
  return { ...c, REDIS_KEY_PREFIX: c.REDIS_KEY_PREFIX ?? `${database}:` };
}

/** The parsed configuration the whole process shares. */
export type Config = z.output<typeof schema>;

/** What a document may inflate to or yield as text: RAG_MAX_EXTRACTED_BYTES, else 10x the body limit up to 200 MiB. */
export function maxExtractedBytes(c: Pick<Config, "RAG_MAX_EXTRACTED_BYTES" | "RAG_MAX_DOCUMENT_BYTES">): number {
  return c.RAG_MAX_EXTRACTED_BYTES ?? Math.min(10 * c.RAG_MAX_DOCUMENT_BYTES, 200 * MiB);
}

/** Raised when the environment cannot produce a valid configuration. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Resolves `X_FILE` indirections for secret variables, reading each file once.
 * Setting both `X` and `X_FILE` is refused: an operator would not know which won.
 */
function resolveSecretFiles(env: Record<string, string | undefined>, readFile: (path: string) => string) {
  const out = { ...env };
  for (const name of SECRET_VARIABLES) {
    const file = env[`${name}_FILE`];
    if (file === undefined || file === "") continue;
    if (env[name] !== undefined && env[name] !== "") {
      throw new ConfigError(`config: set ${name} or ${name}_FILE, not both`);
    }
    try {
      out[name] = readFile(file).replace(/\r?\n$/, "");
    } catch {
      throw new ConfigError(`config: ${name}_FILE: cannot read the file it names`);
    }
  }
  return out;
}

/** Parses the environment into a Config, or throws a ConfigError naming each bad variable. */
export function loadConfig(
  env: Record<string, string | undefined>,
  readFile: (path: string) => string = Deno.readTextFileSync,
): Config {
  const resolved = resolveSecretFiles(env, readFile);
  for (const key of Object.keys(resolved)) if (resolved[key] === "") delete resolved[key];
  const parsed = schema.safeParse(resolved);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    const inner = issue.path.slice(1).join(".");
    return `config: ${name}${inner ? ` (${inner})` : ""}: ${issue.message}`;
  });
  throw new ConfigError(lines.join("\n"));
}
