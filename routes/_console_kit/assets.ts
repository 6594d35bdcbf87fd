/**
 * What every console response shares: a strict content security policy (only the kit's
 * own script and stylesheet, no inline code, no string evaluation), no caching and no
 * referrer; and the routes that serve the kit's script and stylesheet, which hold nothing
 * secret and need no credential.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { AppError } from "@/domain/errors.ts";

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
const SCRIPT = "application/javascript; charset=utf-8";
/** The kit's files: the script is an ES module (console.js) with the modules it imports (diff.js also serves the server's word diff). */
const ASSETS: Record<string, [string, string]> = {
  "console.js": [SCRIPT, read("console.js")],
  "credential.js": [SCRIPT, read("credential.js")],
  "forms.js": [SCRIPT, read("forms.js")],
  "diff.js": [SCRIPT, read("diff.js")],
  "tables.js": [SCRIPT, read("tables.js")],
  "console.css": ["text/css; charset=utf-8", read("console.css")],
};

/** The kit's script and stylesheet, mounted once at CONSOLE_KIT_BASE for every console of the process. */
export function consoleKitRoutes() {
  const app = new Hono();
  app.use("*", securityHeaders);
  app.get("/:file{[a-z]+\\.(js|css)}", (c) => {
    const asset = ASSETS[c.req.param("file")];
    if (!asset) throw new AppError("not_found", "No such console file");
    return c.body(asset[1], 200, { "content-type": asset[0] });
  });
  return app;
}
