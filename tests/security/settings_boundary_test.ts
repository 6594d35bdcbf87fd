/**
 * Installation operators versus tenant administrators (issue 15, items 1 and 5), tried as the attacker would
 * against the real service: `main.ts` as a child process with its workers, two tenants A and B, and B's retrieval
 * administrator as the attacker. B cannot point what every tenant shares (endpoints, models, ingestion, defaults)
 * anywhere, so A's questions and chunks never reach B's server; B's retention purges only B's documents; B never
 * sees A's settings changes; an endpoint's credentials are never shown to anyone; an endpoint outside the URL
 * policy is refused; and the audit replay shows a lower-cleared administrator nothing above its clearance.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import postgres from "postgres";
import { Redis } from "ioredis";
import { addEntry, streamNames } from "@/jobs/mod.ts";
import { clearPrefix, DIR, type Item, type Problem, REDIS_URL, testEnv } from "../_helpers/app.ts";
import type { schemas as directory } from "@/domain/directory/mod.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { freshDatabase, type TestDatabase } from "../_helpers/db.ts";
import { ADMIN_KEY, userToken, type UserTokenOptions } from "../_helpers/tokens.ts";
import { documentRequest, startContentHost } from "../_helpers/content_host.ts";
import { type FakeEmbedding, startFakeEmbedding } from "../_helpers/fake_embedding.ts";
import { type FakeLlm, startFakeLlm } from "../_helpers/fake_llm.ts";
import { retrievalEnv } from "../_helpers/rag.ts";
import { freePort } from "../_helpers/processes.ts";
import { until } from "../_helpers/poll.ts";
import { endpointOf, type ServiceProcess, startServiceProcess } from "../_helpers/service_process.ts";

type Tenant = Extract<schemas.VersionedSettings, { scope: "tenant" }>;
type Installation = Extract<schemas.VersionedSettings, { scope: "installation" }>;

const SECRET_PASSWORD = "s3cret-pw-7f1c";
const SECRET_KEY = "k3y-secret-92ab";

let db: TestDatabase;
let embedding: FakeEmbedding;
/** B's own "embedding endpoint": whatever reaches it has left A's tenant. */
let stranger: FakeEmbedding;
let host: ReturnType<typeof startContentHost>;
let llm: FakeLlm;
let service: ServiceProcess;
let superuser: postgres.Sql;
let redis: Redis;
const prefix = `t:${crypto.randomUUID().slice(0, 8)}:`;
const A = { tenant: "", dept: "" };
const B = { tenant: "", dept: "" };
const docs: Record<string, { id: string; sourceDocumentId: string }> = {};

const token = (t: typeof A, o: UserTokenOptions = {}) =>
  userToken({ tenantId: t.tenant, organizationId: t.dept, clearance: 1, ...o });
const adminOf = (t: typeof A, clearance = 3) => token(t, { admin: true, clearance, sub: `admin-${clearance}` });
/** The installation operator (here also A's administrator, as an operator may well be). */
const operator = () => token(A, { operator: true, admin: true, clearance: 3, sub: "the-operator" });

async function call(path: string, init: { method?: string; json?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (path.startsWith(DIR)) headers["x-directory-admin-key"] = ADMIN_KEY;
  return await fetch(`${service.url}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

async function json<T>(res: Response): Promise<T & { status: number }> {
  const text = await res.text();
  try {
    return { ...JSON.parse(text), status: res.status };
  } catch {
    assert.fail(`expected JSON, got ${res.status}: ${text.slice(0, 300)}`);
  }
}

const settings = <T = Tenant>(tok: string, query = "") =>
  call(`/api/v1/admin/settings${query}`, { token: tok }).then(json<T>);
const put = <T = Tenant>(tok: string, patch: unknown, query = "") =>
  call(`/api/v1/admin/settings${query}`, { method: "PUT", json: patch, token: tok }).then(json<T>);

async function company(code: string, into: typeof A) {
  const c = await json<Item<directory.Company>>(
    await call(`${DIR}/admin/companies`, { method: "POST", json: { code, name: code } }),
  );
  assert.equal(c.status, 201, JSON.stringify(c));
  const d = await json<Item<directory.Department>>(
    await call(`${DIR}/admin/departments`, { method: "POST", json: { companyId: c.data.id, code: "D", name: "D" } }),
  );
  assert.equal(d.status, 201, JSON.stringify(d));
  Object.assign(into, { tenant: c.data.id, dept: d.data.id });
}

/** Queues a run of one of the child's scheduled tasks now, instead of waiting for its schedule. */
const runTask = (task: string) =>
  addEntry(redis, streamNames(prefix, `rag:${task}`).stream, { task, at: new Date().toISOString() });

async function ingest(name: string, t: typeof A, text: string, o: { level?: string; tok?: string } = {}) {
  const served = await host.putHashed(`/boundary/${name}.html`, { body: `<h1>${name}</h1><p>${text}</p>` });
  const request = documentRequest(served, { tenantId: t.tenant, organizationIds: [t.dept], title: name }, {
    securityLevel: o.level ?? "INTERNAL",
    registrant: { id: o.tok ? "admin-3" : "user-1", departmentCode: "D" },
  });
  const res = await json<schemas.IngestionResult>(
    await call("/api/v1/documents", { method: "POST", json: request, token: o.tok ?? await token(t) }),
  );
  assert.equal(res.indexed, true, JSON.stringify(res));
  docs[name] = { id: res.documentId, sourceDocumentId: String(request.sourceDocumentId) };
}

const registered = async () => (await superuser`select id from rag.tb_ai_document_registry`).map((r) => r.id as string);

before(async () => {
  db = await freshDatabase();
  embedding = startFakeEmbedding();
  stranger = startFakeEmbedding();
  host = startContentHost();
  llm = startFakeLlm("보안 점검은 분기마다 합니다 [1].");
  const port = freePort();
  const env = testEnv(db, prefix);
  service = await startServiceProcess({
    env: {
      ...env,
      LOG_LEVEL: "info",
      RUN_WORKERS: "true",
      ...retrievalEnv(embedding.url),
      RAG_SERVICE_CONTENT_ALLOWED_HOSTS: [host.base, llm.url].map((u) => new URL(u).host).join(","),
    },
    port,
    allowNet: [
      endpointOf(db.appUrl, 5432),
      endpointOf(REDIS_URL, 6379),
      `0.0.0.0:${port}`,
      ...[embedding.url, stranger.url, llm.url, host.base].map((u) => new URL(u).host),
    ],
    auditPath: `${await Deno.makeTempDir({ prefix: "settings_boundary_" })}/audit.jsonl`,
  });
  superuser = postgres(db.superUrl, { max: 1, onnotice: () => {} });
  redis = new Redis(REDIS_URL);
  await company("TENANTA", A);
  await company("TENANTB", B);
  await runTask("org-sync");
  await until("the organization sync mirrored both tenants", async () => {
    const rows = await superuser`select 1 from rag.tb_organization where id in (${A.dept}, ${B.dept}) and is_active`;
    return rows.length === 2;
  }, 20_000);
  await ingest("a-internal", A, "보안 점검 절차는 분기마다 정보보호팀이 수행합니다.");
  await ingest("a-restricted", A, "보안 점검 결과 기밀 보고서는 임원에게만 공유합니다.", {
    level: "RESTRICTED",
    tok: await adminOf(A),
  });
  await ingest("b-doc", B, "보안 점검 일정은 총무팀이 공지합니다.");
});

after(async () => {
  const steps: Array<() => unknown> = [
    () => service?.stop(),
    () => superuser?.end(),
    () => redis?.disconnect(),
    () => db?.drop(),
    () => clearPrefix(prefix),
    () => embedding?.stop(),
    () => stranger?.stop(),
    () => host?.stop(),
    () => llm?.stop(),
  ];
  for (const step of steps) await Promise.resolve().then(step).catch((err) => console.error("cleanup:", err));
});

describe("what every tenant shares is the installation operator's", () => {
  it("tenant B's administrator cannot change an endpoint, a model, ingestion or a default (403 operator_required)", async () => {
    const attacker = await adminOf(B);
    const before = await settings<Installation>(await operator());
    for (
      const [patch, query] of [
        [{ embedding: { endpoint: `${stranger.url}` } }, ""],
        [{ llm: { provider: "openai", endpoint: stranger.url.replace(/\/v1\/embeddings$/, "") } }, ""],
        [{ embedding: { model: "b-model" } }, ""],
        [{ ingestion: { chunkSize: 100 } }, ""],
        [{ lifecycle: { retentionDays: 1 } }, "?scope=installation"],
        [{ embedding: { endpoint: stranger.url } }, "?scope=installation"],
      ] as const
    ) {
      const res = await put<Problem>(attacker, patch, query);
      assert.deepEqual([res.status, res.code], [403, "operator_required"], JSON.stringify(patch));
    }
    const peek = await settings<Problem>(attacker, "?scope=installation");
    assert.deepEqual([peek.status, peek.code], [403, "operator_required"]);
    assert.deepEqual((await settings<Installation>(await operator())).version, before.version, "nothing stored");

    const seen = embedding.requests;
    const found = await json<schemas.SearchResponse>(
      await call("/api/v1/search", { method: "POST", json: { question: "보안 점검 절차" }, token: await token(A) }),
    );
    assert.equal(found.status, 200, JSON.stringify(found));
    assert.ok(found.contexts.some((c) => c.documentId === docs["a-internal"].id), "A's search still finds A's");
    assert.equal(stranger.requests, 0, "nothing of A's reached B's server");
    assert.ok(embedding.requests > seen, "A's question went to the installation's embedding endpoint");
    const a = await settings(await adminOf(A));
    assert.equal(a.settings.embedding.endpoint, embedding.url);
  });

  it("an endpoint outside the URL policy is refused even to the operator (422 endpoint_not_allowed)", async () => {
    const op = await operator();
    const before = (await settings<Installation>(op)).version;
    for (
      const [patch, path] of [
        [{ embedding: { endpoint: "http://169.254.169.254/latest/meta-data" } }, "embedding.endpoint"],
        [{ llm: { endpoint: "http://10.1.2.3:11434" } }, "llm.endpoint"],
        [{ llm: { endpoint: "http://[::ffff:7f00:1]:1/" } }, "llm.endpoint"],
      ] as const
    ) {
      const res = await put<Problem>(op, patch);
      assert.deepEqual([res.status, res.code], [422, "endpoint_not_allowed"], JSON.stringify(patch));
      assert.equal(res.errors?.[0].path, path);
    }
    assert.equal((await settings<Installation>(op)).version, before);
  });

  it("an endpoint's credentials (user-info, api_key) are never shown: API, history, console, other tenants, logs", async () => {
    const op = await operator();
    const target = new URL(llm.url);
    const endpoint = `http://svc:${SECRET_PASSWORD}@${target.host}/?api_key=${SECRET_KEY}`;
    const stored = await put<Installation>(op, { llm: { provider: "openai", endpoint, model: "m" } });
    assert.equal(stored.status, 200, JSON.stringify(stored));
    assert.equal(stored.settings.llm.endpoint, `http://${target.host}/?api_key=REDACTED`);
    const asked = await call("/api/v1/ask", {
      method: "POST",
      json: { question: "보안 점검은 언제 하나요?" },
      token: await token(A),
    });
    assert.equal(asked.status, 200, await asked.clone().text());
    await asked.body?.cancel();
    assert.ok(llm.calls.length > 0, "the endpoint works with its credentials");
    const shown = [
      JSON.stringify(stored),
      JSON.stringify(await settings(op)),
      await (await call("/api/v1/admin/settings/history", { token: op })).text(),
      JSON.stringify(await settings(await adminOf(B))),
      JSON.stringify(await settings(await adminOf(A))),
      await (await call("/views/settings", { token: op })).text(),
      await (await call("/views/settings", { token: await adminOf(B) })).text(),
      await (await call("/api/v1/admin/overview", { token: await adminOf(A) })).text(),
      service.lines.join("\n"),
    ];
    for (const [i, text] of shown.entries()) {
      assert.doesNotMatch(text, new RegExp(`${SECRET_PASSWORD}|${SECRET_KEY}`), `shown #${i}`);
    }
  });
});

describe("what a tenant administrator tunes is its tenant's alone", () => {
  it("tenant B never sees tenant A's settings changes (history, settings, overview, console)", async () => {
    const a = await put(await adminOf(A), { retrieval: { rrfK: 9, candidateLimit: 77 } });
    assert.equal(a.status, 200, JSON.stringify(a));
    const attacker = await adminOf(B);
    const page = await (await call("/views/settings?lang=en", { token: attacker })).text();
    // A value shows as an input's value or a cell's text; a bare "77" would also match a random nonce or id.
    const ownPage = await (await call("/views/settings?lang=en", { token: await adminOf(A) })).text();
    assert.match(ownPage, /value="77"/, "A's own screen shows the value, as B's would if it leaked");
    assert.doesNotMatch(page, /retrieval\.candidateLimit<\/code>|"candidateLimit"|value="77"|>77</);
    const history = await json<schemas.SettingsHistory>(
      await call("/api/v1/admin/settings/history", { token: attacker }),
    );
    assert.equal(history.status, 200, JSON.stringify(history));
    assert.deepEqual(history.items, [], "B has changed nothing, and sees nothing else");
    const b = await settings(attacker);
    assert.deepEqual([b.version, b.overrides], [0, {}]);
    assert.notEqual(b.settings.retrieval.candidateLimit, 77, "A's override does not apply to B");
    const overview = await json<schemas.RagOverview>(await call("/api/v1/admin/overview", { token: attacker }));
    assert.equal(overview.tenantSettingsVersion, 0);
    const own = await json<schemas.SettingsHistory>(
      await call("/api/v1/admin/settings/history", { token: await adminOf(A) }),
    );
    assert.deepEqual(own.items.map((i) => Object.keys(i.changes)), [["retrieval.rrfK", "retrieval.candidateLimit"]]);
  });

  it("tenant B's retention override purges only B's documents (the retention job)", async () => {
    const set = await put(await adminOf(B), { lifecycle: { retentionDays: 1 } });
    assert.deepEqual([set.status, set.settings.lifecycle.retentionDays], [200, 1]);
    await superuser`update rag.tb_ai_document_registry set last_ingested_at = now() - interval '3 days'`;
    const lines = service.lines.length;
    await runTask("retention");
    const purged = () =>
      service.lines.slice(lines).map((l) => l.startsWith("{") ? JSON.parse(l) : {}).find((l) =>
        l.msg === "documents past retention purged"
      );
    await until("the retention job purged", () => purged() !== undefined, 20_000);
    assert.equal(purged().count, 1, "one document: B's");
    assert.equal((await settings(await adminOf(A))).settings.lifecycle.retentionDays, 0, "A's rule is its own");
    const left = await registered();
    assert.ok(!left.includes(docs["b-doc"].id), "B's document is gone");
    assert.ok(left.includes(docs["a-internal"].id) && left.includes(docs["a-restricted"].id), "A's are all there");
  });
});

describe("the audit replay within the administrator's clearance", () => {
  it("hides the results above a lower-cleared administrator's clearance, in the replay and the counts", async () => {
    const cleared = await token(A, { clearance: 3, sub: "cleared-user" });
    const found = await json<schemas.SearchResponse>(
      await call("/api/v1/search", { method: "POST", json: { question: "보안 점검" }, token: cleared }),
    );
    const ids = found.contexts.map((c) => c.documentId);
    assert.ok(ids.includes(docs["a-restricted"].id) && ids.includes(docs["a-internal"].id), JSON.stringify(ids));
    const [row] = await superuser`select id from rag.tb_rag_audit_logs where sub = 'cleared-user' order by id desc`;
    const replay = (tok: string) => call(`/views/replay?id=${row.id}&lang=en`, { token: tok }).then((r) => r.text());

    const low = await adminOf(A, 1);
    const html = await replay(low);
    assert.ok(html.includes(docs["a-internal"].id), "what its clearance admits is shown");
    for (const hidden of [docs["a-restricted"].id, "a-restricted", "RESTRICTED"]) {
      assert.ok(!html.includes(hidden), `the replay shows ${hidden}`);
    }
    const list = await (await call("/views/audit", { token: low })).text();
    const count = new RegExp(`data-audit="${row.id}"[\\s\\S]*?<td class="num">(\\d+)</td>`).exec(list)?.[1];
    assert.equal(Number(count), found.contexts.filter((c) => c.securityLevel !== "RESTRICTED").length);
    const overview = await json<schemas.RagOverview>(await call("/api/v1/admin/overview", { token: low }));
    const listed = overview.recentAudit.find((a) => a.id === Number(row.id));
    assert.equal(listed?.results, Number(count));

    const full = await replay(await adminOf(A, 3));
    assert.ok(full.includes(docs["a-restricted"].id), "an administrator cleared for it sees it");
  });
});
