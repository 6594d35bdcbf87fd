import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Problem } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { CENTRAL, userToken } from "../_helpers/tokens.ts";

const GATEWAY_KEY = "explore-gateway-key-0123456789abcdef";

let rag: RagTestApp;
let bare: RagTestApp;
before(async () => {
  rag = await startRagApp({ RAG_EXPLORE_GATEWAY_API_KEY: GATEWAY_KEY });
  bare = await startRagApp();
  for (const [i, text] of ["보안 점검은 매년 실시합니다.", "보안 사고는 즉시 보고합니다."].entries()) {
    const doc = await rag.document(`/sec-${i}.html`, `<h1>보안 규정 ${i}</h1><p>${text}</p>`, {
      title: `보안 규정 ${i}`,
    });
    assert.equal(
      (await body<schemas.IngestionResult>(await rag.call("/documents", { method: "POST", json: doc }))).indexed,
      true,
    );
  }
});
after(async () => {
  await rag.stop();
  await bare.stop();
});

/** Calls the gateway adapter at `path`; the body is read as `T`. */
async function explore<T = unknown>(
  app: RagTestApp,
  path: "search" | "ask",
  json: Record<string, unknown>,
  o: { key?: string | null; user?: string | null } = {},
) {
  const headers = new Headers({ "content-type": "application/json" });
  const key = o.key === undefined ? GATEWAY_KEY : o.key;
  if (key !== null) headers.set("authorization", `Bearer ${key}`);
  const user = o.user === undefined ? await app.token() : o.user;
  if (user !== null) headers.set("x-explore-user-token", user);
  const res = await app.app.runtime.app.request(`/api/explore/v1/${path}`, {
    method: "POST",
    headers,
    body: JSON.stringify(json),
  });
  return { status: res.status, b: await body<T>(res) };
}

describe("gateway adapters", () => {
  it("search: capability search, kind document, items with their source, under the delegated user's RLS", async () => {
    const { status, b } = await explore<schemas.ExploreSearchResponse>(rag, "search", {
      query: "보안 점검 주기",
      limit: 5,
    });
    assert.equal(status, 200, JSON.stringify(b));
    assert.deepEqual([b.capability, b.kind], ["search", "document"]);
    const [top] = b.items;
    assert.equal(top.title, "보안 규정 0");
    assert.equal(top.source.portalId, "portal-a");
    assert.ok(typeof top.score === "number" && top.snippet.includes("보안 점검"));
    const outsider = await userToken({ tenantId: rag.otherTenant, organizationId: rag.dept.other, clearance: 3 });
    assert.deepEqual(
      (await explore<schemas.ExploreSearchResponse>(rag, "search", { query: "보안 점검" }, { user: outsider })).b.items,
      [],
    );
  });

  it("ask: capability answer with citations, grounded", async () => {
    const { status, b } = await explore<schemas.ExploreAnswer>(rag, "ask", { question: "보안 사고는 어떻게 하나요?" });
    assert.equal(status, 200, JSON.stringify(b));
    assert.equal(b.capability, "answer");
    assert.equal(b.grounded, true);
    assert.ok(b.citations.length > 0);
  });

  it("accepts a token re-delegated for the gateway's audience", async () => {
    const token = await userToken({
      tenantId: rag.tenant,
      organizationId: rag.dept.a,
      claims: { aud: ["search-gateway"] },
    });
    assert.equal((await explore(rag, "search", { query: "보안" }, { user: token })).status, 200);
    const foreign = await userToken({ tenantId: rag.tenant, organizationId: rag.dept.a, claims: { aud: ["other"] } });
    assert.equal((await explore(rag, "search", { query: "보안" }, { user: foreign })).status, 401);
  });

  it("gives the no-gateway-mapping fallback for a token without tenant and organization", async () => {
    const unmapped = await userToken({ tenantId: null, organizationId: null });
    const { status, b } = await explore<schemas.ExploreAnswer>(rag, "ask", { question: "보안 점검 주기는?" }, {
      user: unmapped,
    });
    assert.equal(status, 200);
    assert.deepEqual([b.capability, b.grounded, b.citations, b.reason], ["answer", false, [], "no_gateway_mapping"]);
    const search = await explore<schemas.ExploreSearchResponse>(rag, "search", { query: "보안" }, { user: unmapped });
    assert.deepEqual([search.status, search.b.items], [200, []]);
  });

  it("refuses a missing or wrong gateway key, and any key when none is configured, with 401", async () => {
    for (const key of [null, "wrong-key-0123456789abcdef", `${GATEWAY_KEY}x`]) {
      const { status, b } = await explore<Problem>(rag, "search", { query: "보안" }, { key });
      assert.deepEqual([status, b.code], [401, "unauthorized"], String(key));
    }
    const unset = await explore<Problem>(bare, "search", { query: "보안" });
    assert.deepEqual([unset.status, unset.b.code], [401, "unauthorized"]);
  });

  it("refuses a missing, unsigned, expired or wrongly signed delegated token with 401", async () => {
    const cases: Array<[string, string | null]> = [
      ["missing", null],
      ["garbage", "not-a-jwt"],
      ["expired", await userToken({ tenantId: rag.tenant, organizationId: rag.dept.a, expiresInSeconds: -120 })],
      ["wrong secret", await userToken({ tenantId: rag.tenant, secret: `${CENTRAL.secret}-other` })],
    ];
    for (const [label, user] of cases) {
      const { status, b } = await explore<Problem>(rag, "ask", { question: "보안" }, { user });
      assert.deepEqual([status, b.code], [401, "unauthorized"], label);
    }
  });

  it("answers 400 for bad bodies", async () => {
    for (
      const [path, json] of [["search", {}], ["search", { query: "" }], ["search", { query: "x", limit: 99 }], [
        "ask",
        {},
      ], ["ask", { question: "x", extra: 1 }]] as const
    ) {
      const { status, b } = await explore<Problem>(rag, path, json);
      assert.deepEqual([status, b.code], [400, "invalid_request"], JSON.stringify(json));
    }
  });
});
