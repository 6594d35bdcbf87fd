/**
 * The consoles' session: the signed-in person, their console roles and a CSRF token, sealed (A256GCM, key
 * from CONSOLE_SESSION_SECRET) into the `__Host-console` cookie. A tampered, expired or foreign cookie opens
 * to nothing, so the request is simply not signed in. The pending sign-in (state, nonce, PKCE verifier) is
 * sealed the same way into its own short-lived cookie, with another audience so neither opens as the other.
 */
import { EncryptJWT, jwtDecrypt, type JWTPayload } from "jose";
import { clearanceOf } from "@/domain/rag/mod.ts";
import type { Context } from "hono";

/** A role the consoles know; the identity provider's values map onto these (CONSOLE_OIDC_*_ROLE). */
export type ConsoleRole = "directory_admin" | "installation_operator" | "rag_admin";

/** Who is signed in. */
export interface ConsoleSession {
  sub: string;
  name: string;
  email: string;
  roles: ConsoleRole[];
  /** The tenant (company id) a retrieval administrator administers, from CONSOLE_OIDC_TENANT_CLAIM. */
  tenantId: string | null;
  /** The retrieval clearance (0-3) from CONSOLE_OIDC_CLEARANCE_CLAIM: what the retrieval screen may read. */
  clearance: number;
  /** The synchronizer token every state-changing call must echo in `x-csrf-token`. */
  csrf: string;
  /** The session's own id: signing out records it as ended (RevokedSessions) until the cookie would expire. */
  sid: string;
  /** When the sealed cookie expires (Unix seconds), set by the sealer. */
  exp?: number;
}

/**
 * Sessions ended by signing out before they expire: a sealed cookie cannot be taken back from whoever copied it,
 * so the service remembers the ended ones (in Redis, shared by every replica) until they would have expired.
 */
export interface RevokedSessions {
  add(sid: string, expiresAt: number): Promise<void>;
  has(sid: string): Promise<boolean>;
}

/** Which claim holds the roles, which values mean which role, and which claim names the tenant. */
export interface RoleMapping {
  claim: string;
  values: Record<ConsoleRole, string>;
  tenantClaim: string;
  clearanceClaim: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const text = (v: unknown) => typeof v === "string" ? v : "";

/** The person and console roles verified ID token claims grant (a session without its CSRF token). */
export function personOf(claims: JWTPayload, mapping: RoleMapping): Omit<ConsoleSession, "csrf" | "sid"> {
  const raw = claims[mapping.claim];
  const held = Array.isArray(raw) ? raw.map(String) : typeof raw === "string" ? raw.split(/[\s,]+/) : [];
  const roles = (Object.keys(mapping.values) as ConsoleRole[]).filter((r) => held.includes(mapping.values[r]));
  const tenant = text(claims[mapping.tenantClaim]);
  return {
    sub: claims.sub!,
    name: text(claims.name) || text(claims.preferred_username) || claims.sub!,
    email: text(claims.email),
    roles,
    tenantId: UUID.test(tenant) ? tenant.toLowerCase() : null,
    clearance: clearanceOf(claims[mapping.clearanceClaim]),
  };
}

/** Seals and opens values for one purpose (`audience`). */
export function createSealer(secret: string) {
  const key = crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret)).then((d) => new Uint8Array(d));
  return {
    async seal(value: Record<string, unknown>, audience: string, ttlSeconds: number): Promise<string> {
      return await new EncryptJWT(value).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).setAudience(audience)
        .setIssuedAt().setExpirationTime(`${ttlSeconds}s`).encrypt(await key);
    },
    async open<T>(token: string | undefined, audience: string): Promise<T | undefined> {
      if (!token) return undefined;
      try {
        const { payload } = await jwtDecrypt(token, await key, { audience });
        return payload as T;
      } catch {
        return undefined;
      }
    },
  };
}

/** Seals and opens cookie values. */
export type Sealer = ReturnType<typeof createSealer>;

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Whether browsers reach the consoles over TLS (CONSOLE_PUBLIC_URL's scheme, else the request's): only then,
 * and on loopback where browsers accept it, may the cookie be Secure and so carry the `__Host-` prefix.
 */
export function cookieSecure(c: Context, publicUrl: string | undefined): boolean {
  const url = new URL(publicUrl ?? c.req.url);
  return url.protocol === "https:" || LOOPBACK.has(url.hostname);
}

/** The cookie's name: `__Host-<base>` when Secure, the plain name otherwise (browsers refuse the prefix then). */
export const cookieName = (base: string, secure: boolean) => secure ? `__Host-${base}` : base;

/** A `Set-Cookie` value: HttpOnly, path /, no domain; `maxAge` 0 removes it. */
export function cookieHeader(
  name: string,
  value: string,
  o: { secure: boolean; sameSite: "Strict" | "Lax"; maxAge: number },
): string {
  return `${name}=${value}; Path=/; HttpOnly; SameSite=${o.sameSite}; Max-Age=${o.maxAge}${o.secure ? "; Secure" : ""}`;
}
