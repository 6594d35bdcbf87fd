/**
 * `/docs`: the API reference (Scalar) over the service's own `/openapi.json`. The reference's script is the
 * `@scalar/api-reference` standalone bundle from the installed packages, read once at start and served here under
 * its version, so the page loads nothing from another host; its content security policy admits this origin only
 * (and the page's two inline scripts by a nonce drawn for each response).
 */
import { Buffer } from "node:buffer";
import { Hono, type MiddlewareHandler } from "hono";
import { Scalar } from "@scalar/hono-api-reference";

const PACKAGE = new URL("../node_modules/@scalar/api-reference/", import.meta.url);
const VERSION = (JSON.parse(Deno.readTextFileSync(new URL("package.json", PACKAGE))) as { version: string }).version;
const BUNDLE = Deno.readFileSync(new URL("dist/browser/standalone.js", PACKAGE));

/** Where the reference's script is served: the version in the path lets browsers keep it for good. */
export const DOCS_SCRIPT_PATH = `/docs/assets/scalar-${VERSION}.js`;

/**
 * What the reference needs, from this origin only: its script, the nonce'd inline start-up, the styles it writes at
 * run time ('unsafe-inline': it injects style elements and attributes), images and fonts it embeds as data URLs, and
 * fetches of the document (and of "try it" calls) to this origin.
 */
function policy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The page's environment: the nonce its inline scripts carry. */
type DocsEnv = { Variables: { nonce: string } };

/** Draws the response's nonce and sets the page's security headers once it is rendered. */
const pageHeaders: MiddlewareHandler<DocsEnv> = async (c, next) => {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  c.set("nonce", nonce);
  await next();
  c.res.headers.set("content-security-policy", policy(nonce));
  c.res.headers.set("x-content-type-options", "nosniff");
  c.res.headers.set("referrer-policy", "no-referrer");
  c.res.headers.set("cache-control", "no-store");
};

/** `GET /docs` and its script; no credential (the document is public, and calls made from the page need their own). */
export function docsRoutes() {
  const app = new Hono<DocsEnv>();
  app.get(DOCS_SCRIPT_PATH, (c) =>
    c.body(BUNDLE, 200, {
      "content-type": "application/javascript; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    }));
  app.get(
    "/docs",
    pageHeaders,
    Scalar<DocsEnv>((c) => ({
      url: "/openapi.json",
      cdn: DOCS_SCRIPT_PATH,
      nonce: c.var.nonce,
      pageTitle: "API reference",
      withDefaultFonts: false,
      telemetry: false,
      showDeveloperTools: "never",
      mcp: { disabled: true },
      // The assistant would send the document to Scalar's service: off, whatever the host is called.
      agent: { disabled: true },
    })),
  );
  return app;
}
