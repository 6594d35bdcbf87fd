/**
 * Property tests of token times for both token families, on a frozen clock: portal JWTs
 * (CONTRACT 1.1: `exp` required and in the future, `nbf` when present not ahead, 60 s leeway
 * each) and user tokens (CONTRACT 2.1; `createTokenVerifier` uses the same 60 s leeway). With
 * `now` the current second, a token is accepted exactly when `exp > now - 60` and, if present,
 * `nbf <= now + 60`. For a portal JWT `iat`, when present, must be a number and never decides
 * anything else: it can neither rescue an expired token nor sink a current one. A user token must
 * carry `iat`, no later than `now + 60`, and `exp - iat` at most RAG_MAX_TOKEN_TTL_SECONDS.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { createPortalAuthenticator } from "@/domain/directory/mod.ts";
import { createTokenVerifier } from "@/domain/rag/mod.ts";
import { JWT } from "../_helpers/tokens.ts";
import { signWith } from "../_helpers/signing_keys.ts";
import { atInstant } from "../_helpers/frozen_clock.ts";

/** The clock tolerance both verifiers apply, in seconds. */
const LEEWAY = 60;
const USER = {
  secret: "test-central-jwt-secret-0123456789-abcdefghij",
  issuer: "test-console",
  audience: "rag-service",
};

/** The longest user token lifetime the verifier is configured with. */
const MAX_TTL = 3600;

const portal = createPortalAuthenticator([], { ...JWT, portalIds: ["p"] });
const user = await createTokenVerifier({
  secret: USER.secret,
  issuer: USER.issuer,
  audience: [USER.audience],
  maxTtlSeconds: MAX_TTL,
});

/** The time claims of a token, as offsets become them. */
type Times = { exp?: number; nbf?: number; iat?: number };

/** One family: how to sign a token with given time claims, whether the verifier accepted it, and whether it should. */
interface Family {
  name: string;
  sign(times: Record<string, unknown>): Promise<string>;
  accepts(token: string): Promise<boolean>;
  expected(nowSec: number, t: Times): boolean;
}

const FAMILIES: Family[] = [
  {
    name: "portal JWT",
    sign: (t) => signWith({ iss: JWT.issuer, aud: JWT.audience, sub: "svc", azp: "p", ...t }, "HS256", JWT.secret),
    accepts: async (token) => "principal" in await portal(token),
    expected: current,
  },
  {
    name: "user token",
    sign: (t) => signWith({ iss: USER.issuer, aud: USER.audience, sub: "u", ...t }, "HS256", USER.secret),
    accepts: (token) => user(token).then(() => true, () => false),
    expected: (nowSec, t) =>
      current(nowSec, t) && t.iat !== undefined && t.iat <= nowSec + LEEWAY && t.exp! - t.iat <= MAX_TTL,
  },
];

/** Instants from 2020 to 2040, with a millisecond part so the current second is not always whole. */
const instant = fc.integer({ min: 1_577_836_800_000, max: 2_208_988_800_000 });
/** Offsets around the leeway edges, densest where the answer flips. */
const offset = fc.oneof(
  fc.integer({ min: -LEEWAY - 3, max: -LEEWAY + 3 }),
  fc.integer({ min: LEEWAY - 3, max: LEEWAY + 3 }),
  fc.integer({ min: -100_000, max: 100_000 }),
  fc.double({ min: -200, max: 200, noNaN: true, noDefaultInfinity: true }),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** Whether `exp` and `nbf` make a token current at `nowSec`. */
function current(nowSec: number, t: Times): boolean {
  if (t.exp === undefined) return false;
  return t.exp > nowSec - LEEWAY && (t.nbf === undefined || t.nbf <= nowSec + LEEWAY);
}

const times = (nowSec: number, o: Times): Times => {
  const out: Times = {};
  for (const k of ["exp", "nbf", "iat"] as const) if (o[k] !== undefined) out[k] = nowSec + o[k]!;
  return out;
};

for (const family of FAMILIES) {
  describe(`${family.name} times`, () => {
    it("the exact edges: exp now-60 is refused and now-59 accepted; nbf now+60 accepted and now+61 refused", async () => {
      const ms = 1_800_000_000_999;
      const s = Math.floor(ms / 1000);
      const verdicts = await atInstant(ms, async () => ({
        expAtEdge: await family.accepts(await family.sign({ iat: s - 600, exp: s - LEEWAY })),
        expInside: await family.accepts(await family.sign({ iat: s - 600, exp: s - LEEWAY + 1 })),
        nbfAtEdge: await family.accepts(await family.sign({ iat: s, exp: s + 600, nbf: s + LEEWAY })),
        nbfBeyond: await family.accepts(await family.sign({ iat: s, exp: s + 600, nbf: s + LEEWAY + 1 })),
        noExp: await family.accepts(await family.sign({ iat: s, nbf: s - 10 })),
      }));
      assert.deepEqual(verdicts, {
        expAtEdge: false,
        expInside: true,
        nbfAtEdge: true,
        nbfBeyond: false,
        noExp: false,
      });
    });

    it("accepts exactly when exp > now - 60 and nbf (if any) <= now + 60, and iat as the family requires", async () => {
      await fc.assert(
        fc.asyncProperty(
          instant,
          fc.record({ exp: maybe(offset), nbf: maybe(offset), iat: maybe(offset) }),
          async (ms, o) => {
            const nowSec = Math.floor(ms / 1000);
            const t = times(nowSec, o);
            const got = await atInstant(ms, async () => family.accepts(await family.sign(t)));
            assert.equal(got, family.expected(nowSec, t), JSON.stringify({ nowSec, ...o }));
          },
        ),
        { numRuns: 300 },
      );
    });

    it("refuses time claims that are not numbers, even when they name a good time", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("exp", "nbf", "iat"),
          fc.oneof(fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 })),
          async (claim, value) => {
            const s = Math.floor(Date.now() / 1000);
            const token = await family.sign({ exp: s + 600, nbf: s - 10, iat: s, [claim]: value });
            assert.equal(await family.accepts(token), false, `${claim}=${JSON.stringify(value)}`);
          },
        ),
        { numRuns: 60 },
      );
    });
  });
}
