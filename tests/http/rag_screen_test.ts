/**
 * The retrieval administration screen over HTTP: who may open it (an administrator's
 * token, as the session gateway injects it; manual entry only when configured), the
 * console headers, escaped fragments, and no user or secret on any screen.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Problem, startTestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { CENTRAL, userToken } from "../_helpers/tokens.ts";

const ADMIN_SUB = "admin-sub-3f9c";
const USER_SUB = "kim-sub-71d2";
let rag: RagTestApp;
let manual: RagTestApp;
let admin: string;
let docId: string;
let auditId: number;
const seen: Response[] = [];

async function get(path: string, token?: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token) headers.set("authorization", `Bearer ${token}`);
  const res = await rag.app.request(path, { ...init, headers });
  seen.push(res);
  return res;
}

before(async () => {
  [rag, manual] = await Promise.all([startRagApp(), startRagApp({ RAG_ADMIN_MANUAL_TOKEN: "true" })]);
  admin = await rag.token({ admin: true, clearance: 3, sub: ADMIN_SUB });
  const doc = await rag.document("/evil.html", "<p>분기 매출 보고서 본문입니다.</p>", {
    title: `<script>alert("x")</script> 분기 매출`,
  });
  const ingested = await body<schemas.IngestionResult>(await rag.call("/documents", { method: "POST", json: doc }));
  assert.equal(ingested.indexed, true, JSON.stringify(ingested));
  docId = ingested.documentId;
  const searched = await rag.call("/search", {
    method: "POST",
    json: { question: "분기 매출" },
    token: await rag.token({ sub: USER_SUB }),
  });
  assert.equal(searched.status, 200);
  const audit = await get("/views/audit", admin);
  auditId = Number(/data-audit="(\d+)"/.exec(await audit.text())![1]);
});

after(async () => {
  await rag?.stop();
  await manual?.stop();
});

describe("retrieval screen: happy", () => {
  it("serves the shell to an administrator the gateway vouches for, with no token field", async () => {
    const res = await get("/?lang=en", admin);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /text\/html/);
    const html = await res.text();
    assert.match(html, /^<!DOCTYPE html>/);
    assert.match(html, /data-credential="gateway"/);
    assert.match(html, /data-views="\/views\/"/);
    assert.doesNotMatch(html, /name="key"/);
    assert.match(html, /Retrieval service administration/);
    assert.match(res.headers.get("content-security-policy") ?? "", /script-src 'self'/);
    assert.equal(res.headers.get("cache-control"), "no-store");
  });

  it("serves the kit's script and stylesheet without a credential", async () => {
    const js = await get("/_console/console.js");
    assert.deepEqual([js.status, js.headers.get("content-type")], [200, "application/javascript; charset=utf-8"]);
    assert.match(await js.text(), /memory-bearer/);
    const css = await get("/_console/console.css");
    assert.equal(css.status, 200);
    await css.body?.cancel();
    for (const module of ["credential.js", "forms.js", "tables.js", "diff.js"]) {
      const res = await get(`/_console/${module}`);
      assert.deepEqual([res.status, res.headers.get("content-type")], [200, "application/javascript; charset=utf-8"]);
      assert.match(await res.text(), /^export |\nexport /, module);
    }
    const missing = await get("/_console/other.js");
    assert.deepEqual([missing.status, (await body<Problem>(missing)).code], [404, "not_found"]);
  });

  it("renders every screen in Korean and English", async () => {
    for (
      const [view, ko, en] of [
        ["overview", "개요", "Overview"],
        ["documents", "문서", "Documents"],
        [
          "settings",
          "설정",
          "Settings",
        ],
        ["bench", "검색 시험", "Retrieval test bench"],
        ["audit", "감사 로그", "Audit log"],
        [
          `replay?id=${auditId}`,
          "감사 기록 재현",
          "Replay of audit row",
        ],
        [`document?id=${docId}`, "버전 이력", "Versions"],
      ]
    ) {
      const [name, query] = view.split("?");
      for (const [lang, label] of [["ko", ko], ["en", en]]) {
        const res = await get(`/views/${name}?${query ?? ""}&lang=${lang}`, admin);
        assert.equal(res.status, 200, view);
        assert.ok((await res.text()).includes(label), `${view} in ${lang} says ${label}`);
      }
    }
  });

  it("escapes a document title in the list, the document and the bench", async () => {
    const pages = [
      await (await get("/views/documents", admin)).text(),
      await (await get(`/views/document?id=${docId}`, admin)).text(),
      await (await get("/views/bench", admin, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ question: "분기 매출", limit: 5 }),
      })).text(),
    ];
    for (const html of pages) {
      assert.ok(html.includes("&lt;script&gt;alert("), html.slice(0, 300));
      assert.doesNotMatch(html, /<script>alert/);
    }
  });

  it("shows each ranking's score and rank on the bench, and validates the question", async () => {
    const post = (json: unknown) =>
      get("/views/bench?lang=en", admin, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(json),
      });
    const html = await (await post({ question: "분기 매출", limit: 5, legs: ["text", "bigram"] })).text();
    assert.match(html, /data-leg="text" data-score="[0-9.]+" data-rank="1"/);
    assert.match(html, /data-leg="vector" data-score="-" data-rank="-"/);
    const bad = await post({ question: " ", limit: 5 });
    const problem = await body<Problem>(bad);
    assert.deepEqual([bad.status, problem.code], [400, "invalid_request"]);
    assert.equal(problem.errors?.[0].path, "question");
  });

  it("shows a tenant's administrator its tenant's settings, and the operator the installation's", async () => {
    const tenant = await (await get("/views/settings?lang=en", admin)).text();
    assert.match(tenant, /data-scope="tenant"/);
    assert.match(tenant, /id="settings-retrieval"[^>]*data-api="PUT \/api\/v1\/admin\/settings\?scope=tenant"/);
    assert.doesNotMatch(tenant, /id="settings-(embedding|llm|ingestion)"/);
    assert.match(tenant, /id="settings-shared"/);
    const operator = await rag.token({ admin: true, operator: true, clearance: 3, sub: "the-operator" });
    const installation = await (await get("/views/settings?lang=en", operator)).text();
    assert.match(installation, /data-scope="installation"/);
    for (const category of ["ingestion", "embedding", "retrieval", "llm", "lifecycle"]) {
      assert.match(installation, new RegExp(`id="settings-${category}"`), category);
    }
  });

  it("replays an audit row with its versions and admission rules, the asker as a pseudonym only", async () => {
    const html = await (await get(`/views/replay?id=${auditId}&lang=en`, admin)).text();
    assert.match(html, /data-fact="settings-version">0</);
    assert.match(html, /data-fact="directory-version">\d+</);
    assert.match(html, /data-admitted-by="organization" data-state="current"/);
    assert.match(html, /<code class="asker">[0-9a-f]{16}<\/code>/);
    assert.ok(!html.includes("[object Object]"), "a group of settings shows its values");
    assert.match(html, /data-setting="retrieval.weights">.*?<code>vector 0\.25, text 1, bigram 1<\/code>/s);
  });
});

describe("retrieval screen: security", () => {
  it("refuses the shell without a token (401 problem), as manual entry is off by default", async () => {
    const res = await get("/");
    assert.equal(res.status, 401);
    assert.match(res.headers.get("content-type") ?? "", /application\/problem\+json/);
    assert.equal((await body<Problem>(res)).code, "unauthorized");
    const forged = await get("/", "not-a-token");
    assert.equal(forged.status, 401);
    await forged.body?.cancel();
  });

  it("refuses the shell and every screen to a valid token without the administrator role (403)", async () => {
    const user = await rag.token({ sub: USER_SUB });
    for (const path of ["/", "/views/overview", "/views/documents", "/views/audit"]) {
      const res = await get(path, user);
      assert.equal(res.status, 403, path);
      assert.equal((await body<Problem>(res)).code, "forbidden");
    }
  });

  it("refuses screens without a token", async () => {
    for (const path of ["/views/overview", "/views/settings", `/views/replay?id=${auditId}`]) {
      const res = await get(path);
      assert.equal(res.status, 401, path);
      await res.body?.cancel();
    }
  });

  it("shows another tenant's administrator none of this tenant's documents or audit rows", async () => {
    const other = await rag.token({
      admin: true,
      clearance: 3,
      tenantId: rag.otherTenant,
      organizationId: rag.dept.other,
    });
    for (const path of [`/views/document?id=${docId}`, `/views/replay?id=${auditId}`]) {
      const res = await get(path, other);
      assert.equal(res.status, 404, path);
      await res.body?.cancel();
    }
    const list = await (await get("/views/documents", other)).text();
    assert.ok(!list.includes(docId));
    const audit = await (await get("/views/audit", other)).text();
    assert.doesNotMatch(audit, /data-audit=/);
  });

  it("refuses bad screen parameters, unknown screens and posts to plain screens", async () => {
    const cases: Array<[string, RequestInit, number, string]> = [
      ["/views/document?id=nope", {}, 400, "invalid_request"],
      ["/views/documents?cursor=garbage", {}, 400, "invalid_cursor"],
      ["/views/documents?state=deleted", {}, 400, "invalid_request"],
      ["/views/replay?id=-1", {}, 400, "invalid_request"],
      ["/views/constructor", {}, 404, "not_found"],
      ["/views/overview", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }, 405, ""],
      ["/views/bench", { method: "POST", body: "{oops", headers: { "content-type": "application/json" } }, 400, ""],
    ];
    for (const [path, init, status, code] of cases) {
      const res = await get(path, admin, init);
      const problem = await body<Problem>(res);
      assert.equal(res.status, status, path);
      if (code) assert.equal(problem.code, code, path);
    }
  });

  it("shows no user principal or token on any screen", async () => {
    const pages = ["/", "/views/overview", "/views/audit", `/views/replay?id=${auditId}`, "/views/settings"];
    for (const path of pages) {
      const html = await (await get(path, admin)).text();
      for (const secret of [ADMIN_SUB, USER_SUB, admin, "user-1"]) {
        assert.ok(!html.includes(secret), `${path}: ${secret}`);
      }
    }
  });

  it("keeps the console headers off the JSON APIs it sits beside", async () => {
    const res = await rag.call("/admin/overview", { token: admin });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-security-policy"), null);
    await res.body?.cancel();
  });

  it("sets no cookie on any response", () => {
    assert.ok(seen.length > 20);
    for (const res of seen) assert.equal(res.headers.get("set-cookie"), null);
  });
});

describe("retrieval screen with RAG_ADMIN_MANUAL_TOKEN=true", () => {
  const open = (token?: string) =>
    manual.app.request("/?lang=en", { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("offers the token field when no valid token comes with the request", async () => {
    for (const res of [await open(), await open("not-a-token")]) {
      assert.equal(res.status, 200);
      const html = await res.text();
      assert.match(html, /data-credential="memory-bearer"/);
      assert.match(html, /<input type="password" name="key"/);
      assert.match(html, /never stored/);
      assert.equal(res.headers.get("set-cookie"), null);
    }
  });

  it("still refuses a non-administrator, and still needs the token for every screen", async () => {
    const forbidden = await open(await manual.token());
    assert.equal(forbidden.status, 403);
    await forbidden.body?.cancel();
    const view = await manual.app.request("/views/overview");
    assert.equal(view.status, 401);
    await view.body?.cancel();
  });

  it("serves the gateway shell when an administrator's token comes with the request", async () => {
    const res = await open(await manual.token({ admin: true, clearance: 3 }));
    assert.equal(res.status, 200);
    assert.match(await res.text(), /data-credential="gateway"/);
  });
});

describe("retrieval screen when only the retrieval service runs (SERVICES=rag)", () => {
  it("serves the shell, the kit and the screens without any directory route", async () => {
    const app = await startTestApp({
      SERVICES: "rag",
      CENTRAL_JWT_SECRET: CENTRAL.secret,
      CENTRAL_JWT_ISSUER: CENTRAL.issuer,
      CENTRAL_JWT_AUDIENCE: CENTRAL.audience,
      DIRECTORY_URL: "http://127.0.0.1:9",
    });
    try {
      const token = await userToken({
        admin: true,
        clearance: 3,
        tenantId: crypto.randomUUID(),
        organizationId: crypto.randomUUID(),
      });
      const headers = { authorization: `Bearer ${token}` };
      for (
        const [path, status] of [["/", 200], ["/_console/console.js", 200], ["/views/overview", 200], [
          "/console/",
          404,
        ]]
      ) {
        const res = await app.request(path as string, { headers });
        assert.equal(res.status, status, path as string);
        await res.body?.cancel();
      }
    } finally {
      await app.stop();
    }
  });
});
