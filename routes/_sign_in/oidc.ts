/**
 * The relying party's side of OpenID Connect's authorization code flow with PKCE (S256): discovery, the
 * authorization URL with state and nonce, the code exchange (client_secret_basic), and the ID token verified
 * against the issuer's JWKS (issuer, audience, expiry, nonce). Discovery is cached; a failed one is retried.
 */
import { base64url, createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";
import { AppError } from "@/domain/errors.ts";

/** The client's registration at the provider. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** What the browser must bring back from the provider for the exchange to succeed. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
}

const TIMEOUT_MS = 10_000;
const random = () => base64url.encode(crypto.getRandomValues(new Uint8Array(32)));

async function challengeOf(verifier: string): Promise<string> {
  return base64url.encode(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

async function getJson(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    throw new AppError("unauthorized", `The identity provider refused the sign-in (${body.error ?? res.status})`);
  }
  return body;
}

/** A client for one provider. */
export function createOidcClient(s: OidcSettings) {
  const issuer = s.issuer.replace(/\/$/, "");
  let discovery: Promise<{ meta: Discovery; keys: ReturnType<typeof createRemoteJWKSet> }> | undefined;
  const discover = () =>
    discovery ??= getJson(`${issuer}/.well-known/openid-configuration`).then((meta) => {
      const m = meta as unknown as Discovery;
      if (m.issuer !== issuer && m.issuer !== s.issuer) throw new Error("The discovery document names another issuer");
      return { meta: m, keys: createRemoteJWKSet(new URL(m.jwks_uri)) };
    }).catch((err) => {
      discovery = undefined;
      throw new AppError("unavailable", "The identity provider cannot be reached", { cause: err });
    });

  return {
    /** The provider's authorization URL for `redirectUri`, and the secrets the callback must match. */
    async start(redirectUri: string): Promise<{ url: string; pending: PendingSignIn }> {
      const { meta } = await discover();
      const pending = { state: random(), nonce: random(), verifier: random() };
      const url = new URL(meta.authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: s.clientId,
        redirect_uri: redirectUri,
        scope: s.scopes,
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await challengeOf(pending.verifier),
        code_challenge_method: "S256",
      }).toString();
      return { url: url.toString(), pending };
    },

    /** Exchanges `code` and returns the verified ID token's claims; any mismatch is 401 unauthorized. */
    async finish(code: string, redirectUri: string, pending: PendingSignIn): Promise<JWTPayload> {
      const { meta, keys } = await discover();
      const basic = btoa(`${encodeURIComponent(s.clientId)}:${encodeURIComponent(s.clientSecret)}`);
      const tokens = await getJson(meta.token_endpoint, {
        method: "POST",
        headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: redirectUri,
          code_verifier: pending.verifier,
        }),
      });
      if (typeof tokens.id_token !== "string") throw new AppError("unauthorized", "The provider sent no ID token");
      const { payload } = await jwtVerify(tokens.id_token, keys, {
        issuer: meta.issuer,
        audience: s.clientId,
        requiredClaims: ["sub", "exp", "iat", "nonce"],
        clockTolerance: 60,
      }).catch((err) => {
        throw new AppError("unauthorized", `The ID token was refused (${err?.code ?? "malformed"})`);
      });
      if (payload.nonce !== pending.nonce) throw new AppError("unauthorized", "The ID token's nonce does not match");
      return payload;
    },
  };
}

/** A client of one provider. */
export type OidcClient = ReturnType<typeof createOidcClient>;
