// deno-lint-ignore-file no-explicit-any
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { createLocalJWKSet, exportJWK, importSPKI, jwtVerify } from "jose";
import { body, startTestApp, type TestApp } from "../_helpers/app.ts";

type Json = Record<string, any>;
const SECRET = "central-token-secret-for-tests-0123456789";

let app: TestApp;
let dept: Json;
before(async () => {
  app = await startTestApp({
    CENTRAL_JWT_SECRET: SECRET,
    CENTRAL_JWT_ISSUER: "test-central",
    CENTRAL_JWT_AUDIENCE: "rag-service,search-gateway",
  });
  dept =
    (await body<Json>(await app.admin("/departments", { method: "POST", json: { code: "RAG", name: "검색팀" } }))).data;
});
after(async () => {
  await app.stop();
});

async function user(fields: Json): Promise<Json> {
  return (await body<Json>(await app.admin("/users", { method: "POST", json: fields }))).data;
}

describe("user tokens", () => {
  it("signs tenant, organization and clearance from the directory, for both audiences", async () => {
    const u = await user({ loginId: "token.user", koreanName: "토큰", departmentId: dept.id, clearanceLevel: 2 });
    const res = await app.admin("/user-tokens", { method: "POST", json: { userId: u.id, ttlSeconds: 300 } });
    const issued = (await body<Json>(res)).data;
    assert.equal(res.status, 200);
    const { payload, protectedHeader } = await jwtVerify(issued.token, new TextEncoder().encode(SECRET), {
      issuer: "test-central",
      audience: "search-gateway",
    });
    assert.equal(protectedHeader.alg, "HS256");
    assert.equal(payload.sub, u.id);
    assert.equal(payload.tenant_id, u.companyId);
    assert.equal(payload.organization_id, dept.id);
    assert.equal(payload.clearance_level, 2);
    assert.equal(payload.companyDefaultLocale, "ko");
    assert.equal(payload.exp! - payload.iat!, 300);
    assert.deepEqual(payload.aud, ["rag-service", "search-gateway"]);
    assert.equal(payload.scope, undefined);
    const [audit] = await app.owner`select details from directory.audit_log where action = 'user_token.issue'`;
    assert.equal(audit.details.jti, payload.jti);
    assert.ok(!JSON.stringify(audit).includes(issued.token), "the token itself is never stored");
  });

  it("adds rag:admin only when asked, and defaults the lifetime to 900 s", async () => {
    const u = await user({ loginId: "rag.admin", koreanName: "관리" });
    const issued =
      (await body<Json>(await app.admin("/user-tokens", { method: "POST", json: { userId: u.id, ragAdmin: true } })))
        .data;
    const { payload } = await jwtVerify(issued.token, new TextEncoder().encode(SECRET));
    assert.equal(payload.scope, "rag:admin");
    assert.equal(payload.exp! - payload.iat!, 900);
    assert.equal(payload.organization_id, undefined, "no department, no organization claim");
  });

  it("refuses users on leave, retired or deactivated with 422, unknown users with 404, bad input with 400", async () => {
    const leave = await user({ loginId: "on.leave", koreanName: "휴직", employmentStatus: "LEAVE" });
    const retired = await user({ loginId: "retired", koreanName: "퇴직", employmentStatus: "RETIRED" });
    const inactive = await user({ loginId: "inactive", koreanName: "비활성", isActive: false });
    for (const u of [leave, retired, inactive]) {
      const res = await app.admin("/user-tokens", { method: "POST", json: { userId: u.id } });
      assert.equal(res.status, 422, u.loginId);
      assert.equal((await body<Json>(res)).code, "unprocessable");
    }
    assert.equal(
      (await app.admin("/user-tokens", { method: "POST", json: { userId: crypto.randomUUID() } })).status,
      404,
    );
    for (
      const json of [{ userId: leave.id, ttlSeconds: 3601 }, { userId: leave.id, ttlSeconds: 10 }, { userId: "x" }, {
        userId: leave.id,
        admin: true,
      }]
    ) {
      assert.equal((await app.admin("/user-tokens", { method: "POST", json })).status, 400, JSON.stringify(json));
    }
    assert.equal((await app.request("/api/directory/v1/admin/user-tokens", { method: "POST" })).status, 401);
  });

  it("signs with a configured private key (RS256, ES256, EdDSA) verifiable with its public key", async () => {
    for (
      const [type, options, alg] of [["rsa", { modulusLength: 2048 }, "RS256"], [
        "ec",
        { namedCurve: "P-256" },
        "ES256",
      ], ["ed25519", {}, "EdDSA"]] as const
    ) {
      const { privateKey, publicKey } =
        (generateKeyPairSync as (t: string, o: object) => { privateKey: KeyObject; publicKey: KeyObject })(
          type,
          options,
        );
      const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
      const spki = publicKey.export({ type: "spki", format: "pem" }).toString();
      const keyed = await startTestApp({ CENTRAL_JWT_PRIVATE_KEY: pem, CENTRAL_JWT_ISSUER: "test-central" });
      try {
        const u =
          (await body<Json>(await keyed.admin("/users", { method: "POST", json: { loginId: "k", koreanName: "키" } })))
            .data;
        const issued =
          (await body<Json>(await keyed.admin("/user-tokens", { method: "POST", json: { userId: u.id } }))).data;
        const { payload, protectedHeader } = await jwtVerify(issued.token, await importSPKI(spki, alg));
        assert.equal(protectedHeader.alg, alg);
        assert.equal(payload.sub, u.id);
        const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(await importSPKI(spki, alg))), alg }] });
        assert.equal((await jwtVerify(issued.token, jwks)).payload.sub, u.id);
      } finally {
        await keyed.stop();
      }
    }
  });

  it("answers 503 when no signing key is configured", async () => {
    const bare = await startTestApp();
    try {
      const u =
        (await body<Json>(await bare.admin("/users", { method: "POST", json: { loginId: "n", koreanName: "없음" } })))
          .data;
      const res = await bare.admin("/user-tokens", { method: "POST", json: { userId: u.id } });
      assert.equal(res.status, 503);
      assert.equal((await body<Json>(res)).code, "unavailable");
    } finally {
      await bare.stop();
    }
  });
});
