/**
 * The retrieval settings over HTTP: the installation's, which its operator reads and changes, and each tenant's
 * overrides of retrieval and lifecycle, which its administrators read and change for that tenant alone. Versions,
 * validation, the URL policy of endpoints, credentials never shown, history per scope, workers without a restart.
 * (The attacker's side of the same boundary: tests/security/settings_boundary_test.ts, against a real process.)
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Problem } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";

/** What ingesting with the default wait answers: the document is indexed. */
type Indexed = Extract<schemas.IngestionResult, { indexed: true }>;
type Installation = Extract<schemas.VersionedSettings, { scope: "installation" }>;
type Tenant = Extract<schemas.VersionedSettings, { scope: "tenant" }>;

let rag: RagTestApp;
let operator: string;
let admin: string;
before(async () => {
  rag = await startRagApp();
  operator = await rag.token({ operator: true, sub: "the-operator" });
  admin = await rag.token({ admin: true, sub: "settings-admin", clearance: 3 });
});
after(async () => {
  await rag.stop();
});

const get = async <T = Installation>(token = operator, query = "") => {
  const res = await rag.call(`/admin/settings${query}`, { token });
  return { status: res.status, b: await body<T>(res) };
};
/** Changes the settings; the body is read as `T`, the installation's settings by default. */
const put = async <T = Installation>(json: Record<string, unknown>, token = operator, query = "") => {
  const res = await rag.call(`/admin/settings${query}`, { method: "PUT", json, token });
  return { status: res.status, b: await body<T>(res) };
};
const installationRows = () =>
  rag.system((tx) => tx`select version, changed_by, changes, settings from rag.settings order by version desc`);
const tenantRows = () =>
  rag.system((tx) => tx`select tenant_id, version, changed_by, changes from rag.tenant_settings order by version desc`);

describe("the installation's settings (the operator)", () => {
  it("start from the defaults, with the embedding endpoint from PRIVATE_EMBEDDING_URL", async () => {
    const { status, b } = await get();
    assert.equal(status, 200);
    assert.deepEqual([b.scope, b.version], ["installation", 0]);
    assert.equal(b.settings.embedding.endpoint, rag.embedding.url);
    assert.equal(b.settings.embedding.dimensions, 1024);
    assert.deepEqual(Object.keys(b.settings).sort(), ["embedding", "ingestion", "lifecycle", "llm", "retrieval"]);
  });

  it("take a partial update as a new version, recording who changed what", async () => {
    const { status, b } = await put({ retrieval: { rrfK: 30 }, llm: { temperature: 0.3 } });
    assert.equal(status, 200, JSON.stringify(b));
    assert.deepEqual([b.scope, b.version], ["installation", 1]);
    assert.deepEqual([b.settings.retrieval.rrfK, b.settings.retrieval.safeContexts], [30, 5], "other fields kept");
    const [row] = await installationRows();
    assert.equal(row.changed_by, "user:the-operator");
    assert.deepEqual(row.changes, { "retrieval.rrfK": [1, 30], "llm.temperature": [0.1, 0.3] });
    assert.equal((await get()).b.version, 1);
  });

  it("store nothing for a change that changes nothing", async () => {
    const before = (await installationRows()).length;
    const { status, b } = await put({ retrieval: { rrfK: 30 } });
    assert.deepEqual([status, b.version], [200, 1]);
    assert.equal((await installationRows()).length, before);
  });

  it("keep an endpoint's credentials but never show them: user-info and key-like query parameters", async () => {
    const secretUrl = "http://svc:s3cret-pass@localhost:11434/api?api_key=k3y-value&token=t0ken-value&model=x";
    const { status, b } = await put({ llm: { endpoint: secretUrl } });
    assert.equal(status, 200, JSON.stringify(b));
    assert.equal(b.settings.llm.endpoint, "http://localhost:11434/api?api_key=REDACTED&token=REDACTED&model=x");
    const shown = JSON.stringify([
      (await get()).b,
      await body(await rag.call("/admin/settings/history", { token: operator })),
    ]);
    assert.doesNotMatch(shown, /s3cret|k3y-value|t0ken-value/);
    assert.match(JSON.stringify((await installationRows())[0].settings), /s3cret-pass/, "stored as given");
    assert.doesNotMatch(JSON.stringify((await installationRows())[0].changes), /s3cret|k3y-value|t0ken-value/);
    await put({ llm: { endpoint: null } });
  });

  it("refuse an endpoint outside the URL policy with 422 endpoint_not_allowed, and change nothing", async () => {
    const version = (await get()).b.version;
    for (
      const [patch, path] of [
        [{ embedding: { endpoint: "http://169.254.169.254/latest/meta-data" } }, "embedding.endpoint"],
        [{ llm: { endpoint: "http://[::ffff:a9fe:a9fe]:11434" } }, "llm.endpoint"],
        [{ llm: { endpoint: "http://0.0.0.0:11434" } }, "llm.endpoint"],
        [{ llm: { endpoint: "http://name.that.does.not.resolve.invalid:11434" } }, "llm.endpoint"],
      ] as const
    ) {
      const { status, b } = await put<Problem>(patch);
      assert.deepEqual([status, b.code], [422, "endpoint_not_allowed"], JSON.stringify(patch));
      assert.equal(b.errors?.[0].path, path);
    }
    assert.equal((await get()).b.version, version);
  });

  it("refuse invalid values with 400 naming the field, and change nothing", async () => {
    const version = (await get()).b.version;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ embedding: { dimensions: 768 } }, "embedding.dimensions"],
      [{ retrieval: { safeContexts: 2 } }, "retrieval.safeContexts"],
      [{ retrieval: { safeContexts: 6 } }, "retrieval.safeContexts"],
      [{ retrieval: { rrfK: null } }, "retrieval.rrfK"],
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
      const { status, b } = await put<Problem>(patch);
      assert.deepEqual([status, b.code], [400, "invalid_request"], JSON.stringify(patch));
      assert.ok(b.errors?.some((e) => e.path === path || e.path.startsWith(path)), JSON.stringify(b.errors));
    }
    const bad = await rag.call("/admin/settings?scope=everyone", { token: operator });
    assert.deepEqual([bad.status, (await body<Problem>(bad)).code], [400, "invalid_request"]);
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

  it("reach the running workers without a restart", async () => {
    const html = `<p>${"연차 휴가는 인사 포털에서 신청합니다. ".repeat(40)}</p>`;
    const first = await body<Indexed>(
      await rag.call("/documents", { method: "POST", json: await rag.document("/a.html", html) }),
    );
    await put({ ingestion: { chunkSize: 200, chunkOverlap: 20 } });
    const second = await body<Indexed>(
      await rag.call("/documents", { method: "POST", json: await rag.document("/b.html", html) }),
    );
    assert.ok(second.chunkCount > first.chunkCount * 2, `${first.chunkCount} then ${second.chunkCount}`);
  });
});

describe("a tenant's overrides (its administrators)", () => {
  it("show the effective settings, with no overrides and version 0 at first", async () => {
    const { status, b } = await get<Tenant>(admin);
    assert.equal(status, 200, JSON.stringify(b));
    assert.deepEqual([b.scope, b.version, b.overrides], ["tenant", 0, {}]);
    assert.equal(b.installationVersion, (await get()).b.version);
    assert.equal(b.settings.retrieval.rrfK, 42, "the installation's value");
  });

  it("store retrieval and lifecycle overrides as the tenant's own versions, over the installation's", async () => {
    const { status, b } = await put<Tenant>({ retrieval: { rrfK: 7 }, lifecycle: { retentionDays: 30 } }, admin);
    assert.equal(status, 200, JSON.stringify(b));
    assert.deepEqual([b.scope, b.version], ["tenant", 1]);
    assert.deepEqual(b.overrides, { retrieval: { rrfK: 7 }, lifecycle: { retentionDays: 30 } });
    assert.deepEqual([b.settings.retrieval.rrfK, b.settings.lifecycle.retentionDays], [7, 30]);
    const [row] = await tenantRows();
    assert.deepEqual([row.tenant_id, row.version, row.changed_by], [rag.tenant, "1", "user:settings-admin"]);
    assert.deepEqual(row.changes, { "retrieval.rrfK": [null, 7], "lifecycle.retentionDays": [null, 30] });
    const installation = (await get()).b;
    assert.deepEqual([installation.settings.retrieval.rrfK, installation.settings.lifecycle.retentionDays], [42, 0]);
    const other = await get<Tenant>(await rag.token({ admin: true, tenantId: rag.otherTenant }));
    assert.deepEqual([other.b.version, other.b.overrides, other.b.settings.retrieval.rrfK], [0, {}, 42]);
  });

  it("drop an override with null (the installation's value applies again), and keep versions per tenant", async () => {
    const { b } = await put<Tenant>({ retrieval: { rrfK: null } }, admin);
    assert.deepEqual([b.version, b.overrides], [2, { lifecycle: { retentionDays: 30 } }]);
    assert.equal(b.settings.retrieval.rrfK, 42);
    const unchanged = await put<Tenant>({ retrieval: { rrfK: null } }, admin);
    assert.equal(unchanged.b.version, 2, "dropping what is not there changes nothing");
    const history = await body<schemas.SettingsHistory>(await rag.call("/admin/settings/history", { token: admin }));
    assert.equal(history.scope, "tenant");
    assert.deepEqual(history.items.map((i) => [i.version, i.changes]), [
      [2, { "retrieval.rrfK": [7, null] }],
      [1, { "retrieval.rrfK": [null, 7], "lifecycle.retentionDays": [null, 30] }],
    ]);
  });

  it("refuse what every tenant shares with 403 operator_required, and an invalid override with 400", async () => {
    const before = (await tenantRows()).length;
    for (
      const patch of [
        { embedding: { endpoint: "http://127.0.0.1:1/v1/embeddings" } },
        { llm: { model: "another" } },
        { ingestion: { chunkSize: 400 } },
        { retrieval: { rrfK: 5 }, ingestion: { workerCount: 3 } },
      ]
    ) {
      const { status, b } = await put<Problem>(patch, admin);
      assert.deepEqual([status, b.code], [403, "operator_required"], JSON.stringify(patch));
    }
    const installation = await put<Problem>({ retrieval: { rrfK: 5 } }, admin, "?scope=installation");
    assert.deepEqual([installation.status, installation.b.code], [403, "operator_required"]);
    const bad = await put<Problem>({ retrieval: { safeContexts: 9 } }, admin);
    assert.deepEqual([bad.status, bad.b.code, bad.b.errors?.[0].path], [
      400,
      "invalid_request",
      "retrieval.safeContexts",
    ]);
    assert.equal((await tenantRows()).length, before);
  });

  it("let an operator who is also the tenant's administrator pick the tenant's scope", async () => {
    const both = await rag.token({ admin: true, operator: true, sub: "both" });
    assert.equal((await get(both)).b.scope, "installation");
    const { b } = await get<Tenant>(both, "?scope=tenant");
    assert.deepEqual([b.scope, b.overrides], ["tenant", { lifecycle: { retentionDays: 30 } }]);
  });

  it("need an administrator or the operator: 403 for a user, 401 without a token", async () => {
    const user = await rag.token();
    assert.deepEqual([(await get(user)).status, (await get<Problem>(user)).b.code], [403, "forbidden"]);
    assert.equal((await put({ retrieval: { rrfK: 10 } }, user)).status, 403);
    assert.equal((await rag.call("/admin/settings/history", { token: user })).status, 403);
    const operatorOnly = await get<Problem>(operator, "?scope=tenant");
    assert.deepEqual([operatorOnly.status, operatorOnly.b.code], [403, "forbidden"], "the operator is no tenant admin");
    const none = await rag.app.runtime.app.request("/api/v1/admin/settings");
    assert.equal(none.status, 401);
  });
});
