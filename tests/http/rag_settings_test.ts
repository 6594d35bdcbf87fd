// deno-lint-ignore-file no-explicit-any
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body } from "../_helpers/app.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";

type Json = Record<string, any>;

let rag: RagTestApp;
let admin: string;
before(async () => {
  rag = await startRagApp();
  admin = await rag.token({ admin: true, sub: "settings-admin", clearance: 3 });
});
after(async () => {
  await rag.stop();
});

const get = async (token = admin) => {
  const res = await rag.call("/admin/settings", { token });
  return { status: res.status, b: await body<Json>(res) };
};
const put = async (json: Json, token = admin) => {
  const res = await rag.call("/admin/settings", { method: "PUT", json, token });
  return { status: res.status, b: await body<Json>(res) };
};
const history = () =>
  rag.system((tx) => tx`select version, changed_by, changes from rag.settings order by version desc`);

describe("retrieval settings", () => {
  it("start from the defaults, with the embedding endpoint from PRIVATE_EMBEDDING_URL", async () => {
    const { status, b } = await get();
    assert.equal(status, 200);
    assert.equal(b.version, 0);
    assert.equal(b.settings.embedding.endpoint, rag.embedding.url);
    assert.equal(b.settings.embedding.dimensions, 1024);
    assert.deepEqual(Object.keys(b.settings).sort(), ["embedding", "ingestion", "lifecycle", "llm", "retrieval"]);
  });

  it("take a partial update as a new version, recording who changed what", async () => {
    const { status, b } = await put({ retrieval: { rrfK: 30 }, llm: { temperature: 0.3 } });
    assert.equal(status, 200, JSON.stringify(b));
    assert.equal(b.version, 1);
    assert.deepEqual([b.settings.retrieval.rrfK, b.settings.retrieval.safeContexts], [30, 5], "other fields kept");
    const [row] = await history();
    assert.equal(row.changed_by, "user:settings-admin");
    assert.deepEqual(row.changes, { "retrieval.rrfK": [3, 30], "llm.temperature": [0.1, 0.3] });
    assert.equal((await get()).b.version, 1);
  });

  it("store nothing for a change that changes nothing", async () => {
    const before = (await history()).length;
    const { status, b } = await put({ retrieval: { rrfK: 30 } });
    assert.deepEqual([status, b.version], [200, 1]);
    assert.equal((await history()).length, before);
  });

  it("never return endpoint credentials, nor keep them in the change log", async () => {
    const { b } = await put({ llm: { endpoint: "http://svc:s3cret-pass@llm.internal:11434" } });
    assert.equal(b.settings.llm.endpoint, "http://llm.internal:11434/");
    assert.doesNotMatch(JSON.stringify((await get()).b), /s3cret/);
    assert.doesNotMatch(JSON.stringify(await history()), /s3cret/);
    await put({ llm: { endpoint: null } });
  });

  it("refuse invalid values with 400 naming the field, and change nothing", async () => {
    const version = (await get()).b.version;
    const cases: Array<[Json, string]> = [
      [{ embedding: { dimensions: 768 } }, "embedding.dimensions"],
      [{ retrieval: { safeContexts: 2 } }, "retrieval.safeContexts"],
      [{ retrieval: { safeContexts: 6 } }, "retrieval.safeContexts"],
      [{ ingestion: { chunkSize: 200, chunkOverlap: 200 } }, "ingestion.chunkOverlap"],
      [{ ingestion: { workerCount: 0 } }, "ingestion.workerCount"],
      [{ embedding: { endpoint: "ftp://x/embeddings" } }, "embedding.endpoint"],
      [{ llm: { provider: "gpt" } }, "llm.provider"],
      [{ retrieval: { textSearchConfig: "english" } }, "retrieval.textSearchConfig"],
      [{ lifecycle: { retentionDays: -1 } }, "lifecycle.retentionDays"],
      [{ search: {} }, ""],
      [{ retrieval: { unknown: 1 } }, "retrieval"],
      [{ retrieval: { weights: { vector: -1, text: 1, bigram: 1 } } }, "retrieval.weights.vector"],
      [{ retrieval: { weights: { vector: 3.6e-320, text: 1, bigram: 1 } } }, "retrieval.weights.vector"],
      [{ retrieval: { weights: { vector: 0.0001, text: 1, bigram: 1 } } }, "retrieval.weights.vector"],
      [{ retrieval: { weights: { vector: 0, text: 0, bigram: 0 } } }, "retrieval.weights"],
      [{ retrieval: { weights: { vector: 0.5 } } }, "retrieval.weights.text"],
    ];
    for (const [patch, path] of cases) {
      const { status, b } = await put(patch);
      assert.deepEqual([status, b.code], [400, "invalid_request"], JSON.stringify(patch));
      assert.ok(b.errors.some((e: Json) => e.path === path || e.path.startsWith(path)), JSON.stringify(b.errors));
    }
    assert.equal((await get()).b.version, version);
  });

  it("read a version stored before a field existed with that field's default", async () => {
    const { b: now } = await get();
    const { weights: _, ...olderRetrieval } = now.settings.retrieval;
    await rag.system((tx) =>
      tx`insert into rag.settings (settings, changed_by) values (${
        tx.json({ ...now.settings, retrieval: { ...olderRetrieval, rrfK: 42 } })
      }, 'an earlier release')`
    );
    rag.app.runtime.jobs.rag!.settings.invalidate();
    const { status, b } = await get();
    assert.equal(status, 200, JSON.stringify(b));
    assert.equal(b.settings.retrieval.rrfK, 42);
    assert.deepEqual(b.settings.retrieval.weights, { vector: 0.25, text: 1, bigram: 1 });
  });

  it("need an administrator: 403 for a user, 401 without a token", async () => {
    assert.equal((await get(await rag.token())).status, 403);
    assert.equal((await put({ retrieval: { rrfK: 10 } }, await rag.token())).status, 403);
    const none = await rag.app.runtime.app.request("/api/v1/admin/settings");
    assert.equal(none.status, 401);
  });

  it("reach the running workers without a restart", async () => {
    const html = `<p>${"연차 휴가는 인사 포털에서 신청합니다. ".repeat(40)}</p>`;
    const first = await body<Json>(
      await rag.call("/documents", { method: "POST", json: await rag.document("/a.html", html) }),
    );
    await put({ ingestion: { chunkSize: 200, chunkOverlap: 20 } });
    const second = await body<Json>(
      await rag.call("/documents", { method: "POST", json: await rag.document("/b.html", html) }),
    );
    assert.ok(second.chunkCount > first.chunkCount * 2, `${first.chunkCount} then ${second.chunkCount}`);
  });
});
