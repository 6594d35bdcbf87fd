/**
 * Key pairs and hand-built JWTs for the security matrix: RS256, ES256 and EdDSA keys with
 * their public halves as PEM and JWK, tokens signed with any algorithm and key, and forged
 * tokens (any header, any payload, any signature) that no library would produce.
 */
import { exportJWK, exportSPKI, generateKeyPair, type JWK, SignJWT } from "jose";

/** The asymmetric algorithms CONTRACT 2.1 admits for user tokens. */
export const ASYMMETRIC = ["RS256", "ES256", "EdDSA"] as const;
/** One of those algorithms. */
export type AsymmetricAlg = typeof ASYMMETRIC[number];

/** A private key as jose hands it out (its own CryptoKey type, whatever the global one is). */
export type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];
type SignKey = Parameters<SignJWT["sign"]>[0];

/** A key pair with the public half in both forms CENTRAL_JWT_PUBLIC_KEY accepts. */
export interface SigningKey {
  alg: AsymmetricAlg;
  privateKey: PrivateKey;
  publicPem: string;
  publicJwk: JWK;
  /** `{"keys":[...]}`, as an operator would paste a JWKS. */
  jwksText: string;
}

/** Generates a fresh key pair for `alg`. */
export async function signingKey(alg: AsymmetricAlg): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), alg, use: "sig" };
  return {
    alg,
    privateKey,
    publicPem: await exportSPKI(publicKey),
    publicJwk,
    jwksText: JSON.stringify({ keys: [publicJwk] }),
  };
}

/** Signs `claims` with `alg` and `key` (a CryptoKey, or text used as an HMAC secret). */
export async function signWith(
  claims: Record<string, unknown>,
  alg: string,
  key: SignKey | string,
  header: Record<string, unknown> = {},
): Promise<string> {
  const material = typeof key === "string" ? new TextEncoder().encode(key) : key;
  return await new SignJWT(claims).setProtectedHeader({ typ: "JWT", ...header, alg }).sign(material);
}

/** base64url of a JSON value, or of a string's UTF-8 bytes. */
export function b64url(value: unknown): string {
  const bytes = typeof value === "string" ? new TextEncoder().encode(value) : new TextEncoder().encode(
    JSON.stringify(value),
  );
  return btoa(String.fromCharCode(...bytes)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
}

/** A token assembled by hand: `header.payload.signature`, nothing verified. */
export function forge(header: Record<string, unknown>, payload: Record<string, unknown>, signature = ""): string {
  return `${b64url(header)}.${b64url(payload)}.${signature}`;
}

/** The same token with one signature character changed (the signature no longer matches). */
export function flipSignature(token: string): string {
  const [h, p, s] = token.split(".");
  const i = Math.floor(s.length / 2);
  const swapped = s[i] === "A" ? "B" : "A";
  return `${h}.${p}.${s.slice(0, i)}${swapped}${s.slice(i + 1)}`;
}

/** The same signature over a different payload. */
export function swapPayload(token: string, payload: Record<string, unknown>): string {
  const [h, , s] = token.split(".");
  return `${h}.${b64url(payload)}.${s}`;
}

/** An HS256 token over any header and payload, signed by hand (for headers a library refuses to write). */
export async function hmacRaw(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  secret: string,
): Promise<string> {
  const input = `${b64url(header)}.${b64url(payload)}`;
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(input)));
  const sig = btoa(String.fromCharCode(...mac)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${input}.${sig}`;
}
