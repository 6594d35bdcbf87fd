/**
 * A running test instance over a fresh database and an isolated Redis key
 * prefix, with request helpers for each kind of caller.
 */
import postgres from "postgres";
import { Redis } from "ioredis";
import { type Config, loadConfig } from "@/lib/config.ts";
import { createLogger } from "@/lib/log.ts";
import { type Runtime, startRuntime } from "@/app/runtime.ts";
import type { z } from "zod";
import { type itemOf, type listOf, Problem as ProblemSchema } from "@/routes/_validate.ts";
import { freshDatabase, type TestDatabase } from "./db.ts";
import { ADMIN_KEY, credentialEnv, PORTAL_A_KEY } from "./tokens.ts";

/** A test instance. */
export interface TestApp {
  runtime: Runtime;
  config: Config;
  /** The environment the instance was configured from, to start other processes against the same state. */
  env: Record<string, string>;
  db: TestDatabase;
  /** A pool connected as the table owner (for inspecting rows and arranging time); closed on stop. */
  owner: postgres.Sql;
  /** A pool connected as the system role, which row-level security lets see every retrieval row; closed on stop. */
  system: postgres.Sql;
  request(path: string, init?: RequestInit): Promise<Response>;
  admin(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  portal(path: string, init?: RequestInit & { json?: unknown; key?: string }): Promise<Response>;
  stop(): Promise<void>;
}

/** The base path of the directory API. */
export const DIR = "/api/directory/v1";
export const REDIS_URL = Deno.env.get("TEST_REDIS_URL") ?? "redis://127.0.0.1:6379";

function withJson(init: RequestInit & { json?: unknown }, headers: Record<string, string>): RequestInit {
  const { json, ...rest } = init;
  const h = new Headers(rest.headers);
  for (const [k, v] of Object.entries(headers)) if (!h.has(k)) h.set(k, v);
  if (json !== undefined) {
    h.set("content-type", "application/json");
    return { ...rest, headers: h, body: JSON.stringify(json) };
  }
  return { ...rest, headers: h };
}

/** The environment a test instance runs with, before `overrides`. */
export function testEnv(db: TestDatabase, prefix: string): Record<string, string> {
  return {
    DATABASE_URL: db.appUrl,
    DATABASE_OWNER_URL: db.ownerUrl,
    DATABASE_SYSTEM_URL: db.systemUrl,
    DATABASE_POOL_MAX: "4",
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    LOG_LEVEL: "error",
    RUN_WORKERS: "false",
    // Tests serve content from loopback ports of their own choosing: no allow-list, said explicitly (production mode).
    RAG_CONTENT_ALLOW_ANY_HOST: "true",
    // Tests refuse on purpose, many times a minute from loopback; holding refusals is tested where it is the subject.
    HTTP_REFUSAL_DELAY_MS: "0",
    ...credentialEnv(),
  };
}

/** Starts an instance over a fresh database; `overrides` replace environment entries (an empty string removes one). */
export async function startTestApp(
  overrides: Record<string, string> = {},
  options: { workers?: boolean; write?: (line: string) => void } = {},
): Promise<TestApp> {
  const db = await freshDatabase();
  const app = await startAppOn(db, overrides, options);
  return {
    ...app,
    async stop() {
      await app.stop();
      await db.drop();
    },
  };
}

/**
 * Starts an instance on a database the test brings (a private cluster, say); stopping it leaves the database
 * alone. `overrides` replace environment entries (an empty string removes one); `write` receives the log lines.
 */
export async function startAppOn(
  db: TestDatabase,
  overrides: Record<string, string> = {},
  options: { workers?: boolean; write?: (line: string) => void } = {},
): Promise<TestApp> {
  const prefix = `t:${crypto.randomUUID().slice(0, 8)}:`;
  const env = { ...testEnv(db, prefix), ...overrides };
  const config = loadConfig(env, () => "");
  const runtime = await startRuntime(config, createLogger(config.LOG_LEVEL, {}, options.write), {
    workers: options.workers ?? false,
    consumerName: "test",
  });
  const owner = postgres(db.ownerUrl, { max: 2, onnotice: () => {} });
  const system = postgres(db.systemUrl, { max: 2, onnotice: () => {} });
  const request = (path: string, init: RequestInit = {}) => Promise.resolve(runtime.app.request(path, init));
  return {
    runtime,
    config,
    env,
    db,
    owner,
    system,
    request,
    admin: (path, init = {}) => request(`${DIR}/admin${path}`, withJson(init, { "x-directory-admin-key": ADMIN_KEY })),
    portal: (path, init = {}) =>
      request(`${DIR}${path}`, withJson(init, { authorization: `Bearer ${init.key ?? PORTAL_A_KEY}` })),
    async stop() {
      await runtime.stop();
      await Promise.all([owner.end({ timeout: 1 }), system.end({ timeout: 1 })]);
      // A test that points the instance at another Redis cleans up there itself.
      if (env.REDIS_URL === REDIS_URL) await clearPrefix(prefix);
    },
  };
}

/** Deletes every Redis key under `prefix`. */
export async function clearPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

/** A list response body around records of type `T`, as the envelope's schema declares it. */
export type List<T> = z.output<ReturnType<typeof listOf<z.ZodType<T>>>>;
/** A single-record response body around a record of type `T`. */
export type Item<T> = z.output<ReturnType<typeof itemOf<z.ZodType<T>>>>;
/** A problem details body (RFC 9457) as every error answers it; `E` adds the extra members some codes carry. */
export type Problem<E = unknown> = z.output<typeof ProblemSchema> & E;

/** Reads a JSON body as `T` (a record type of the API), failing the test with the body text when it is not JSON. */
export async function body<T = unknown>(res: Response): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`expected JSON, got ${res.status}: ${text.slice(0, 500)}`);
  }
}
