/**
 * Admin claims smuggled outside the signed credential change nothing (CONTRACT 2.1: "No header,
 * body or form field can set or widen" the principal; CONTRACT 1.1 for portals). A member sends
 * headers named like the database settings (`my.app_is_admin`), like gateway conventions
 * (`x-user-roles`, `x-tenant-id`), the directory's admin key and a delegated admin token on a
 * non-gateway route, plus query parameters and body fields: the administrator's routes still
 * refuse, search returns exactly what it returns without them, and strict bodies reject the
 * fields. Claims that only resemble the contract's admin marks do not make an administrator.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, DIR, type Problem } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { ADMIN_KEY, PORTAL_A_KEY, portalJwt, READER_KEY } from "../_helpers/tokens.ts";

const GATEWAY_KEY = "smuggling-gateway-key-0123456789abcdef";
const WORDS = "출입 통제 규정 방문객 등록 절차";

let rag: RagTestApp;
const docs: Record<string, string> = {};
let smuggled: Record<string, string>;
let query: string;

before(async () => {
  rag = await startRagApp({ RAG_EXPLORE_GATEWAY_API_KEY: GATEWAY_KEY });
  const admin = await rag.token({ admin: true, clearance: 3, sub: "fixture-admin" });
  const otherAdmin = await rag.token({
    admin: true,
    clearance: 3,
    tenantId: rag.otherTenant,
    organizationId: rag.dept.other,
    sub: "fixture-other",
  });
  const plan: Array<[string, Record<string, unknown>, string]> = [
    ["own", { organizationIds: [rag.dept.a], securityLevel: "INTERNAL" }, admin],
    ["sibling", { organizationIds: [rag.dept.b], securityLevel: "INTERNAL" }, admin],
    ["restricted", { organizationIds: [rag.dept.a], securityLevel: "RESTRICTED" }, admin],
    [
      "foreign",
      { tenantId: rag.otherTenant, organizationIds: [rag.dept.other], securityLevel: "INTERNAL" },
      otherAdmin,
    ],
  ];
  for (const [key, extra, token] of plan) {
    const doc = await rag.document(`/smuggle/${key}.html`, `<h1>${WORDS} ${key}</h1><p>${WORDS}. ${key} 문서.</p>`, {
      title: `${WORDS} ${key}`,
      ...extra,
    });
    const res = await body<schemas.IngestionResult>(await rag.call("/documents", { method: "POST", json: doc, token }));
    assert.equal(res.indexed, true, JSON.stringify(res));
    docs[key] = res.documentId;
  }
  smuggled = {
    "x-directory-admin": "true",
    "x-directory-admin-key": ADMIN_KEY,
    "my.app_is_admin": "true",
    "my.app_tenant_id": rag.otherTenant,
    "my.app_user_org_id": rag.dept.b,
    "my.app_user_clearance_level": "3",
    "my.app_system": "true",
    "x-user-roles": "rag:admin",
    "x-roles": "rag:admin",
    "x-scope": "rag:admin",
    "x-tenant-id": rag.otherTenant,
    "x-organization-id": rag.dept.b,
    "x-clearance-level": "RESTRICTED",
    "x-forwarded-user": "fixture-admin",
    "x-explore-user-token": admin,
  };
  query = new URLSearchParams({
    tenant_id: rag.otherTenant,
    organization_id: rag.dept.b,
    clearance_level: "3",
    is_admin: "true",
    directory_admin: "true",
    scope: "rag:admin",
    "my.app_is_admin": "true",
  }).toString();
});
after(async () => {
  await rag?.stop();
});

async function search(token: string, extra: { headers?: Record<string, string>; query?: string } = {}) {
  const res = await rag.call(`/search${extra.query ? `?${extra.query}` : ""}`, {
    method: "POST",
    json: { question: WORDS, limit: 50 },
    token,
    headers: extra.headers,
  });
  const b = await body<schemas.SearchResponse>(res);
  assert.equal(res.status, 200, JSON.stringify(b));
  return new Set(b.contexts.map((c) => c.documentId));
}

describe("retrieval: smuggled admin claims change nothing", () => {
  it("a member's search is the same with smuggled headers and query parameters: its own department only", async () => {
    const member = await rag.token({ sub: "member-smuggler" });
    const plain = await search(member);
    assert.deepEqual([...plain], [docs.own], "the fixture: a member sees its own document only");
    assert.deepEqual([...await search(member, { headers: smuggled })], [docs.own], "headers");
    assert.deepEqual([...await search(member, { query })], [docs.own], "query");
    assert.deepEqual([...await search(member, { headers: smuggled, query })], [docs.own], "both");
  });

  it("the administrator's routes still refuse a member who smuggles, and documents stay hidden", async () => {
    const member = await rag.token({ sub: "member-smuggler" });
    for (const path of ["/admin/settings", "/admin/overview", `/admin/documents/${docs.sibling}/publish`]) {
      const method = path.endsWith("publish") ? "POST" : "GET";
      const res = await rag.call(`${path}?${query}`, { method, token: member, headers: smuggled });
      assert.deepEqual([res.status, (await body<Problem>(res)).code], [403, "forbidden"], path);
    }
    for (const key of ["sibling", "restricted", "foreign"]) {
      const res = await rag.call(`/documents/${docs[key]}?${query}`, { token: member, headers: smuggled });
      assert.equal(res.status, 404, key);
    }
  });

  it("strict bodies refuse principal fields instead of reading them", async () => {
    const member = await rag.token({ sub: "member-smuggler" });
    const fields = [
      { tenant_id: rag.otherTenant },
      { tenantId: rag.otherTenant },
      { organizationIds: [rag.dept.b] },
      { clearance_level: 3 },
      { isAdmin: true },
      { principal: { isAdmin: true } },
    ];
    for (const extra of fields) {
      const res = await rag.call("/search", { method: "POST", json: { question: WORDS, ...extra }, token: member });
      const b = await body<Problem & Partial<schemas.SearchResponse>>(res);
      assert.deepEqual([res.status, b.code], [400, "invalid_request"], JSON.stringify(extra));
      assert.equal(b.contexts, undefined);
    }
  });

  it("claims that only resemble the admin marks make no administrator", async () => {
    const lookalikes = [
      { admin: true },
      { is_admin: true },
      { isAdmin: true },
      { directory_admin: "true" },
      { directory_admin: 1 },
      { roles: "rag:admin" },
      { scope: ["rag:admin"] },
      { scope: "rag:admin:read rag:administrator" },
      { scp: ["rag:admin"] },
      { role: "rag:admin" },
      { "rag:admin": true },
      { groups: ["rag:admin"] },
    ];
    for (const claims of lookalikes) {
      const token = await rag.token({ sub: "lookalike", claims });
      assert.equal((await rag.call("/admin/settings", { token })).status, 403, JSON.stringify(claims));
    }
    const real = await rag.token({ sub: "real-admin", claims: { roles: ["rag:admin"] } });
    assert.equal((await rag.call("/admin/settings", { token: real })).status, 200, "roles: [rag:admin] is the mark");
  });

  it("claims that only resemble the installation operator's mark make no operator", async () => {
    const lookalikes = [
      { installation_operator: "true" },
      { installation_operator: 1 },
      { installationOperator: true },
      { operator: true },
      { scope: "rag:admin installation_operator" },
      { roles: ["rag:admin", "installation_operator"] },
    ];
    for (const claims of lookalikes) {
      const token = await rag.token({ sub: "lookalike-operator", admin: true, claims });
      const res = await rag.call("/admin/settings?scope=installation", { token });
      assert.deepEqual(
        [res.status, (await body<Problem>(res)).code],
        [403, "operator_required"],
        JSON.stringify(claims),
      );
    }
    const admin = await rag.token({ sub: "admin-smuggler", admin: true });
    const headers = { ...smuggled, "x-installation-operator": "true", "installation-operator": "true" };
    const smuggledRes = await rag.call("/admin/settings?scope=installation&installation_operator=true", {
      token: admin,
      headers,
    });
    assert.deepEqual([smuggledRes.status, (await body<Problem>(smuggledRes)).code], [403, "operator_required"]);
    const real = await rag.token({ sub: "real-operator", claims: { installation_operator: true } });
    const res = await rag.call("/admin/settings", { token: real });
    assert.equal((await body<schemas.VersionedSettings>(res)).scope, "installation", "the mark is the claim itself");
  });

  it("the gateway's delegated search is the same with smuggled headers and query parameters", async () => {
    const member = await rag.token({ sub: "delegated-smuggler" });
    const run = async (extra: Record<string, string>, q = "") => {
      const res = await rag.app.runtime.app.request(`/api/explore/v1/search${q}`, {
        method: "POST",
        headers: {
          ...extra,
          authorization: `Bearer ${GATEWAY_KEY}`,
          "x-explore-user-token": member,
          "content-type": "application/json",
        },
        body: JSON.stringify({ query: WORDS, limit: 50 }),
      });
      const b = await body<schemas.ExploreSearchResponse>(res);
      assert.equal(res.status, 200, JSON.stringify(b));
      return b.items.map((i) => i.title).sort();
    };
    const plain = await run({});
    assert.deepEqual(plain, [`${WORDS} own`]);
    const { "x-explore-user-token": _, ...headers } = smuggled;
    assert.deepEqual(await run(headers, `?${query}`), plain);
  });
});

describe("directory: smuggled admin marks change nothing", () => {
  it("a portal credential with admin headers, query and claims does not reach the admin API", async () => {
    const jwt = await portalJwt({ claims: { directory_admin: true, roles: ["admin"], scope: "admin directory:read" } });
    for (const bearer of [PORTAL_A_KEY, jwt]) {
      const res = await rag.app.request(`${DIR}/admin/users?admin=true&x-directory-admin-key=${ADMIN_KEY}`, {
        headers: { authorization: `Bearer ${bearer}`, "x-directory-admin": "true", "x-admin": "true" },
      });
      assert.deepEqual([res.status, (await body<Problem>(res)).code], [401, "unauthorized"]);
    }
  });

  it("a reader portal's scope is not widened by headers, query or body", async () => {
    const res = await rag.app.request(`${DIR}/sync-status?scope=directory:sync&scopes=directory:sync`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${READER_KEY}`,
        "content-type": "application/json",
        "x-directory-admin": "true",
        "x-portal-scopes": "directory:sync",
        "x-scope": "directory:sync",
        "x-portal-id": "portal-a",
      },
      body: JSON.stringify({ portalId: "reader", resource: "users", outcome: "success" }),
    });
    assert.deepEqual([res.status, (await body<Problem>(res)).code], [403, "insufficient_scope"]);
  });
});
