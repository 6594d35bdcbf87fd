/** Credentials of the retrieval service: the user token, and the administrator requirement. */
import type { MiddlewareHandler } from "hono";
import { AppError } from "@/domain/errors.ts";
import type { TokenVerifier } from "@/domain/rag/principal.ts";
import type { RateLimiter } from "@/lib/rate_limit.ts";
import { bearer } from "../_auth.ts";
import type { AppEnv } from "../_env.ts";

/** Requires a valid user token in `Authorization: Bearer`; the principal comes from its claims only. */
export function userAuth(verify: TokenVerifier, limiter: RateLimiter): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = await verify(bearer(c.req.header("authorization")));
    c.set("principal", principal);
    const t = limiter.take(`user:${principal.sub}`);
    if (!t.ok) {
      throw new AppError("rate_limited", "Too many requests for this user", {
        headers: { "retry-after": String(t.retryAfterSeconds) },
      });
    }
    await next();
  };
}

/** Requires an administrator principal (directory_admin, or rag:admin in scope or roles). */
export const requireRagAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.principal.isAdmin) throw new AppError("forbidden", "This call needs an administrator");
  await next();
};
