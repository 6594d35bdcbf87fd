/**
 * The security matrix of user tokens (CONTRACT 2.1) at the verifier the retrieval service builds
 * from its configuration (`createTokenVerifier`): HS256 with CENTRAL_JWT_SECRET, RS256/ES256/EdDSA
 * with CENTRAL_JWT_PUBLIC_KEY as PEM or JWKS, and every way a token can be wrong: `alg: none`,
 * HS/RS confusion (an HMAC over the public key's own text), another algorithm of the same key,
 * wrong or missing `iss`, an audience outside the list, missing `exp`, `iat` or `sub`, expiry, `nbf`
 * ahead, a lifetime beyond RAG_MAX_TOKEN_TTL_SECONDS or one that starts in the future, tampering,
 * and headers that try to bring their own key. Every refusal is `unauthorized`
 * and its message carries neither the token nor the key. Over HTTP, a service configured with a
 * PEM public key only admits that key's tokens on /api/v1 and through the gateway's delegated
 * token, and refuses HS256 tokens whose secret is the PEM text.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { exportPKCS8, importPKCS8 } from "jose";
import { createTokenVerifier, type TokenSettings } from "@/domain/rag/mod.ts";
import { AppError } from "@/domain/errors.ts";
import { startTestApp } from "../_helpers/app.ts";
import {
  ASYMMETRIC,
  b64url,
  flipSignature,
  forge,
  hmacRaw,
  type SigningKey,
  signingKey,
  signWith,
  swapPayload,
} from "../_helpers/signing_keys.ts";

const SECRET = "test-central-jwt-secret-0123456789-abcdefghij";
const ISSUER = "test-console";
const AUDIENCES = ["rag-service", "search-gateway"];
const TENANT = "6f1c2a3e-4b5d-4e6f-8a7b-9c0d1e2f3a4b";
const ORG = "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d";

const now = () => Math.floor(Date.now() / 1000);

/** Valid claims of a member of ORG in TENANT at INTERNAL clearance. */
function claims(extra: Record<string, unknown> = {}, omit: string[] = []): Record<string, unknown> {
  const c: Record<string, unknown> = {
    iss: ISSUER,
    aud: AUDIENCES[0],
    sub: "user-1",
    iat: now(),
    exp: now() + 300,
    tenant_id: TENANT,
    organization_id: ORG,
    clearance_level: 1,
    ...extra,
  };
  for (const k of omit) delete c[k];
  return c;
}

const settings = (s: Partial<TokenSettings>): TokenSettings => ({
  issuer: ISSUER,
  audience: AUDIENCES,
  maxTtlSeconds: 3600,
  ...s,
});

async function refused(verify: (t: string | undefined) => Promise<unknown>, token: string, label: string) {
  try {
    await verify(token);
  } catch (err) {
    assert.ok(err instanceof AppError, `${label}: ${err}`);
    assert.equal(err.code, "unauthorized", label);
    const [, , signature] = token.split(".");
    for (const secret of [token, SECRET, signature].filter((s) => s && s.length > 8)) {
      assert.ok(!err.message.includes(secret!), `${label}: the refusal echoes what was presented`);
    }
    return;
  }
  assert.fail(`${label}: the token was accepted`);
}

describe("user tokens signed with CENTRAL_JWT_SECRET (HS256)", () => {
  it("accepts a valid token for either audience of the list, with aud as a string or an array", async () => {
    const verify = await createTokenVerifier(settings({ secret: SECRET }));
    for (const aud of ["rag-service", "search-gateway", ["other", "search-gateway"]]) {
      const p = await verify(await signWith(claims({ aud }), "HS256", SECRET));
      assert.deepEqual(p, {
        sub: "user-1",
        tenantId: TENANT,
        organizationId: ORG,
        clearance: 1,
        isAdmin: false,
        isOperator: false,
        portalId: null,
      });
    }
    assert.equal((await verify(await hmacRaw({ alg: "HS256" }, claims(), SECRET))).sub, "user-1", "hand-signed");
    const portal = async (claim: unknown) =>
      (await verify(await signWith(claims({ portal_id: claim }), "HS256", SECRET))).portalId;
    assert.equal(await portal("portal-a"), "portal-a", "a portal_id claim binds the token to that portal");
    for (const claim of ["", "a:b", "a b", ["portal-a"], { id: "portal-a" }, 7, "p".repeat(101)]) {
      assert.equal(await portal(claim), null, `portal_id ${JSON.stringify(claim)} binds no portal`);
    }
  });

  it("refuses every malformed, unsigned, mis-signed or mis-claimed token", async () => {
    const verify = await createTokenVerifier(settings({ secret: SECRET }));
    const good = await signWith(claims(), "HS256", SECRET);
    const other = await signingKey("RS256");
    const cases: Array<[string, string]> = [
      ["alg none, no signature", forge({ alg: "none", typ: "JWT" }, claims())],
      ["alg None", forge({ alg: "None" }, claims())],
      ["alg NONE with the real signature kept", `${forge({ alg: "NONE" }, claims())}${good.split(".")[2]}`],
      ["alg none with a valid token's header swapped", `${b64url({ alg: "none" })}.${good.split(".")[1]}.`],
      ["HS384 with the right secret", await signWith(claims(), "HS384", SECRET)],
      ["HS512 with the right secret", await signWith(claims(), "HS512", SECRET)],
      ["RS256 with a stranger's key", await signWith(claims(), "RS256", other.privateKey)],
      [
        "RS256 header over an HMAC signature",
        `${b64url({ alg: "RS256" })}.${good.split(".")[1]}.${good.split(".")[2]}`,
      ],
      ["wrong secret", await signWith(claims(), "HS256", `${SECRET}-but-another`)],
      ["tampered signature", flipSignature(good)],
      ["signature removed", `${good.split(".").slice(0, 2).join(".")}.`],
      ["tampered payload (admin added)", swapPayload(good, claims({ scope: "rag:admin", directory_admin: true }))],
      ["tampered payload (other tenant)", swapPayload(good, claims({ tenant_id: ORG }))],
      ["wrong iss", await signWith(claims({ iss: "someone-else" }), "HS256", SECRET)],
      ["missing iss", await signWith(claims({}, ["iss"]), "HS256", SECRET)],
      ["aud not in the list", await signWith(claims({ aud: "directory-api" }), "HS256", SECRET)],
      ["aud array outside the list", await signWith(claims({ aud: ["a", "b"] }), "HS256", SECRET)],
      ["missing aud", await signWith(claims({}, ["aud"]), "HS256", SECRET)],
      ["missing exp", await signWith(claims({}, ["exp"]), "HS256", SECRET)],
      ["exp as a string", await signWith(claims({ exp: String(now() + 300) }), "HS256", SECRET)],
      ["expired beyond the leeway", await signWith(claims({ exp: now() - 61 }), "HS256", SECRET)],
      ["nbf ahead beyond the leeway", await signWith(claims({ nbf: now() + 120 }), "HS256", SECRET)],
      ["iat not a number", await signWith(claims({ iat: "yesterday" }), "HS256", SECRET)],
      ["missing iat", await signWith(claims({}, ["iat"]), "HS256", SECRET)],
      ["living longer than the configured maximum", await signWith(claims({ exp: now() + 3601 }), "HS256", SECRET)],
      [
        "issued in the future, an allowed lifetime from then",
        await signWith(claims({ iat: now() + 86_400, exp: now() + 86_400 + 600 }), "HS256", SECRET),
      ],
      ["missing sub", await signWith(claims({}, ["sub"]), "HS256", SECRET)],
      ["empty sub", await signWith(claims({ sub: "" }), "HS256", SECRET)],
      ["sub not a string", await signWith(claims({ sub: 42 }), "HS256", SECRET)],
      [
        "unknown critical header",
        await hmacRaw({ alg: "HS256", crit: ["x-must"], "x-must": 1 }, claims(), SECRET),
      ],
      [
        "HS256 signed by hand with the right secret but alg HS512 announced",
        await hmacRaw({ alg: "HS512" }, claims(), SECRET),
      ],
      ["two parts only", good.split(".").slice(0, 2).join(".")],
      ["garbage", "not-a-token-at-all-0123456789"],
      ["four parts", `${good}.extra`],
    ];
    for (const [label, token] of cases) await refused(verify, token, label);
  });

  it("refuses every token, the valid ones too, when no key is configured", async () => {
    const verify = await createTokenVerifier(settings({}));
    await refused(verify, await signWith(claims(), "HS256", SECRET), "valid HS256 without a configured key");
    await refused(verify, forge({ alg: "none" }, claims()), "alg none without a configured key");
    await assert.rejects(verify(undefined), (e: unknown) => e instanceof AppError && e.code === "unauthorized");
  });
});

/** Tokens that use the public key's own material as an HMAC secret (the classic HS/RS confusion). */
async function confusionTokens(key: SigningKey): Promise<Array<[string, string]>> {
  const body = key.publicPem.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
  const material: Array<[string, string]> = [
    ["the PEM text", key.publicPem],
    ["the PEM text without its final newline", key.publicPem.trimEnd()],
    ["the PEM body (base64 DER)", body],
    ["the JWKS text", key.jwksText],
    ["the JWK as JSON", JSON.stringify(key.publicJwk)],
  ];
  for (const field of ["n", "x"] as const) {
    const v = key.publicJwk[field];
    if (typeof v === "string") material.push([`the JWK's ${field}`, v]);
  }
  return await Promise.all(
    material.map(async ([what, secret]) => [`HS256 signed with ${what}`, await signWith(claims(), "HS256", secret)]),
  );
}

/** For an RSA key, tokens its own private key signs with RS384, RS512 and PS256: only RS256 is admitted. */
async function otherAlgorithmsOfSameKey(key: SigningKey): Promise<Array<[string, string]>> {
  if (key.alg !== "RS256") return [];
  const pkcs8 = await exportPKCS8(key.privateKey);
  return await Promise.all(["RS384", "RS512", "PS256"].map(async (alg): Promise<[string, string]> => [
    `${alg} with the same private key`,
    await signWith(claims(), alg, await importPKCS8(pkcs8, alg)),
  ]));
}

for (const alg of ASYMMETRIC) {
  describe(`user tokens signed with a ${alg} key (CENTRAL_JWT_PUBLIC_KEY)`, () => {
    for (const form of ["PEM", "JWKS"] as const) {
      it(`accepts the right key given as ${form}, and refuses strangers, none and HS/RS confusion`, async () => {
        const key = await signingKey(alg);
        const verify = await createTokenVerifier(
          settings({ publicKey: form === "PEM" ? key.publicPem : key.jwksText }),
        );
        const p = await verify(await signWith(claims({ scope: "rag:admin" }), alg, key.privateKey));
        assert.deepEqual([p.sub, p.tenantId, p.isAdmin], ["user-1", TENANT, true]);

        const stranger = await signingKey(alg);
        const otherAlg = ASYMMETRIC.find((a) => a !== alg)!;
        const cases: Array<[string, string]> = [
          ["a stranger's key of the same type", await signWith(claims(), alg, stranger.privateKey)],
          [`${otherAlg} with another key`, await signWith(claims(), otherAlg, (await signingKey(otherAlg)).privateKey)],
          ["alg none", forge({ alg: "none" }, claims())],
          ["tampered signature", flipSignature(await signWith(claims(), alg, key.privateKey))],
          [
            "a stranger's key announced in the jwk header",
            await signWith(claims(), alg, stranger.privateKey, { jwk: stranger.publicJwk }),
          ],
          ["expired", await signWith(claims({ exp: now() - 3600 }), alg, key.privateKey)],
          ["aud not in the list", await signWith(claims({ aud: "elsewhere" }), alg, key.privateKey)],
          ["wrong iss", await signWith(claims({ iss: "elsewhere" }), alg, key.privateKey)],
          ...await confusionTokens(key),
          ...await otherAlgorithmsOfSameKey(key),
        ];
        for (const [label, token] of cases) await refused(verify, token, `${alg}/${form}: ${label}`);
      });
    }

    it("with both a secret and a public key: each signs for its own algorithm, and the key is never a secret", async () => {
      const key = await signingKey(alg);
      const verify = await createTokenVerifier(settings({ secret: SECRET, publicKey: key.publicPem }));
      assert.equal((await verify(await signWith(claims(), "HS256", SECRET))).sub, "user-1");
      assert.equal((await verify(await signWith(claims(), alg, key.privateKey))).sub, "user-1");
      for (const [label, token] of await confusionTokens(key)) await refused(verify, token, `${alg}+secret: ${label}`);
    });
  });
}

describe("over HTTP, with CENTRAL_JWT_PUBLIC_KEY alone", () => {
  it("/api/v1 and the gateway's delegated token admit the key's tokens and refuse HS/RS confusion and none", async () => {
    const key = await signingKey("RS256");
    const gateway = "confusion-gateway-key-0123456789abcdef";
    const app = await startTestApp({
      CENTRAL_JWT_PUBLIC_KEY: key.publicPem,
      CENTRAL_JWT_ISSUER: ISSUER,
      CENTRAL_JWT_AUDIENCE: AUDIENCES.join(","),
      RAG_EXPLORE_GATEWAY_API_KEY: gateway,
    });
    try {
      const direct = async (token: string) =>
        (await app.request(`/api/v1/documents/${crypto.randomUUID()}`, {
          headers: { authorization: `Bearer ${token}` },
        }))
          .status;
      const delegated = async (token: string) =>
        (await app.request("/api/explore/v1/search", {
          method: "POST",
          headers: {
            authorization: `Bearer ${gateway}`,
            "x-explore-user-token": token,
            "content-type": "application/json",
          },
          body: JSON.stringify({ query: "규정" }),
        })).status;
      const good = await signWith(claims(), "RS256", key.privateKey);
      assert.equal(await direct(good), 404, "a valid token reaches the route (no such document)");
      assert.notEqual(await delegated(good), 401, "a valid delegated token passes");
      const refused = [
        ...(await confusionTokens(key)).map(([, t]) => t),
        await signWith(claims(), "HS256", SECRET),
        forge({ alg: "none" }, claims()),
        await signWith(claims(), "RS256", (await signingKey("RS256")).privateKey),
      ];
      for (const token of refused) {
        assert.equal(await direct(token), 401);
        assert.equal(await delegated(token), 401);
      }
    } finally {
      await app.stop();
    }
  });
});
