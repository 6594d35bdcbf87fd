/** Credentials of the retrieval service: the user token, and the administrator and operator requirements. */
import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "@/domain/errors.ts";
import type { Principal, TokenVerifier } from "@/domain/rag/mod.ts";
import type { RateLimiter } from "@/lib/rate_limit.ts";
import { type Access, bearer, takeToken } from "../_auth.ts";
import type { AppEnv } from "../_env.ts";
import { personLabel, sessionFor } from "../_sign_in/mod.ts";

/** Admits a verified user: the principal goes on the request and one request comes out of the user's budget. */
export async function admitUser(c: Context<AppEnv>, principal: Principal, limiter: RateLimiter): Promise<void> {
  c.set("principal", principal);
  await takeToken(limiter, `user:${principal.sub}`, "user");
}

/**
 * The principal of a console session of a retrieval administrator or the installation operator: the person's
 * subject, the tenant and clearance their provider names, and no organization or portal of their own.
 */
function sessionPrincipal(c: Context<AppEnv>): Principal | undefined {
  const s = sessionFor(c, (r) => r.includes("rag_admin") || r.includes("installation_operator"));
  if (!s) return undefined;
  return {
    sub: s.sub,
    tenantId: s.tenantId,
    organizationId: null,
    clearance: s.clearance ?? 0,
    isAdmin: s.roles.includes("rag_admin"),
    isOperator: s.roles.includes("installation_operator"),
    portalId: null,
    person: personLabel(s),
  };
}

/**
 * Requires a valid user token in `Authorization: Bearer` (the principal comes from its claims only), or, with
 * no such header, a console session of a retrieval administrator or operator (CSRF-checked).
 */
export function userAuth(verify: TokenVerifier, limiter: RateLimiter): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization");
    const session = header === undefined ? sessionPrincipal(c) : undefined;
    await admitUser(c, session ?? await verify(bearer(header)), limiter);
    await next();
  };
}

/** Requires an administrator principal (directory_admin, or rag:admin in scope or roles). */
export const requireRagAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.principal.isAdmin) throw new AppError("forbidden", "This call needs an administrator");
  await next();
};

/** Requires a tenant administrator or the installation operator (the settings decide which scope each may use). */
export const requireRagAdminOrOperator: MiddlewareHandler<AppEnv> = async (c, next) => {
  const p = c.var.principal;
  if (!p.isAdmin && !p.isOperator) throw new AppError("forbidden", "This call needs an administrator or the operator");
  await next();
};

/** Requires a tenant administrator or a token bound to a portal (claim `portal_id`). */
export const requireRagAdminOrPortal: MiddlewareHandler<AppEnv> = async (c, next) => {
  const p = c.var.principal;
  if (!p.isAdmin && p.portalId === null) {
    throw new AppError("forbidden", "This call needs a tenant administrator or a portal's token");
  }
  await next();
};

/**
 * Who may call a retrieval route, as middleware and as the documented requirement: any user token, a tenant
 * administrator's (`rag:admin`), an administrator's or the installation operator's (`installation_operator`), or
 * an administrator's or a portal's (`portal_id`).
 */
export function userAccess(
  verify: TokenVerifier,
  limiter: RateLimiter,
  role: "user" | "admin" | "admin-or-operator" | "admin-or-portal" = "user",
): Access {
  const auth = userAuth(verify, limiter);
  if (role === "admin") return { middleware: [auth, requireRagAdmin], security: [{ userBearer: ["rag:admin"] }] };
  if (role === "admin-or-portal") {
    return {
      middleware: [auth, requireRagAdminOrPortal],
      security: [{ userBearer: ["rag:admin"] }, { userBearer: ["portal_id"] }],
    };
  }
  if (role === "admin-or-operator") {
    return {
      middleware: [auth, requireRagAdminOrOperator],
      security: [{ userBearer: ["rag:admin"] }, { userBearer: ["installation_operator"] }],
    };
  }
  return { middleware: [auth], security: [{ userBearer: [] }] };
}
