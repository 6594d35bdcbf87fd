/**
 * A test instance over a database the test brings (a private cluster, say) instead of
 * a fresh one on the shared server: the same runtime, environment and request helpers
 * as `startTestApp`, but stopping it leaves the database alone.
 */
import postgres from "postgres";
import { loadConfig } from "@/lib/config.ts";
import { createLogger } from "@/lib/log.ts";
import { startRuntime } from "@/lib/runtime.ts";
import { clearPrefix, DIR, REDIS_URL, type TestApp, testEnv } from "./app.ts";
import type { TestDatabase } from "./db.ts";
import { ADMIN_KEY, PORTAL_A_KEY } from "./tokens.ts";

function withHeaders(init: RequestInit & { json?: unknown }, headers: Record<string, string>): RequestInit {
  const { json, ...rest } = init;
  const h = new Headers(rest.headers);
  for (const [k, v] of Object.entries(headers)) if (!h.has(k)) h.set(k, v);
  if (json === undefined) return { ...rest, headers: h };
  h.set("content-type", "application/json");
  return { ...rest, headers: h, body: JSON.stringify(json) };
}

/** Starts an instance on `db`; `overrides` replace environment entries (an empty string removes one). */
export async function startAppOn(
  db: TestDatabase,
  overrides: Record<string, string> = {},
  options: { workers?: boolean } = {},
): Promise<TestApp> {
  const prefix = `t:${crypto.randomUUID().slice(0, 8)}:`;
  const env = { ...testEnv(db, prefix), ...overrides };
  const config = loadConfig(env, () => "");
  const runtime = await startRuntime(config, createLogger(config.LOG_LEVEL), {
    workers: options.workers ?? false,
    consumerName: "test",
  });
  const owner = postgres(db.ownerUrl, { max: 2, onnotice: () => {} });
  const request = (path: string, init: RequestInit = {}) => Promise.resolve(runtime.app.request(path, init));
  return {
    runtime,
    config,
    env,
    db,
    owner,
    request,
    admin: (path, init = {}) =>
      request(`${DIR}/admin${path}`, withHeaders(init, { "x-directory-admin-key": ADMIN_KEY })),
    portal: (path, init = {}) =>
      request(`${DIR}${path}`, withHeaders(init, { authorization: `Bearer ${init.key ?? PORTAL_A_KEY}` })),
    async stop() {
      await runtime.stop();
      await owner.end({ timeout: 1 });
      if (env.REDIS_URL === REDIS_URL) await clearPrefix(prefix);
    },
  };
}
