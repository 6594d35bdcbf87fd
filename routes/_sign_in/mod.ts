/**
 * The consoles' sign-in through the enterprise's OpenID provider (CONSOLE_OIDC_*): built once from the
 * configuration, or absent when no issuer is set. `readSession` opens the session cookie on the consoles' own
 * paths only; credential checks then take the person from `sessionFor`, which refuses a state-changing call
 * whose `x-csrf-token` header does not echo the session's token (403 csrf_failed). The JSON API routes see a
 * person only in a call a console forwarded (forward.ts), never from a cookie.
 */
import { timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { AppError } from "@/domain/errors.ts";
import type { Config } from "@/lib/config.ts";
import { errorFields } from "@/lib/log.ts";
import type { AppEnv } from "../_env.ts";
import { createOidcClient, type OidcClient } from "./oidc.ts";
import { forwardedSession } from "./forward.ts";
import {
  type ConsoleSession,
  cookieName,
  cookieSecure,
  createSealer,
  type RevokedSessions,
  type RoleMapping,
  type Sealer,
} from "./session.ts";

export { type ConsoleRole, type ConsoleSession, type RevokedSessions } from "./session.ts";
export { signInRoutes } from "./routes.tsx";
export { forwardToApi } from "./forward.ts";
export { refusalPage, signInPage } from "./pages.tsx";

/** Everything sign-in needs, built from the configuration. */
export interface SignIn {
  client: OidcClient;
  sealer: Sealer;
  mapping: RoleMapping;
  ttlSeconds: number;
  publicUrl: string | undefined;
  revoked: RevokedSessions;
}

/** The session cookie's base name and the sealed value's audience. */
export const SESSION_COOKIE = "console";
export const SESSION_AUDIENCE = "console-session";

/** Sign-in for `config`, or undefined when CONSOLE_OIDC_ISSUER is unset; `revoked` remembers signed-out sessions. */
export function createSignIn(config: Config, revoked: RevokedSessions): SignIn | undefined {
  if (config.CONSOLE_OIDC_ISSUER === undefined) return undefined;
  return {
    client: createOidcClient({
      issuer: config.CONSOLE_OIDC_ISSUER,
      clientId: config.CONSOLE_OIDC_CLIENT_ID!,
      clientSecret: config.CONSOLE_OIDC_CLIENT_SECRET!,
      scopes: config.CONSOLE_OIDC_SCOPES,
    }),
    sealer: createSealer(config.CONSOLE_SESSION_SECRET!),
    mapping: {
      claim: config.CONSOLE_OIDC_ROLE_CLAIM,
      values: {
        directory_admin: config.CONSOLE_OIDC_DIRECTORY_ADMIN_ROLE,
        installation_operator: config.CONSOLE_OIDC_OPERATOR_ROLE,
        rag_admin: config.CONSOLE_OIDC_RAG_ADMIN_ROLE,
      },
      tenantClaim: config.CONSOLE_OIDC_TENANT_CLAIM,
      clearanceClaim: config.CONSOLE_OIDC_CLEARANCE_CLAIM,
    },
    ttlSeconds: config.CONSOLE_SESSION_TTL_SECONDS,
    publicUrl: config.CONSOLE_PUBLIC_URL,
    revoked,
  };
}

/**
 * Opens the session cookie, if any, onto `c.var.session`; a cookie that does not open, has no id or was signed
 * out is ignored. When the record of signed-out sessions cannot be read, nobody is signed in (it fails closed).
 */
export function readSession(signIn: SignIn): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const name = cookieName(SESSION_COOKIE, cookieSecure(c, signIn.publicUrl));
    const session = await signIn.sealer.open<ConsoleSession>(getCookie(c, name), SESSION_AUDIENCE);
    if (session && typeof session.sid === "string" && !(await revoked(signIn, session.sid, c))) {
      c.set("session", session);
    }
    await next();
  };
}

async function revoked(signIn: SignIn, sid: string, c: Context<AppEnv>): Promise<boolean> {
  try {
    return await signIn.revoked.has(sid);
  } catch (err) {
    c.var.log.warn("signed-out sessions cannot be read; the session is refused", errorFields(err));
    return true;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function sameToken(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The signed-in person holding `role`, or undefined: the session of a console path's cookie, or of the console
 * call forwarded to an API route. A state-changing call made with the cookie must carry the session's CSRF token
 * in `x-csrf-token` (a forwarded call was checked by the console path): another site can make the browser send
 * the cookie, never the header.
 */
export function sessionFor(c: Context<AppEnv>, role: (r: ConsoleSession["roles"]) => boolean) {
  const forwarded = forwardedSession(c);
  const session = forwarded ?? c.var.session;
  if (!session || !role(session.roles)) return undefined;
  const unsafe = !SAFE_METHODS.has(c.req.method);
  if (!forwarded && unsafe && !sameToken(c.req.header("x-csrf-token") ?? "", session.csrf)) {
    throw new AppError("csrf_failed", "This call needs the console's x-csrf-token header");
  }
  c.set("person", { sub: session.sub, name: session.name, email: session.email });
  return session;
}

/** How an audit row names a signed-in person: name and e-mail, or the subject when the provider gave neither. */
export function personLabel(p: { sub: string; name: string; email: string }): string {
  return p.email ? `${p.name} <${p.email}>` : p.name || p.sub;
}
