/**
 * PostgreSQL restarted under traffic, on a private cluster: while it is down every
 * request fails cleanly (503 `unavailable` problem details, quickly, never a 500 or a
 * hang), `/readyz` says so while `/healthz` stays up, and once it is back the same
 * process serves reads, writes and ingestion again without a restart. This is the
 * real-world check of the postgres.js write-after-close patch (vendor/postgres/PATCHES.md).
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type Problem, startAppOn, type TestApp } from "../_helpers/app.ts";
import { type PrivatePostgres, startPrivatePostgres } from "../_helpers/private_postgres.ts";
import { type RedisProcess, startRedisProcess } from "../_helpers/processes.ts";
import { type FakeEmbedding, startFakeEmbedding } from "../_helpers/fake_embedding.ts";
import { documentRequest, startContentHost } from "../_helpers/content_host.ts";
import { CENTRAL, userToken } from "../_helpers/tokens.ts";
import { until } from "../_helpers/poll.ts";
import { retrievalEnv } from "../_helpers/rag.ts";
import { type schemas, syncOrganizations } from "@/domain/rag/mod.ts";
import type { schemas as directory } from "@/domain/directory/mod.ts";
import type { Readiness } from "@/routes/system.ts";

/**
 * No request may take longer than this, up or down: the pool's connect_timeout (5 s, sql/mod.ts)
 * plus a second. A refused connection is known at once; waiting longer only holds the caller.
 */
const REQUEST_BOUND_MS = 6_000;
/** How long PostgreSQL stays down: long enough for a pool's reconnect backoff to grow. */
const OUTAGE_MS = 8_000;
/**
 * The service must serve again within this long after PostgreSQL accepts connections (typically
 * under a second; generous for a machine busy with other tests, still far below a 20 s backoff).
 */
const RECOVERY_BOUND_MS = 10_000;

/** One request's outcome, as the traffic saw it. */
interface Outcome {
  what: string;
  status: number | "hung";
  code?: string;
  contentType?: string;
  ms: number;
}

let pg: PrivatePostgres;
let redis: RedisProcess;
let embedding: FakeEmbedding;
let host: ReturnType<typeof startContentHost>;
let app: TestApp;
let token: string;
let tenant: string;
let dept: string;

async function outcomeOf(what: string, call: () => Promise<Response>): Promise<Outcome> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<"hung">((r) => timer = setTimeout(() => r("hung"), REQUEST_BOUND_MS));
  try {
    const res = await Promise.race([call(), hung]);
    if (res === "hung") return { what, status: "hung", ms: Date.now() - started };
    const contentType = res.headers.get("content-type") ?? "";
    const text = await res.text();
    let code: string | undefined;
    if (contentType.includes("json")) code = (JSON.parse(text) as Partial<Problem>).code;
    return { what, status: res.status, code, contentType, ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

const directoryRead = () => outcomeOf("directory read", () => app.portal("/departments?limit=5"));
const search = () =>
  outcomeOf("search", () =>
    app.request("/api/v1/search", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ question: "복무 규정 휴게 시간" }),
    }));
const readyz = () => outcomeOf("readyz", () => app.request("/readyz"));
const healthz = () => outcomeOf("healthz", () => app.request("/healthz"));

async function readyChecks(): Promise<{ status: number; b: Readiness }> {
  const res = await app.request("/readyz");
  return { status: res.status, b: await body<Readiness>(res) };
}

/** Requests sent back to back until stopped, every outcome kept. */
function traffic() {
  const seen: Outcome[] = [];
  let running = true;
  const loops = [directoryRead, search].map(async (call) => {
    while (running) {
      seen.push(await call());
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  return {
    seen,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** A 503 `unavailable` problem, the only failure a caller may see while PostgreSQL is down. */
function assertCleanFailure(o: Outcome) {
  assert.notEqual(o.status, "hung", `${o.what} hung for ${o.ms} ms`);
  assert.equal(o.status, 503, `${o.what}: ${JSON.stringify(o)}`);
  assert.equal(o.code, "unavailable", `${o.what}: ${JSON.stringify(o)}`);
  assert.match(o.contentType ?? "", /application\/problem\+json/);
  assert.ok(o.ms < REQUEST_BOUND_MS, `${o.what} took ${o.ms} ms`);
}

async function ingest(path: string, text: string) {
  const html = `<h1>복무 규정</h1><p>${text}</p>`;
  const served = await host.putHashed(path, { body: html, type: "text/html; charset=utf-8" });
  const res = await app.request("/api/v1/documents", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(documentRequest(served, { tenantId: tenant, organizationIds: [dept], title: "복무 규정" })),
  });
  return { status: res.status, b: await body<schemas.IngestionResult>(res) };
}

before(async () => {
  pg = await startPrivatePostgres();
  redis = await startRedisProcess();
  embedding = startFakeEmbedding();
  host = startContentHost();
  app = await startAppOn(pg.db, {
    REDIS_URL: redis.url,
    ...retrievalEnv(embedding.url, `${CENTRAL.audience},search-gateway`),
  }, { workers: true });
  const created = async (path: string, json: Record<string, unknown>) =>
    (await body<Item<directory.Company | directory.Department>>(await app.admin(path, { method: "POST", json }))).data
      .id;
  tenant = await created("/companies", { code: "PGCO", name: "PGCO" });
  dept = await created("/departments", { companyId: tenant, code: "A", name: "A" });
  await syncOrganizations(app.runtime.jobs.rag!);
  token = await userToken({ tenantId: tenant, organizationId: dept, clearance: 1 });
  const first = await ingest("/rules.html", "직원은 근무 시간과 휴게 시간을 지켜야 한다.");
  assert.equal(first.b.indexed, true, JSON.stringify(first));
});
after(async () => {
  // Each step on its own, so one failure still lets the cluster and the processes go.
  await pg?.start().catch(() => {});
  await app?.stop().catch((err) => console.error("app stop failed", err));
  await pg?.destroy();
  await redis?.stop();
  await embedding?.stop();
  await host?.stop();
});

for (const mode of ["fast", "immediate"] as const) {
  describe(`PostgreSQL stopped (${mode}) and started again under traffic`, () => {
    it("fails requests cleanly with 503 while it is down and serves again without a restart", async () => {
      for (const o of [await directoryRead(), await search(), await readyz()]) {
        assert.equal(o.status, 200, JSON.stringify(o));
      }
      const load = traffic();
      const probes: Outcome[] = [];
      let recoveredMs = -1;
      try {
        await new Promise((r) => setTimeout(r, 300));
        await pg.stop(mode);
        const downUntil = Date.now() + OUTAGE_MS;
        try {
          // While it is down: only clean 503s, quickly; the process alive and honest about it.
          while (Date.now() < downUntil) {
            probes.push(await directoryRead(), await search());
            const ready = await readyChecks();
            assert.equal(ready.status, 503);
            assert.equal(ready.b.status, "not_ready");
            assert.equal(ready.b.checks.database.state, "down");
            assert.equal(ready.b.checks.redis.state, "ok");
            assert.equal((await healthz()).status, 200, "the process itself is up");
            if (probes.some((o) => o.status === "hung")) break; // shown below; no need to wait for more
          }
        } finally {
          await pg.start();
        }
        const upAt = Date.now();
        await until("a directory read and a search succeed again", async () => {
          const [d, s] = [await directoryRead(), await search()];
          return d.status === 200 && s.status === 200;
        }, RECOVERY_BOUND_MS + REQUEST_BOUND_MS);
        recoveredMs = Date.now() - upAt;
        await until("readyz says ready", async () => (await readyChecks()).status === 200, RECOVERY_BOUND_MS);
      } finally {
        await load.stop();
      }

      for (const o of probes) assertCleanFailure(o);
      // Everything the background traffic saw: 200 or a clean 503, nothing else, nothing slow.
      for (const o of load.seen) if (o.status !== 200) assertCleanFailure(o);
      assert.ok(load.seen.some((o) => o.status === 503), "the traffic saw the outage");
      assert.ok(
        recoveredMs < RECOVERY_BOUND_MS,
        `the service served again ${recoveredMs} ms after PostgreSQL was back (bound ${RECOVERY_BOUND_MS} ms)`,
      );
    });

    it("writes, ingests through the workers and reports ready after the restart", async () => {
      const company = await app.admin("/companies", {
        method: "POST",
        json: { code: `AFTER-${mode.toUpperCase()}`, name: "after" },
      });
      assert.equal(company.status, 201, await company.clone().text());
      const again = await ingest(`/after-${mode}.html`, `재시작 뒤 ${mode} 문서: 휴게 시간은 한 시간이다.`);
      assert.equal(again.b.indexed, true, JSON.stringify(again));
      const res = await app.request("/api/v1/search", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ question: `재시작 뒤 ${mode} 문서` }),
      });
      const found = await body<schemas.SearchResponse>(res);
      assert.equal(res.status, 200);
      assert.ok(found.contexts.some((c) => c.documentId === again.b.documentId));
      assert.equal((await readyChecks()).status, 200);
    });
  });
}
