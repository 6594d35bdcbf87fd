/**
 * The sign-in routes under /auth: `login` sends the browser to the provider (authorization code, PKCE S256,
 * state and nonce kept in a sealed, ten-minute cookie), `callback` checks state, exchanges the code, verifies
 * the ID token, maps the roles and sets the session cookie, and `logout` (POST, CSRF-checked) removes it.
 */
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { AppError } from "@/domain/errors.ts";
import type { AppEnv } from "../_env.ts";
import { securityHeaders } from "../_console_kit/mod.ts";
import { SESSION_AUDIENCE, SESSION_COOKIE, sessionFor, type SignIn } from "./mod.ts";
import type { PendingSignIn } from "./oidc.ts";
import { cookieHeader, cookieName, cookieSecure, personOf } from "./session.ts";
import { continuePage, refusalPage } from "./pages.tsx";

const LOGIN_COOKIE = "console-login";
const LOGIN_AUDIENCE = "console-login";
const LOGIN_TTL_SECONDS = 600;
/** Where a sign-in may land: the two consoles only, so `to` can never send the browser elsewhere. */
const DESTINATIONS = new Set(["/console/", "/"]);

type Pending = PendingSignIn & { to: string };

/** The routes, mounted at /auth. */
export function signInRoutes(signIn: SignIn) {
  const app = new Hono<AppEnv>();
  app.use("*", securityHeaders);
  const base = (url: string) => signIn.publicUrl?.replace(/\/$/, "") ?? new URL(url).origin;
  const redirectUri = (url: string) => `${base(url)}/auth/callback`;

  app.get("/login", async (c) => {
    const asked = c.req.query("to") ?? "/";
    const to = DESTINATIONS.has(asked) ? asked : "/";
    // An unreachable provider is a page the browser can show, not a JSON problem.
    const started = await signIn.client.start(redirectUri(c.req.url))
      .catch((err) => err instanceof AppError ? err : Promise.reject(err));
    if (started instanceof AppError) return refusalPage(c, 503, started.code, started.message, to);
    const { url, pending } = started;
    const secure = cookieSecure(c, signIn.publicUrl);
    const sealed = await signIn.sealer.seal({ ...pending, to }, LOGIN_AUDIENCE, LOGIN_TTL_SECONDS);
    // Lax, not Strict: the provider's redirect back is a cross-site navigation, and it must bring this cookie.
    c.header(
      "set-cookie",
      cookieHeader(cookieName(LOGIN_COOKIE, secure), sealed, {
        secure,
        sameSite: "Lax",
        maxAge: LOGIN_TTL_SECONDS,
      }),
    );
    return c.redirect(url, 302);
  });

  app.get("/callback", async (c) => {
    const secure = cookieSecure(c, signIn.publicUrl);
    const loginName = cookieName(LOGIN_COOKIE, secure);
    const pending = await signIn.sealer.open<Pending>(getCookie(c, loginName), LOGIN_AUDIENCE);
    const to = pending?.to ?? "/";
    // The pending sign-in is used once, whatever happens next.
    c.header("set-cookie", cookieHeader(loginName, "", { secure, sameSite: "Lax", maxAge: 0 }));
    const code = c.req.query("code");
    const refused = c.req.query("error");
    if (pending && refused !== undefined && c.req.query("state") === pending.state) {
      // The provider's own refusal (the person cancelled, say), named by its OAuth error code only.
      return refusalPage(
        c,
        401,
        "unauthorized",
        `The identity provider refused the sign-in (${refused.slice(0, 60)})`,
        to,
      );
    }
    if (!pending || !code || c.req.query("state") !== pending.state) {
      return refusalPage(c, 401, "unauthorized", "The sign-in could not be matched to one this browser started", to);
    }
    try {
      const claims = await signIn.client.finish(code, redirectUri(c.req.url), pending);
      const person = personOf(claims, signIn.mapping);
      if (person.roles.length === 0) {
        return refusalPage(c, 403, "forbidden", `${person.name} holds no console role`, to);
      }
      const session = { ...person, csrf: crypto.randomUUID(), sid: crypto.randomUUID() };
      const sealed = await signIn.sealer.seal(session, SESSION_AUDIENCE, signIn.ttlSeconds);
      c.header(
        "set-cookie",
        cookieHeader(cookieName(SESSION_COOKIE, secure), sealed, {
          secure,
          sameSite: "Strict",
          maxAge: signIn.ttlSeconds,
        }),
        { append: true },
      );
      c.var.log.info("console sign-in", { sub: person.sub, roles: person.roles });
      return continuePage(c, to);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return refusalPage(c, err.status as 401, err.code, err.message, to);
    }
  });

  app.post("/logout", async (c) => {
    const session = sessionFor(c, () => true);
    if (!session) throw new AppError("unauthorized", "Nobody is signed in");
    // Removing the cookie from this browser is not enough: a copy of it must stop working too.
    await signIn.revoked.add(session.sid, session.exp ?? Math.floor(Date.now() / 1000) + signIn.ttlSeconds);
    const secure = cookieSecure(c, signIn.publicUrl);
    c.header(
      "set-cookie",
      cookieHeader(cookieName(SESSION_COOKIE, secure), "", { secure, sameSite: "Strict", maxAge: 0 }),
    );
    return c.body(null, 204);
  });
  return app;
}
