import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, DIR, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { until } from "../_helpers/poll.ts";
import { ADMIN_KEY, DISABLED_KEY, JWT, portalJwt, READER_KEY, unsignedJwt } from "../_helpers/tokens.ts";

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(async () => {
  await app.stop();
});

const asBearer = (token: string) =>
  app.request(`${DIR}/users?limit=1`, { headers: { authorization: `Bearer ${token}` } });

async function expectStatus(res: Response, status: number, code: string, label: string) {
  const b = await body<Problem>(res);
  assert.equal(res.status, status, `${label}: ${JSON.stringify(b)}`);
  assert.equal(b.code, code, label);
  assert.equal(res.headers.get("content-type"), "application/problem+json", label);
}

describe("portal credentials", () => {
  it("accepts an API key and a valid JWT (azp or client_id, scope or scp)", async () => {
    assert.equal((await asBearer("test-portal-a-key-0123456789abcdef")).status, 200);
    assert.equal((await asBearer(await portalJwt())).status, 200);
    assert.equal((await asBearer(await portalJwt({ omit: ["azp"], claims: { client_id: "cid-portal" } }))).status, 200);
    assert.equal(
      (await asBearer(await portalJwt({ omit: ["scope"], claims: { scp: ["directory:read"] } }))).status,
      200,
    );
    assert.equal((await asBearer(await portalJwt({ claims: { aud: ["other", JWT.audience] } }))).status, 200);
  });

  it("accepts a token within the 60 s leeway of exp and nbf", async () => {
    assert.equal((await asBearer(await portalJwt({ expiresInSeconds: -30 }))).status, 200);
    assert.equal((await asBearer(await portalJwt({ notBeforeSeconds: 30 }))).status, 200);
  });

  const refusals: Array<[string, () => Promise<string> | string]> = [
    ["expired", () => portalJwt({ expiresInSeconds: -120 })],
    ["nbf ahead", () => portalJwt({ notBeforeSeconds: 120 })],
    ["wrong issuer", () => portalJwt({ claims: { iss: "someone-else" } })],
    ["missing issuer", () => portalJwt({ omit: ["iss"] })],
    ["wrong audience", () => portalJwt({ claims: { aud: "other-api" } })],
    ["no azp and no client_id", () => portalJwt({ omit: ["azp"] })],
    ["an azp no portal is configured with", () => portalJwt({ claims: { azp: "stranger-portal" } })],
    ["a client_id no portal is configured with", () => portalJwt({ omit: ["azp"], claims: { client_id: "stranger" } })],
    ["empty azp", () => portalJwt({ claims: { azp: "" } })],
    ["missing sub", () => portalJwt({ omit: ["sub"] })],
    ["missing exp", () => portalJwt({ omit: ["exp"] })],
    ["alg none", () => unsignedJwt()],
    ["wrong secret", () => portalJwt({ secret: "another-secret-that-is-long-enough-0123456789" })],
    ["HS512 instead of HS256", () => portalJwt({ alg: "HS512" })],
    ["tampered payload", async () => {
      const [h, , s] = (await portalJwt()).split(".");
      const payload = btoa(
        JSON.stringify({ iss: JWT.issuer, aud: JWT.audience, sub: "x", azp: "evil", exp: 9999999999 }),
      )
        .replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
      return `${h}.${payload}.${s}`;
    }],
    ["disabled key", () => DISABLED_KEY],
    ["unknown key", () => "no-such-key-0123456789abcdefgh"],
  ];
  for (const [label, make] of refusals) {
    it(`refuses a credential: ${label}`, async () => {
      await expectStatus(await asBearer(await make()), 401, "unauthorized", label);
    });
  }

  it("refuses a missing or non-bearer Authorization header", async () => {
    await expectStatus(await app.request(`${DIR}/users`), 401, "unauthorized", "none");
    await expectStatus(
      await app.request(`${DIR}/users`, { headers: { authorization: "Basic YTpi" } }),
      401,
      "unauthorized",
      "basic",
    );
  });

  it("refuses a missing scope with 403 insufficient_scope (API key and JWT)", async () => {
    const res = await app.portal("/sync-status", {
      method: "POST",
      key: READER_KEY,
      json: { portalId: "reader", resource: "users", outcome: "success" },
    });
    await expectStatus(res, 403, "insufficient_scope", "reader key");
    const token = await portalJwt({ claims: { scope: "glossary:read" } });
    await expectStatus(await asBearer(token), 403, "insufficient_scope", "jwt without directory:read");
    const noScope = await portalJwt({ omit: ["scope"] });
    await expectStatus(await asBearer(noScope), 403, "insufficient_scope", "jwt without any scope");
  });

  it("counts failures attributable to a portal and shows them beside its sync status", async () => {
    await asBearer(DISABLED_KEY);
    await asBearer(await portalJwt({ claims: { azp: "expired-portal" }, expiresInSeconds: -600 }));
    await asBearer(
      await portalJwt({ claims: { azp: "forged-portal" }, secret: "a-forger-secret-that-is-long-enough-0123" }),
    );
    // Failures are recorded after the refusal is answered.
    const syncView = async () =>
      (await body<{ data: { items: schemas.PortalSync[] } }>(await app.admin("/sync-status"))).data.items;
    await until("both failures are recorded", async () => {
      const v = await syncView();
      return ["disabled-portal", "expired-portal"].every((id) => v.find((p) => p.portalId === id)?.credentialFailures);
    }, 10_000);
    const view = await syncView();
    const disabled = view.find((p) => p.portalId === "disabled-portal");
    assert.equal(disabled?.credentialFailures?.lastReason, "API key is disabled");
    assert.equal(disabled?.needsCheck, true);
    assert.match(view.find((p) => p.portalId === "expired-portal")?.credentialFailures?.lastReason ?? "", /exp/);
    assert.equal(view.find((p) => p.portalId === "forged-portal"), undefined, "a bad signature names no portal");
  });

  it("audits every refusal with who the caller proved to be", async () => {
    await app.request(`${DIR}/users`, { headers: { authorization: "Bearer nope-nope-nope-nope-nope" } });
    await app.portal("/sync-status", {
      method: "POST",
      json: { portalId: "portal-b", resource: "users", outcome: "success" },
    });
    const refusals = () =>
      app.owner`select actor_kind, actor_id, details from directory.audit_log
                where action = 'access.refused' order by id`;
    await until("both refusals are audited", async () => (await refusals()).length >= 2, 10_000);
    const rows = await refusals();
    assert.ok(rows.some((r) => r.actor_kind === "anonymous" && r.details.code === "unauthorized"));
    const mismatch = rows.find((r) => r.details.code === "portal_mismatch");
    assert.equal(mismatch?.actor_kind, "portal");
    assert.equal(mismatch?.actor_id, "portal-a");
    assert.ok(rows.every((r) => !JSON.stringify(r).includes("nope-nope")), "the presented credential is never stored");
  });

  it("rate-limits per credential with 429 rate_limited and Retry-After", async () => {
    const limited = await startTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await limited.portal("/users?limit=1")).status);
      assert.deepEqual(codes, [200, 200, 200, 429]);
      const res = await limited.portal("/users?limit=1");
      await expectStatus(res.clone(), 429, "rate_limited", "fifth");
      assert.ok(Number(res.headers.get("retry-after")) >= 1);
      assert.equal(
        (await limited.portal("/users?limit=1", { key: READER_KEY })).status,
        200,
        "other credentials are unaffected",
      );
    } finally {
      await limited.stop();
    }
  });
});

describe("admin credentials", () => {
  it("refuses a missing, unknown and disabled admin key", async () => {
    await expectStatus(await app.request(`${DIR}/admin/users`), 401, "unauthorized", "missing");
    const unknown = await app.request(`${DIR}/admin/users`, { headers: { "x-directory-admin-key": "x".repeat(30) } });
    await expectStatus(unknown, 401, "unauthorized", "unknown");
    const retired = await app.request(`${DIR}/admin/users`, {
      headers: { "x-directory-admin-key": "test-retired-admin-key-0123456789" },
    });
    await expectStatus(retired, 401, "unauthorized", "disabled");
  });

  it("fails closed when no admin key is configured", async () => {
    const closed = await startTestApp({ CENTRAL_ADMIN_API_KEYS_JSON: "[]" });
    try {
      for (const path of ["/users", "/companies", "/sync-status", "/audit-log"]) {
        const res = await closed.request(`${DIR}/admin${path}`, { headers: { "x-directory-admin-key": ADMIN_KEY } });
        await expectStatus(res, 401, "unauthorized", path);
      }
    } finally {
      await closed.stop();
    }
  });
});

describe("fail-closed portal API", () => {
  it("answers 404 on every portal path, API keys included, when PORTAL_JWT_SECRET is not set", async () => {
    const closed = await startTestApp({ PORTAL_JWT_SECRET: "", PORTAL_JWT_ISSUER: "", PORTAL_JWT_AUDIENCE: "" });
    try {
      for (const path of ["/users", "/departments", "/companies", `/users/${crypto.randomUUID()}`]) {
        await expectStatus(await closed.portal(path), 404, "not_found", path);
      }
      const post = await closed.portal("/sync-status", {
        method: "POST",
        json: { portalId: "portal-a", resource: "users", outcome: "success" },
      });
      await expectStatus(post, 404, "not_found", "sync-status");
      assert.equal((await closed.admin("/users")).status, 200, "the admin API stays available");
    } finally {
      await closed.stop();
    }
  });

  it("has no /groups or /permission-check route", async () => {
    for (const path of ["/groups", "/permission-check", "/admin/groups", "/admin/permission-check"]) {
      for (const method of ["GET", "POST"]) {
        const res = await app.portal(path, { method });
        assert.equal(res.status, 404, `${method} ${path}`);
      }
    }
  });
});
