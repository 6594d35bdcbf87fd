/**
 * The security matrix of portal JWTs (CONTRACT 1.1) at the authenticator the directory builds
 * (`createPortalAuthenticator`), for the cases tests/http/directory_auth_test.ts leaves out:
 * `alg: none` in every spelling, HS/RS confusion (the portal API admits HS256 only, so any
 * asymmetric token is refused however it was signed), other HMAC strengths of the right secret,
 * tampered or stripped signatures, missing or foreign `aud`, claims of the wrong type, unknown
 * critical headers, and scopes in shapes the contract does not name. A refusal never echoes the
 * token, and only a token with a valid signature may name the portal it is held against. Even a
 * token signed with the right secret must name a configured portal (an enabled API key's, or one
 * of PORTAL_JWT_PORTAL_IDS): an unknown `azp` or `client_id` is refused and credited to nobody.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { type Authenticated, createPortalAuthenticator, type PortalPrincipal } from "@/domain/directory/mod.ts";
import { JWT, PORTAL_A_KEY } from "../_helpers/tokens.ts";
import {
  ASYMMETRIC,
  b64url,
  flipSignature,
  forge,
  hmacRaw,
  signingKey,
  signWith,
  swapPayload,
} from "../_helpers/signing_keys.ts";

const ALL = "directory:read directory:sync authorization:sync glossary:read glossary:write";
const now = () => Math.floor(Date.now() / 1000);

function claims(extra: Record<string, unknown> = {}, omit: string[] = []): Record<string, unknown> {
  const c: Record<string, unknown> = {
    iss: JWT.issuer,
    aud: JWT.audience,
    sub: "svc-portal",
    azp: "jwt-portal",
    scope: ALL,
    iat: now(),
    exp: now() + 300,
    ...extra,
  };
  for (const k of omit) delete c[k];
  return c;
}

const authenticate = createPortalAuthenticator(
  [
    { portalId: "portal-a", apiKey: PORTAL_A_KEY, scopes: ["directory:read"], enabled: true },
    { portalId: "switched-off", apiKey: `${PORTAL_A_KEY}-off`, scopes: ["directory:read"], enabled: false },
  ],
  { ...JWT, portalIds: ["jwt-portal", "late-portal", "victim"] },
);

const hs256 = (c: Record<string, unknown>) => signWith(c, "HS256", JWT.secret);

async function principal(token: string): Promise<PortalPrincipal> {
  const r: Authenticated<PortalPrincipal> = await authenticate(token);
  if ("failure" in r) assert.fail(`refused: ${r.failure.reason}`);
  return r.principal;
}

async function refusal(token: string, label: string) {
  const r = await authenticate(token);
  assert.ok("failure" in r, `${label}: accepted`);
  const [, , signature] = token.split(".");
  for (const presented of [token, signature, JWT.secret].filter((s) => s && s.length > 8)) {
    assert.ok(!r.failure.reason.includes(presented), `${label}: the reason echoes what was presented`);
  }
  return r.failure;
}

describe("portal JWTs: algorithms and signatures", () => {
  it("accepts an HS256 token, signed by the library or by hand", async () => {
    assert.equal((await principal(await hs256(claims()))).portalId, "jwt-portal");
    assert.equal(
      (await principal(await hmacRaw({ alg: "HS256", typ: "JWT" }, claims(), JWT.secret))).subject,
      "svc-portal",
    );
  });

  it("refuses alg none in every spelling, with or without a signature part, and names no portal", async () => {
    const good = await hs256(claims());
    for (const alg of ["none", "None", "NONE", "nOnE", "", null]) {
      const failure = await refusal(forge({ alg, typ: "JWT" }, claims()), `alg ${alg}`);
      assert.equal(failure.portalId, undefined, `alg ${alg}`);
      await refusal(`${forge({ alg }, claims())}${good.split(".")[2]}`, `alg ${alg} with a real signature`);
    }
    await refusal(forge({ typ: "JWT" }, claims()), "no alg at all");
  });

  it("refuses HS/RS confusion: any asymmetric algorithm, whatever key signed it", async () => {
    for (const alg of ASYMMETRIC) {
      const key = await signingKey(alg);
      await refusal(await signWith(claims(), alg, key.privateKey), `${alg} with its own key`);
    }
    const good = await hs256(claims());
    const [, payload, signature] = good.split(".");
    await refusal(`${b64url({ alg: "RS256" })}.${payload}.${signature}`, "RS256 header over the HMAC signature");
    await refusal(await hmacRaw({ alg: "RS256" }, claims(), JWT.secret), "an HMAC by the secret announced as RS256");
  });

  it("refuses other HMAC strengths of the right secret, and unknown critical headers", async () => {
    await refusal(await signWith(claims(), "HS384", JWT.secret), "HS384");
    await refusal(await hmacRaw({ alg: "HS512" }, claims(), JWT.secret), "HS256 bytes announced as HS512");
    await refusal(await hmacRaw({ alg: "HS256", crit: ["exp2"], exp2: 1 }, claims(), JWT.secret), "crit");
  });

  it("refuses a flipped or stripped signature and a payload swapped under a valid signature, naming no portal", async () => {
    const good = await hs256(claims({ azp: "portal-a" }));
    for (
      const [label, token] of [
        ["flipped signature", flipSignature(good)],
        ["stripped signature", `${good.split(".").slice(0, 2).join(".")}.`],
        ["swapped payload", swapPayload(good, claims({ azp: "portal-a", scope: ALL, exp: now() + 99999 }))],
      ] as const
    ) {
      assert.equal((await refusal(token, label)).portalId, undefined, label);
    }
  });
});

describe("portal JWTs: claims", () => {
  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ["missing aud", {}, ["aud"]],
    ["aud array without ours", { aud: ["a", "b"] }, []],
    ["aud of the retrieval service", { aud: "rag-service" }, []],
    ["iss of another issuer with our audience", { iss: "rag-console" }, []],
    ["exp as a string", { exp: String(now() + 300) }, []],
    ["nbf as a string", { nbf: String(now()) }, []],
    ["iat not a number", { iat: "now" }, []],
    ["empty sub", { sub: "" }, []],
    ["sub not a string", { sub: 7 }, []],
    ["azp empty and no client_id", { azp: " " }, []],
    ["azp not a string and no client_id", { azp: 42 }, []],
    ["client_id empty and no azp", { client_id: "" }, ["azp"]],
  ];
  for (const [label, extra, omit] of cases) {
    it(`refuses a validly signed token with ${label}`, async () => {
      await refusal(await hs256(claims(extra, omit)), label);
    });
  }

  it("attributes a claim failure to the portal only when the signature is valid", async () => {
    const expired = await hs256(claims({ azp: "late-portal", exp: now() - 3600 }));
    assert.equal((await refusal(expired, "expired")).portalId, "late-portal");
    const forged = await signWith(claims({ azp: "victim", exp: now() - 3600 }), "HS256", `${JWT.secret}-forger`);
    assert.equal((await refusal(forged, "forged")).portalId, undefined);
  });

  it("refuses a validly signed token naming a portal that is not configured, and credits nobody", async () => {
    for (
      const [label, extra, omit] of [
        ["an unknown azp", { azp: "stranger-portal" }, []],
        ["an unknown client_id", { client_id: "stranger-portal" }, ["azp"]],
        ["the portal of a disabled API key", { azp: "switched-off" }, []],
        ["an unknown azp, expired", { azp: "stranger-portal", exp: now() - 3600 }, []],
      ] as Array<[string, Record<string, unknown>, string[]]>
    ) {
      const failure = await refusal(await hs256(claims(extra, omit)), label);
      assert.equal(failure.portalId, undefined, label);
    }
    assert.equal(
      (await principal(await hs256(claims({ azp: "portal-a" })))).portalId,
      "portal-a",
      "an API key's portal",
    );
  });

  it("grants only the contract's scopes, from scope (space separated) or scp (array), nothing else", async () => {
    const scopesOf = async (extra: Record<string, unknown>) =>
      [...(await principal(await hs256({ ...claims({}, ["scope"]), ...extra }))).scopes].sort();
    assert.deepEqual(await scopesOf({ scope: "directory:read admin rag:admin *" }), ["directory:read"]);
    assert.deepEqual(await scopesOf({ scope: "directory:read,glossary:write" }), []);
    assert.deepEqual(await scopesOf({ scope: ["directory:read"] }), [], "scope must be a string");
    assert.deepEqual(await scopesOf({ scp: "directory:read" }), [], "scp must be an array");
    assert.deepEqual(await scopesOf({ scp: ["glossary:read", 1, null, "root"] }), ["glossary:read"]);
    assert.deepEqual(await scopesOf({ roles: ["directory:sync"], directory_admin: true, admin: true }), []);
  });
});
