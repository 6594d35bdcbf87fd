/** Credentials the test app is configured with, and signed portal JWTs for credential tests. */
import { SignJWT } from "jose";

/** The admin key of the test app. */
export const ADMIN_KEY = "test-admin-key-0123456789abcdef";
/** Portal A: every scope. */
export const PORTAL_A_KEY = "test-portal-a-key-0123456789abcdef";
/** Portal B: every scope (another portal, for mismatch tests). */
export const PORTAL_B_KEY = "test-portal-b-key-0123456789abcdef";
/** A portal that may only read the directory. */
export const READER_KEY = "test-reader-key-0123456789abcdef";
/** The retrieval service's own portal key (directory:read, directory:sync, glossary:read). */
export const RAG_SERVICE_KEY = "test-rag-service-key-0123456789abcdef";
/** A disabled portal key. */
export const DISABLED_KEY = "test-disabled-key-0123456789abcdef";
/** The portal JWT settings of the test app. */
export const JWT = {
  secret: "test-portal-jwt-secret-0123456789-abcdefghij",
  issuer: "test-central",
  audience: "test-directory",
};
/** Portals configured to authenticate by JWT only (PORTAL_JWT_PORTAL_IDS): a token naming another is refused. */
export const JWT_PORTALS = ["jwt-portal", "cid-portal", "expired-portal", "jwt-reader"];

const ALL_SCOPES = [
  "directory:read",
  "directory:sync",
  "authorization:sync",
  "glossary:read",
  "glossary:write",
  "webhooks:manage",
];

/** The environment entries that configure those credentials. */
export function credentialEnv(): Record<string, string> {
  return {
    CENTRAL_ADMIN_API_KEYS_JSON: JSON.stringify([
      { id: 7, label: "test admin", apiKey: ADMIN_KEY, enabled: true },
      { id: 8, label: "retired admin", apiKey: "test-retired-admin-key-0123456789", enabled: false },
    ]),
    PORTAL_API_KEYS_JSON: JSON.stringify([
      { portalId: "portal-a", apiKey: PORTAL_A_KEY, scopes: ALL_SCOPES, enabled: true },
      { portalId: "portal-b", apiKey: PORTAL_B_KEY, scopes: ALL_SCOPES, enabled: true },
      { portalId: "reader", apiKey: READER_KEY, scopes: ["directory:read"], enabled: true },
      { portalId: "disabled-portal", apiKey: DISABLED_KEY, scopes: ALL_SCOPES, enabled: false },
      {
        portalId: "rag-service",
        apiKey: RAG_SERVICE_KEY,
        scopes: ["directory:read", "directory:sync", "glossary:read"],
        enabled: true,
      },
    ]),
    PORTAL_JWT_SECRET: JWT.secret,
    PORTAL_JWT_ISSUER: JWT.issuer,
    PORTAL_JWT_AUDIENCE: JWT.audience,
    PORTAL_JWT_PORTAL_IDS: JWT_PORTALS.join(","),
  };
}

/** Options for a portal JWT; each default is a valid token for portal `jwt-portal`. */
export interface PortalJwtOptions {
  claims?: Record<string, unknown>;
  omit?: string[];
  secret?: string;
  alg?: string;
  expiresInSeconds?: number;
  notBeforeSeconds?: number;
}

/** Signs a portal JWT (HS256 unless `alg` says otherwise). */
export async function portalJwt(o: PortalJwtOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    iss: JWT.issuer,
    aud: JWT.audience,
    sub: "svc-jwt-portal",
    azp: "jwt-portal",
    scope: ALL_SCOPES.join(" "),
    iat: now,
    exp: now + (o.expiresInSeconds ?? 300),
    ...(o.notBeforeSeconds !== undefined ? { nbf: now + o.notBeforeSeconds } : {}),
    ...o.claims,
  };
  for (const k of o.omit ?? []) delete claims[k];
  const alg = o.alg ?? "HS256";
  return await new SignJWT(claims).setProtectedHeader({ alg, typ: "JWT" }).sign(
    new TextEncoder().encode(o.secret ?? JWT.secret),
  );
}

/** An unsigned token (`alg: none`) with valid claims. */
export function unsignedJwt(claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const enc = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  const body = {
    iss: JWT.issuer,
    aud: JWT.audience,
    sub: "x",
    azp: "jwt-portal",
    scope: ALL_SCOPES.join(" "),
    exp: now + 300,
    ...claims,
  };
  return `${enc({ alg: "none", typ: "JWT" })}.${enc(body)}.`;
}

/** The retrieval service's user-token settings in the test app. */
export const CENTRAL = {
  secret: "test-central-jwt-secret-0123456789-abcdefghij",
  issuer: "test-console",
  audience: "rag-service",
};

/** Options for a user token; defaults make a valid token for `sub`. */
export interface UserTokenOptions {
  sub?: string;
  tenantId?: string | null;
  organizationId?: string | null;
  clearance?: number | string;
  admin?: boolean;
  /** The installation operator's mark (`installation_operator: true`). */
  operator?: boolean;
  /** The portal the token speaks for (claim `portal_id`). */
  portalId?: string;
  claims?: Record<string, unknown>;
  omit?: string[];
  secret?: string;
  expiresInSeconds?: number;
}

/** Signs a user token for the retrieval service. */
export async function userToken(o: UserTokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    iss: CENTRAL.issuer,
    aud: [CENTRAL.audience],
    sub: o.sub ?? "user-1",
    iat: now,
    exp: now + (o.expiresInSeconds ?? 600),
    ...(o.tenantId ? { tenant_id: o.tenantId } : {}),
    ...(o.organizationId ? { organization_id: o.organizationId } : {}),
    clearance_level: o.clearance ?? 1,
    ...(o.admin ? { scope: "rag:admin" } : {}),
    ...(o.operator ? { installation_operator: true } : {}),
    ...(o.portalId ? { portal_id: o.portalId } : {}),
    ...o.claims,
  };
  for (const k of o.omit ?? []) delete claims[k];
  return await new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(
    new TextEncoder().encode(o.secret ?? CENTRAL.secret),
  );
}
