/**
 * Credential middleware: a portal bearer credential or an admin key becomes a
 * typed principal on `c.var`, or the request stops with 401/403. Rate limits are
 * taken per credential right after it is proven.
 */
import type { MiddlewareHandler } from "hono";
import { AppError } from "@/domain/errors.ts";
import type { AdminPrincipal, Authenticated, CredentialFailure, PortalPrincipal } from "@/domain/directory/mod.ts";
import type { Scope } from "@/lib/config.ts";
import type { RateLimiter } from "@/lib/rate_limit.ts";
import type { AppEnv } from "./_env.ts";

/** What the credential middleware needs from the composition root. */
export interface AuthDeps {
  authenticatePortal: (credential: string) => Promise<Authenticated<PortalPrincipal>> | Authenticated<PortalPrincipal>;
  authenticateAdmin: (presented: string | undefined) => Authenticated<AdminPrincipal>;
  rateLimiter: RateLimiter;
  /** Records a failure that names a portal, for the "portal status needs checking" view. */
  onPortalFailure: (failure: Required<CredentialFailure>) => void;
}

/** Reads `Authorization: Bearer <credential>`; anything else is no credential. */
export function bearer(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return m?.[1];
}

function takeToken(limiter: RateLimiter, key: string) {
  const t = limiter.take(key);
  if (!t.ok) {
    throw new AppError("rate_limited", "Too many requests for this credential", {
      headers: { "retry-after": String(t.retryAfterSeconds) },
    });
  }
}

/** Requires a valid portal credential. */
export function portalAuth(deps: AuthDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const credential = bearer(c.req.header("authorization"));
    if (credential === undefined) throw new AppError("unauthorized", "A bearer credential is required");
    const result = await deps.authenticatePortal(credential);
    if ("failure" in result) {
      const { portalId, reason } = result.failure;
      if (portalId !== undefined) deps.onPortalFailure({ portalId, reason });
      throw new AppError("unauthorized", `The credential was refused: ${reason}`);
    }
    c.set("portal", result.principal);
    takeToken(deps.rateLimiter, `portal:${result.principal.portalId}`);
    await next();
  };
}

/** Requires the portal principal to hold `scope`. */
export function requireScope(scope: Scope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.var.portal.scopes.has(scope)) {
      throw new AppError("insufficient_scope", `This call needs the ${scope} scope`);
    }
    await next();
  };
}

/** Requires a valid, enabled admin key in `x-directory-admin-key`. */
export function adminAuth(deps: AuthDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = deps.authenticateAdmin(c.req.header("x-directory-admin-key"));
    if ("failure" in result) throw new AppError("unauthorized", `The admin key was refused: ${result.failure.reason}`);
    c.set("admin", result.principal);
    takeToken(deps.rateLimiter, `admin:${result.principal.id}`);
    await next();
  };
}
