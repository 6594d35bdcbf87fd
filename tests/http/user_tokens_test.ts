import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { createLocalJWKSet, exportJWK, importSPKI, jwtVerify } from "jose";
import { body, type Item, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";

const SECRET = "central-token-secret-for-tests-0123456789";

let app: TestApp;
let dept: schemas.Department;
before(async () => {
  app = await startTestApp({
    CENTRAL_JWT_SECRET: SECRET,
    CENTRAL_JWT_ISSUER: "test-central",
    CENTRAL_JWT_AUDIENCE: "rag-service,search-gateway",
    INSTALLATION_OPERATORS: "Rag.Operator",
  });
  dept = (await body<Item<schemas.Department>>(
    await app.admin("/departments", { method: "POST", json: { code: "RAG", name: "검색팀" } }),
  )).data;
});
after(async () => {
  await app.stop();
});

async function user(fields: Record<string, unknown>): Promise<schemas.DirectoryUser> {
  return (await body<Item<schemas.DirectoryUser>>(await app.admin("/users", { method: "POST", json: fields }))).data;
}

describe("user tokens", () => {
  it("signs tenant, organization and clearance from the directory, for both audiences", async () => {
    const u = await user({ loginId: "token.user", koreanName: "토큰", departmentId: dept.id, clearanceLevel: 2 });
    const res = await app.admin("/user-tokens", { method: "POST", json: { userId: u.id, ttlSeconds: 300 } });
    const issued = (await body<Item<schemas.IssuedUserToken>>(res)).data;
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
    const issued = (await body<Item<schemas.IssuedUserToken>>(
      await app.admin("/user-tokens", { method: "POST", json: { userId: u.id, ragAdmin: true } }),
    ))
      .data;
    const { payload } = await jwtVerify(issued.token, new TextEncoder().encode(SECRET));
    assert.equal(payload.scope, "rag:admin");
    assert.equal(payload.exp! - payload.iat!, 900);
    assert.equal(payload.organization_id, undefined, "no department, no organization claim");
  });

  it("marks an installation operator only for a user INSTALLATION_OPERATORS lists (by login id or id)", async () => {
    const op = await user({ loginId: "rag.operator", koreanName: "운영" });
    const issued = (await body<Item<schemas.IssuedUserToken>>(
      await app.admin("/user-tokens", { method: "POST", json: { userId: op.id, operator: true } }),
    )).data;
    const { payload } = await jwtVerify(issued.token, new TextEncoder().encode(SECRET));
    assert.equal(payload.installation_operator, true);
    assert.equal(payload.scope, undefined, "the operator is no tenant administrator unless asked");
    const plain = (await body<Item<schemas.IssuedUserToken>>(
      await app.admin("/user-tokens", { method: "POST", json: { userId: op.id } }),
    )).data;
    assert.equal(
      (await jwtVerify(plain.token, new TextEncoder().encode(SECRET))).payload.installation_operator,
      undefined,
    );

    const admin = await user({ loginId: "tenant.admin", koreanName: "관리자" });
    const before = await app
      .owner`select count(*)::int as n from directory.audit_log where action = 'user_token.issue'`;
    const res = await app.admin("/user-tokens", {
      method: "POST",
      json: { userId: admin.id, operator: true, ragAdmin: true },
    });
    assert.deepEqual([res.status, (await body<Problem>(res)).code], [403, "operator_required"]);
    const after = await app.owner`select count(*)::int as n from directory.audit_log where action = 'user_token.issue'`;
    assert.equal(after[0].n, before[0].n, "nothing issued, nothing recorded");
    const [audit] = await app.owner`
      select details from directory.audit_log where action = 'user_token.issue' and target_id = ${op.id} order by id limit 1`;
    assert.equal(audit.details.operator, true);
  });

  it("binds a token to a portal only when asked (claim portal_id), and audits it", async () => {
    const u = await user({ loginId: "portal.bound", koreanName: "포털" });
    const issue = async (json: Record<string, unknown>) =>
      (await body<Item<schemas.IssuedUserToken>>(await app.admin("/user-tokens", { method: "POST", json }))).data;
    const bound = await issue({ userId: u.id, portalId: "portal-a" });
    assert.equal((await jwtVerify(bound.token, new TextEncoder().encode(SECRET))).payload.portal_id, "portal-a");
    const plain = await issue({ userId: u.id });
    assert.equal((await jwtVerify(plain.token, new TextEncoder().encode(SECRET))).payload.portal_id, undefined);
    const audits = await app.owner`select details->>'portalId' as portal from directory.audit_log
                                   where action = 'user_token.issue' and target_id = ${u.id} order by id`;
    assert.deepEqual(audits.map((a) => a.portal), ["portal-a", null]);
    for (const portalId of ["", "a:b", "has space", "p".repeat(101), 7]) {
      const res = await app.admin("/user-tokens", { method: "POST", json: { userId: u.id, portalId } });
      assert.deepEqual([res.status, (await body<Problem>(res)).code], [400, "invalid_request"], String(portalId));
    }
  });

  it("refuses users on leave, retired or deactivated with 422, unknown users with 404, bad input with 400", async () => {
    const leave = await user({ loginId: "on.leave", koreanName: "휴직", employmentStatus: "LEAVE" });
    const retired = await user({ loginId: "retired", koreanName: "퇴직", employmentStatus: "RETIRED" });
    const inactive = await user({ loginId: "inactive", koreanName: "비활성", isActive: false });
    for (const u of [leave, retired, inactive]) {
      const res = await app.admin("/user-tokens", { method: "POST", json: { userId: u.id } });
      assert.equal(res.status, 422, u.loginId);
      assert.equal((await body<Problem>(res)).code, "unprocessable");
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
        const u = (await body<Item<schemas.DirectoryUser>>(
          await keyed.admin("/users", { method: "POST", json: { loginId: "k", koreanName: "키" } }),
        ))
          .data;
        const issued = (await body<Item<schemas.IssuedUserToken>>(
          await keyed.admin("/user-tokens", { method: "POST", json: { userId: u.id } }),
        )).data;
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
      const u = (await body<Item<schemas.DirectoryUser>>(
        await bare.admin("/users", { method: "POST", json: { loginId: "n", koreanName: "없음" } }),
      ))
        .data;
      const res = await bare.admin("/user-tokens", { method: "POST", json: { userId: u.id } });
      assert.equal(res.status, 503);
      assert.equal((await body<Problem>(res)).code, "unavailable");
    } finally {
      await bare.stop();
    }
  });
});
