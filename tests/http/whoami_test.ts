/**
 * `GET /api/directory/v1/whoami` and `GET /api/v1/me`: what the service took the caller for, from
 * its credential alone, so a portal developer never decodes a JWT by hand; and nothing for a caller
 * whose credential is refused.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, DIR, type Item, type Problem } from "../_helpers/app.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { DISABLED_KEY, portalJwt, READER_KEY, userToken } from "../_helpers/tokens.ts";
import type { WhoAmI } from "@/domain/directory/mod.ts";
import type { schemas } from "@/domain/rag/mod.ts";

let rag: RagTestApp;
before(async () => {
  rag = await startRagApp({}, { workers: false });
});
after(async () => await rag?.stop());

const whoami = (authorization?: string) =>
  rag.app.request(`${DIR}/whoami`, { headers: authorization ? { authorization } : {} });

describe("GET /whoami", () => {
  it("names the portal, how it signed in and its scopes, whatever scopes it holds", async () => {
    const reader = await body<Item<WhoAmI>>(await whoami(`Bearer ${READER_KEY}`));
    assert.deepEqual(reader.data, { portalId: "reader", method: "api_key", scopes: ["directory:read"] });
    const jwt = await body<Item<WhoAmI>>(await whoami(`Bearer ${await portalJwt()}`));
    assert.equal(jwt.data.portalId, "jwt-portal");
    assert.equal(jwt.data.method, "jwt");
    assert.equal(jwt.data.subject, "svc-jwt-portal");
    assert.ok(jwt.data.scopes.includes("directory:sync"));
  });

  it("tells a refused credential nothing about any portal", async () => {
    for (const header of [undefined, `Bearer ${DISABLED_KEY}`, "Bearer nonsense", "Basic abc"]) {
      const res = await whoami(header);
      assert.equal(res.status, 401, String(header));
      const problem = await body<Problem>(res);
      assert.equal(problem.code, "unauthorized");
      assert.doesNotMatch(JSON.stringify(problem), /disabled-portal/);
    }
  });
});

describe("GET /me", () => {
  it("describes the principal every search runs under", async () => {
    const me = await body<schemas.Me>(await rag.call("/me", { token: await rag.token({ clearance: 2 }) }));
    assert.deepEqual(me, {
      sub: "user-1",
      tenantId: rag.tenant,
      organizationId: rag.dept.a,
      organizationSynced: true,
      readableOrganizations: [rag.dept.a, "00000000-0000-4000-8000-0000000000ff"],
      clearance: "CONFIDENTIAL",
      roles: [],
      portalId: null,
    });
  });

  it("shows roles, a whole-tenant reach for an administrator, and an organization the service has not synced", async () => {
    const token = await userToken({
      tenantId: rag.tenant,
      organizationId: crypto.randomUUID(),
      admin: true,
      portalId: "portal-a",
    });
    const me = await body<schemas.Me>(await rag.call("/me", { token }));
    assert.deepEqual(me.roles, ["tenant_admin"]);
    assert.equal(me.readableOrganizations, "tenant");
    assert.equal(me.organizationSynced, false);
    assert.equal(me.portalId, "portal-a");
  });

  it("refuses a bad token with 401 and describes nobody", async () => {
    for (const token of ["nonsense", await userToken({ secret: "another-secret-of-32-bytes-0123456789abc" })]) {
      const res = await rag.call("/me", { token });
      assert.equal(res.status, 401);
      assert.equal((await body<Problem>(res)).code, "unauthorized");
    }
  });
});
