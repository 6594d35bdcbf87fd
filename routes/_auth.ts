/**
 * Credential middleware: a portal bearer credential or an admin key becomes a
 * typed principal on `c.var`, or the request stops with 401/403. Rate limits are
 * taken per credential right after it is proven.
 */
import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "@/domain/errors.ts";
import type {
  Actor,
  AdminPrincipal,
  Authenticated,
  CredentialFailure,
  PortalPrincipal,
} from "@/domain/directory/mod.ts";
import type { Scope } from "@/lib/config.ts";
import type { RateLimiter } from "@/lib/rate_limit.ts";
import type { AppEnv } from "./_env.ts";
import { personLabel, sessionFor } from "./_sign_in/mod.ts";

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

/** Takes one request from `key`'s budget; an empty budget is 429 rate_limited with Retry-After. */
export async function takeToken(
  limiter: RateLimiter,
  key: string,
  holder: "credential" | "user" = "credential",
): Promise<void> {
  const t = await limiter.take(key);
  if (!t.ok) {
    throw new AppError("rate_limited", `Too many requests for this ${holder}`, {
      headers: { "retry-after": String(t.retryAfterSeconds) },
    });
  }
}

/**
 * Who the request proved to be, as an audit actor: the retrieval user, the admin key (its id and label, never
 * the key), the portal, or nobody. Each route proves one kind of credential, so the first one set is it.
 */
export function actorOf(c: Context<AppEnv>): Actor {
  const requestId = c.get("requestId") ?? null;
  const person = c.get("person");
  if (person) return { kind: "admin", id: `person:${person.sub}`, label: personLabel(person), requestId };
  const user = c.get("principal");
  if (user) return { kind: "portal", id: `user:${user.sub}`, label: "user token", requestId };
  const admin = c.get("admin");
  if (admin) return { kind: "admin", id: admin.id, label: admin.label, requestId };
  const portal = c.get("portal");
  if (portal) return { kind: "portal", id: portal.portalId, label: portal.method, requestId };
  return { kind: "anonymous", id: null, label: null, requestId };
}

/**
 * The peer address of the connection (Deno.serve's `remoteAddr`), or `local` for a request made in process.
 * Forwarded headers are not trusted: any caller can write them.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const info = c.env as { remoteAddr?: { hostname?: string } } | undefined;
  return info?.remoteAddr?.hostname ?? "local";
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
    await takeToken(deps.rateLimiter, `portal:${result.principal.portalId}`);
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

/**
 * Requires a valid, enabled admin key in `x-directory-admin-key`, or else a console session of a directory
 * administrator (CSRF-checked); the audit then names the person.
 */
export function adminAuth(deps: AuthDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const presented = c.req.header("x-directory-admin-key");
    const session = presented === undefined ? sessionFor(c, (r) => r.includes("directory_admin")) : undefined;
    if (session) {
      c.set("admin", { id: `person:${session.sub}`, label: personLabel(session) });
      await takeToken(deps.rateLimiter, `person:${session.sub}`, "user");
      return await next();
    }
    const result = deps.authenticateAdmin(presented);
    if ("failure" in result) throw new AppError("unauthorized", `The admin key was refused: ${result.failure.reason}`);
    c.set("admin", result.principal);
    await takeToken(deps.rateLimiter, `admin:${result.principal.id}`);
    await next();
  };
}

/**
 * What a route needs and what its operation documents, made together so they cannot differ: its credential
 * middleware and its OpenAPI security requirement (the scope a portal credential must hold, if any).
 */
export interface Access {
  middleware: MiddlewareHandler<AppEnv>[];
  security: Record<string, string[]>[];
}

/** A portal credential (API key or portal JWT) holding `scope`, or any valid one without. */
export function portalAccess(deps: AuthDeps, scope?: Scope): Access {
  return {
    middleware: scope ? [portalAuth(deps), requireScope(scope)] : [portalAuth(deps)],
    security: [{ portalBearer: scope ? [scope] : [] }],
  };
}

/** An enabled directory admin key. */
export function adminAccess(deps: AuthDeps): Access {
  return { middleware: [adminAuth(deps)], security: [{ adminKey: [] }] };
}
