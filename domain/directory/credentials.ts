/**
 * Portal and admin credentials of the directory (CONTRACT 1.1): portal API keys,
 * portal HS256 JWTs, and admin keys. Keys compare in constant time, and every key
 * is compared on every call so timing does not reveal which one nearly matched.
 * A JWT must name a configured portal: one with an enabled API key, or one listed in
 * PORTAL_JWT_PORTAL_IDS; whoever holds the signing secret cannot invent another.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { decodeJwt, errors as joseErrors, jwtVerify } from "jose";
import { type Scope, SCOPES } from "@/lib/config.ts";

/** A portal as its credential proves it. */
export interface PortalPrincipal {
  portalId: string;
  scopes: ReadonlySet<Scope>;
  method: "api_key" | "jwt";
  subject?: string;
}

/** An administrator as the admin key proves it; only id and label are ever recorded. */
export interface AdminPrincipal {
  id: string;
  label: string;
}

/** Why a credential was refused; `portalId` is set when the failure is attributable to a portal. */
export interface CredentialFailure {
  reason: string;
  portalId?: string;
}

/** Either the principal or the failure. */
export type Authenticated<P> = { principal: P } | { failure: CredentialFailure };

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** Finds the entry whose key matches `presented`, comparing against all of them in constant time. */
function matchKey<T extends { apiKey: string }>(entries: readonly T[], presented: string): T | undefined {
  const want = digest(presented);
  let found: T | undefined;
  for (const entry of entries) {
    if (timingSafeEqual(digest(entry.apiKey), want) && found === undefined) found = entry;
  }
  return found;
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** Portal JWT settings; absent when PORTAL_JWT_SECRET is not set. */
export interface PortalJwtSettings {
  secret: string;
  issuer: string;
  audience: string;
  /** Portals that authenticate by JWT only (PORTAL_JWT_PORTAL_IDS), besides those with an enabled API key. */
  portalIds: readonly string[];
}

/** Configured portal API keys. */
export interface PortalKey {
  portalId: string;
  apiKey: string;
  scopes: Scope[];
  enabled: boolean;
}

function scopesOf(payload: Record<string, unknown>): Set<Scope> {
  const raw = typeof payload.scope === "string"
    ? payload.scope.split(" ")
    : Array.isArray(payload.scp)
    ? payload.scp.filter((s): s is string => typeof s === "string")
    : [];
  return new Set(raw.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s)));
}

function portalIdOf(payload: Record<string, unknown>): string | undefined {
  for (const claim of ["azp", "client_id"]) {
    const v = payload[claim];
    if (typeof v === "string" && v.trim() !== "") return v;
  }
  return undefined;
}

/** Verifies portal credentials: a JWT when the credential has three base64url parts, else an API key. */
export function createPortalAuthenticator(keys: readonly PortalKey[], jwt: PortalJwtSettings) {
  const secret = new TextEncoder().encode(jwt.secret);
  const configured = new Set([...keys.filter((k) => k.enabled).map((k) => k.portalId), ...jwt.portalIds]);
  /** The portal a token names, when it is a configured one (only those are credited with failures). */
  const configuredPortal = (payload: Record<string, unknown>) => {
    const id = portalIdOf(payload);
    return id !== undefined && configured.has(id) ? id : undefined;
  };

  async function verifyJwt(token: string): Promise<Authenticated<PortalPrincipal>> {
    try {
      const { payload } = await jwtVerify(token, secret, {
        algorithms: ["HS256"],
        issuer: jwt.issuer,
        audience: jwt.audience,
        clockTolerance: 60,
        requiredClaims: ["exp", "sub"],
      });
      const portalId = portalIdOf(payload);
      if (portalId === undefined) {
        return { failure: { reason: "token has neither azp nor client_id" } };
      }
      if (!configured.has(portalId)) return { failure: { reason: "token names a portal that is not configured" } };
      if (typeof payload.sub !== "string" || payload.sub === "") {
        return { failure: { reason: "token has no subject", portalId } };
      }
      return { principal: { portalId, scopes: scopesOf(payload), method: "jwt", subject: payload.sub } };
    } catch (err) {
      // Claim failures come after a good signature: those are attributable to the portal named inside.
      if (err instanceof joseErrors.JWTClaimValidationFailed || err instanceof joseErrors.JWTExpired) {
        const portalId = configuredPortal(decodeJwt(token));
        return { failure: { reason: `token ${err.claim} check failed: ${err.reason}`, portalId } };
      }
      if (err instanceof joseErrors.JOSEAlgNotAllowed) return { failure: { reason: "token algorithm is not HS256" } };
      if (err instanceof joseErrors.JWSSignatureVerificationFailed) {
        return { failure: { reason: "token signature is invalid" } };
      }
      return { failure: { reason: "token is malformed" } };
    }
  }

  /** Authenticates the bearer credential of a portal call. */
  return function authenticate(
    credential: string,
  ): Promise<Authenticated<PortalPrincipal>> | Authenticated<PortalPrincipal> {
    if (JWT_SHAPE.test(credential)) return verifyJwt(credential);
    const entry = matchKey(keys, credential);
    if (entry === undefined) return { failure: { reason: "unknown API key" } };
    if (!entry.enabled) return { failure: { reason: "API key is disabled", portalId: entry.portalId } };
    return { principal: { portalId: entry.portalId, scopes: new Set(entry.scopes), method: "api_key" } };
  };
}

/** Configured admin keys. */
export interface AdminKey {
  id: string;
  label: string;
  apiKey: string;
  enabled: boolean;
}

/** Verifies the `x-directory-admin-key` header; with no enabled key configured, nothing passes. */
export function createAdminAuthenticator(keys: readonly AdminKey[]) {
  const enabled = keys.filter((k) => k.enabled);
  return function authenticate(presented: string | undefined): Authenticated<AdminPrincipal> {
    if (enabled.length === 0) return { failure: { reason: "no admin keys are configured" } };
    if (!presented) return { failure: { reason: "missing x-directory-admin-key" } };
    const entry = matchKey(keys, presented);
    if (entry === undefined) return { failure: { reason: "unknown admin key" } };
    if (!entry.enabled) return { failure: { reason: "admin key is disabled" } };
    return { principal: { id: entry.id, label: entry.label } };
  };
}
