/**
 * What every console response shares: a strict content security policy (only the kit's
 * own script and stylesheet, no inline code, no string evaluation), no caching and no
 * referrer; and the routes that serve the kit's script and stylesheet, which hold nothing
 * secret and need no credential.
 */
import { Hono, type MiddlewareHandler } from "hono";

const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

/** Sets the consoles' security headers on the response, whatever it is (errors included). */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(k, v);
};

const read = (file: string) => Deno.readTextFileSync(new URL(`./static/${file}`, import.meta.url));
const ASSETS: Record<string, [string, string]> = {
  "console.js": ["application/javascript; charset=utf-8", read("console.js")],
  "console.css": ["text/css; charset=utf-8", read("console.css")],
};

/** The kit's script and stylesheet, mounted once at CONSOLE_KIT_BASE for every console of the process. */
export function consoleKitRoutes() {
  const app = new Hono();
  app.use("*", securityHeaders);
  app.get("/:file{console\\.(js|css)}", (c) => {
    const [type, body] = ASSETS[c.req.param("file")];
    return c.body(body, 200, { "content-type": type });
  });
  return app;
}
