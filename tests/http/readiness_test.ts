/**
 * /readyz tells the truth for the retrieval service: each dependency's state and detail, 503 only when a required
 * one (database, Redis) is down; the embedding endpoint and the directory's freshness are reported without taking
 * the instance out of rotation. Storing settings whose endpoint does not answer succeeds with a warning.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Problem } from "../_helpers/app.ts";
import { jobsRag, type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { freePort } from "../_helpers/processes.ts";
import { type FakeLlm, startFakeLlm } from "../_helpers/fake_llm.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import type { Readiness } from "@/routes/system.ts";

let rag: RagTestApp;
let llm: FakeLlm;
before(async () => {
  rag = await startRagApp({}, { workers: false });
  llm = startFakeLlm();
});
after(async () => {
  await rag.stop();
  await llm.stop();
});

const operator = () => rag.token({ admin: true, operator: true, sub: "admin-1", clearance: 3 });
const refusedUrl = (path: string) => `http://127.0.0.1:${freePort()}${path}`;

async function readiness(): Promise<{ status: number; b: Readiness }> {
  const res = await rag.app.request("/readyz");
  return { status: res.status, b: await body<Readiness>(res) };
}

async function putSettings(patch: Record<string, unknown>, token?: string) {
  const res = await rag.call("/admin/settings", { method: "PUT", json: patch, token: token ?? await operator() });
  return { status: res.status, b: await body<schemas.VersionedSettings & { warnings?: string[] }>(res) };
}

describe("readiness of the retrieval service", () => {
  it("is ready with every check ok once organizations are synced and the embedding endpoint answers", async () => {
    const { status, b } = await readiness();
    assert.equal(status, 200);
    assert.equal(b.status, "ready", JSON.stringify(b));
    assert.deepEqual(Object.keys(b.checks).sort(), ["database", "directory", "embedding", "redis"]);
    for (const check of Object.values(b.checks)) assert.equal(check.state, "ok");
    assert.match(b.checks.directory.detail, /^organizations synced \d+ s ago$/);
  });

  it("reports the embedding endpoint down (200, degraded) when it does not answer", async () => {
    const { status, b } = await putSettings({ embedding: { endpoint: refusedUrl("/v1/embeddings") } });
    assert.equal(status, 200);
    try {
      const ready = await readiness();
      assert.equal(ready.status, 200);
      assert.equal(ready.b.status, "degraded");
      assert.equal(ready.b.checks.embedding.state, "down");
      assert.equal(ready.b.checks.embedding.required, false);
      // No credential needed to read it: the kind of failure, never the endpoint or the error's text.
      assert.equal(ready.b.checks.embedding.detail, "the embedding endpoint does not answer (no connection)");
      assert.equal(ready.b.checks.database.state, "ok");
      assert.ok(b.warnings?.length, "the change warned");
    } finally {
      assert.equal((await putSettings({ embedding: { endpoint: rag.embedding.url } })).status, 200);
    }
    assert.equal((await readiness()).b.checks.embedding.state, "ok");
  });

  it("probes the embedding endpoint once for a burst of readiness calls", async () => {
    let gets = 0;
    const counting = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, () => {
      gets++;
      return new Response(null, { status: 405 });
    });
    const endpoint = `http://127.0.0.1:${counting.addr.port}/v1/embeddings`;
    try {
      assert.equal((await putSettings({ embedding: { endpoint } })).b.warnings, undefined);
      const before = gets;
      const answers = await Promise.all(Array.from({ length: 8 }, () => readiness()));
      for (const a of answers) assert.equal(a.b.checks.embedding.state, "ok");
      assert.equal(gets - before, 1);
    } finally {
      await putSettings({ embedding: { endpoint: rag.embedding.url } });
      await counting.shutdown();
    }
  });

  it("reports the directory down (200, degraded) once the organization sync is older than the limit", async () => {
    await rag.system((tx) =>
      tx`update rag.sync_state set last_success_at = now() - interval '3 days' where name = 'organizations'`
    );
    jobsRag(rag.app).directoryState.invalidate();
    try {
      const { status, b } = await readiness();
      assert.equal(status, 200);
      assert.equal(b.status, "degraded");
      assert.equal(b.checks.directory.state, "down");
      assert.match(b.checks.directory.detail, /retrieval refuses until a sync succeeds/);
    } finally {
      await rag.sync();
      jobsRag(rag.app).directoryState.invalidate();
    }
    assert.equal((await readiness()).b.checks.directory.state, "ok");
  });
});

describe("storing settings with an endpoint that does not answer", () => {
  it("stores the change and warns, naming the endpoint and why", async () => {
    const endpoint = refusedUrl("/");
    const { status, b } = await putSettings({ llm: { provider: "openai", endpoint, model: "m" } });
    assert.equal(status, 200);
    assert.equal(b.settings.llm.endpoint, endpoint);
    assert.equal(b.warnings?.length, 1);
    assert.match(b.warnings![0], /^llm\.endpoint does not answer \(.+\); the setting is stored all the same$/);
    const stored = await body<schemas.VersionedSettings>(
      await rag.call("/admin/settings", { token: await operator() }),
    );
    assert.equal(stored.settings.llm.endpoint, endpoint);
    assert.equal("warnings" in stored, false, "GET carries no warnings");
  });

  it("keeps a probe's answer free of the endpoint's credentials", async () => {
    const { b } = await putSettings({
      embedding: { endpoint: refusedUrl("/v1/embeddings").replace("//", "//u:s3cret@") },
    });
    try {
      assert.equal(b.warnings?.length, 1);
      assert.doesNotMatch(JSON.stringify(b), /s3cret/);
    } finally {
      await putSettings({ embedding: { endpoint: rag.embedding.url } });
    }
  });

  it("does not warn when the endpoints answer", async () => {
    const { status, b } = await putSettings({
      embedding: { endpoint: rag.embedding.url },
      llm: { provider: "openai", endpoint: llm.url, model: "m" },
    });
    assert.equal(status, 200);
    assert.equal(b.warnings, undefined);
  });

  it("refuses a bad endpoint before any probe, storing nothing", async () => {
    const before = await body<schemas.VersionedSettings>(
      await rag.call("/admin/settings", { token: await operator() }),
    );
    const { status, b } = await putSettings({ embedding: { endpoint: "not a url" } });
    assert.equal(status, 400);
    assert.equal((b as unknown as Problem).code, "invalid_request");
    const now = await body<schemas.VersionedSettings>(await rag.call("/admin/settings", { token: await operator() }));
    assert.equal(now.version, before.version);
  });
});
