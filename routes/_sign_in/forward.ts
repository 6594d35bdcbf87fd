/**
 * The consoles' calls, made with the session, reach the JSON APIs through the console's own path: the API
 * routes never read the cookie (CONTRACT 0). `/console/api/<api>/...` checks the session's role and CSRF token,
 * then hands the call to the same application in process under the API's path, with the person in the call's
 * environment under a symbol no client can send; the API's credential check takes the person from there.
 */
import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "@/domain/errors.ts";
import type { AppEnv } from "../_env.ts";
import type { ConsoleRole, ConsoleSession } from "./session.ts";

const FORWARDED = Symbol("console session");

/** What a forwarded call's environment holds beside the connection's own information. */
type ForwardedEnv = Record<string | symbol, unknown> & { [FORWARDED]?: ConsoleSession };

/** The session a console forwarded this API call for, if any. */
export function forwardedSession(c: Context): ConsoleSession | undefined {
  return (c.env as ForwardedEnv | undefined)?.[FORWARDED];
}

/** The headers an API call keeps: the body's type and what the caller accepts, never the cookie. */
const KEPT = ["content-type", "content-encoding", "accept", "accept-language"];

/**
 * `/console/api/<name>/*` for one API: `apiBase` is its path (`/api/directory/v1/admin/`), `roles` the console
 * roles of which it needs one, `csrf` the session check (sessionFor), `fetch` the application itself.
 */
export function forwardToApi(
  apiBase: string,
  roles: readonly ConsoleRole[],
  csrf: (c: Context<AppEnv>, role: (r: ConsoleRole[]) => boolean) => ConsoleSession | undefined,
  fetch: (req: Request, env: unknown) => Response | Promise<Response>,
): MiddlewareHandler<AppEnv> {
  return async (c) => {
    const session = csrf(c, (held) => held.some((r) => roles.includes(r)));
    if (!session) throw new AppError("unauthorized", "This console call needs a signed-in person with the role");
    const url = new URL(c.req.url);
    const rest = url.pathname.replace(/^\/console\/api\/[^/]+\//, "");
    const headers = new Headers();
    for (const name of KEPT) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    const write = c.req.method !== "GET" && c.req.method !== "HEAD";
    // The body streams through (read under the batch cap here): the API route's own cap, by its kind of body,
    // decides, so an import through the console is held to what the API allows, not to a record's cap.
    const req = new Request(new URL(`${apiBase}${rest}${url.search}`, url), {
      method: c.req.method,
      headers,
      body: write ? c.req.raw.body : undefined,
      duplex: "half",
    } as RequestInit);
    return await fetch(req, { ...(c.env as object), [FORWARDED]: session });
  };
}
