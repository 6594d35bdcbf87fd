/**
 * The retrieval service as a real process (`main.ts` under narrow permissions, workers on) over a fresh database,
 * for tests that act as an attacker against it: two companies with departments made through the directory API, the
 * organizations synced by the child's own worker, a content host on loopback and a fake embedding server. Calls go
 * over HTTP with user tokens of the test issuer.
 */
import postgres from "postgres";
import { Redis } from "ioredis";
import { addEntry, streamNames } from "@/jobs/mod.ts";
import { clearPrefix, DIR, REDIS_URL, testEnv } from "./app.ts";
import { freshDatabase, type TestDatabase } from "./db.ts";
import { ADMIN_KEY, userToken, type UserTokenOptions } from "./tokens.ts";
import { documentRequest, startContentHost } from "./content_host.ts";
import { type FakeEmbedding, startFakeEmbedding } from "./fake_embedding.ts";
import { retrievalEnv } from "./rag.ts";
import { freePort, startWorkerProcess, type WorkerProcess } from "./processes.ts";
import { until } from "./poll.ts";
import { endpointOf, type ServiceProcess, startServiceProcess } from "./service_process.ts";

/** A running retrieval process and what a test needs to act against it. */
export interface RagProcess {
  service: ServiceProcess;
  db: TestDatabase;
  host: ReturnType<typeof startContentHost>;
  tenant: string;
  otherTenant: string;
  dept: { a: string; b: string; other: string };
  /** A user token in `tenant`, department a, INTERNAL, sub `user-1`, unless `o` says otherwise. */
  token(o?: UserTokenOptions): Promise<string>;
  /** Calls the service with a user token (default: `token()`); the body is JSON when `json` is given. */
  call(
    path: string,
    init?: { method?: string; json?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  /** An ingestion request for `body`, served at `path`, of department a in `tenant` (fields replaced by `extra`). */
  document(path: string, body: string, extra?: Record<string, unknown>): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

/**
 * Starts the process with the retrieval test environment plus `overrides`; `allowNet` adds hosts the child may
 * reach besides PostgreSQL, Redis, its listener, the embedding server and loopback (where content is served).
 * With `workersApart`, the job consumers run in a worker process of their own (`main.ts --workers-only`), as
 * the default set-up runs them, and the service process serves HTTP only.
 */
export async function startRagProcess(
  overrides: Record<string, string> = {},
  allowNet: string[] = [],
  options: { workersApart?: boolean } = {},
): Promise<RagProcess> {
  const db = await freshDatabase();
  const embedding: FakeEmbedding = startFakeEmbedding();
  const host = startContentHost();
  const prefix = `t:${crypto.randomUUID().slice(0, 8)}:`;
  const auditDir = await Deno.makeTempDir({ prefix: "rag_process_" });
  const port = freePort();
  let worker: WorkerProcess | undefined;
  const cleanup = async (service?: ServiceProcess) => {
    const steps: Array<() => unknown> = [
      () => service?.stop(),
      () => worker?.stop(),
      () => db.drop(),
      () => clearPrefix(prefix),
      () => embedding.stop(),
      () => host.stop(),
      () => Deno.remove(auditDir, { recursive: true }),
    ];
    for (const step of steps) await Promise.resolve().then(step).catch((err) => console.error("cleanup:", err));
  };
  let service: ServiceProcess;
  const env = {
    ...testEnv(db, prefix),
    LOG_LEVEL: "warn",
    RUN_WORKERS: options.workersApart ? "false" : "true",
    ...retrievalEnv(embedding.url),
    ...overrides,
  };
  try {
    if (options.workersApart) worker = await startWorkerProcess(env);
    service = await startServiceProcess({
      env,
      port,
      allowNet: [
        endpointOf(db.appUrl, 5432),
        endpointOf(REDIS_URL, 6379),
        `0.0.0.0:${port}`,
        new URL(embedding.url).host,
        "127.0.0.1",
        ...allowNet,
      ],
      auditPath: `${auditDir}/audit.jsonl`,
    });
  } catch (err) {
    await cleanup();
    throw err;
  }
  const call: RagProcess["call"] = async (path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.json !== undefined) headers["content-type"] = "application/json";
    if (path.startsWith(DIR)) headers["x-directory-admin-key"] = ADMIN_KEY;
    else headers.authorization = `Bearer ${init.token ?? await token()}`;
    return await fetch(`${service.url}${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  };
  const created = async (path: string, json: unknown) => {
    const res = await call(`${DIR}/admin${path}`, { method: "POST", json });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()).data.id as string;
  };
  let tenant = "", otherTenant = "", dept = { a: "", b: "", other: "" };
  const token = (o: UserTokenOptions = {}) =>
    userToken({ sub: "user-1", tenantId: tenant, organizationId: dept.a, clearance: 1, ...o });
  try {
    tenant = await created("/companies", { code: "OWNERS", name: "owners" });
    otherTenant = await created("/companies", { code: "OTHERS", name: "others" });
    dept = {
      a: await created("/departments", { companyId: tenant, code: "A", name: "A" }),
      b: await created("/departments", { companyId: tenant, code: "B", name: "B" }),
      other: await created("/departments", { companyId: otherTenant, code: "X", name: "X" }),
    };
    await syncOrganizations(db, prefix, Object.values(dept));
  } catch (err) {
    await cleanup(service);
    throw err;
  }
  return {
    service,
    db,
    host,
    tenant,
    otherTenant,
    dept,
    token,
    call,
    async document(path, body, extra = {}) {
      const served = await host.putHashed(path, { body });
      return documentRequest(served, { tenantId: tenant, organizationIds: [dept.a], title: `문서 ${path}` }, extra);
    },
    stop: () => cleanup(service),
  };
}

/** Queues an organization sync on the child's stream and waits until it has mirrored `departments`. */
async function syncOrganizations(db: TestDatabase, prefix: string, departments: string[]): Promise<void> {
  const redis = new Redis(REDIS_URL);
  const superuser = postgres(db.superUrl, { max: 1, onnotice: () => {} });
  try {
    await addEntry(redis, streamNames(prefix, "rag:org-sync").stream, {
      task: "org-sync",
      at: new Date().toISOString(),
    });
    await until("the organization sync has mirrored the departments", async () => {
      const [{ n }] =
        await superuser`select count(*)::int as n from rag.tb_organization where id = any(${departments})`;
      return n === departments.length;
    }, 20_000);
  } finally {
    redis.disconnect();
    await superuser.end();
  }
}
