/**
 * `/docs`: the API reference page loads only what this service serves (no CDN address anywhere in the page), under a
 * content security policy that names no other host, and its script is the installed bundle, cacheable for good.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { startTestApp, type TestApp } from "../_helpers/app.ts";
import { DOCS_SCRIPT_PATH } from "@/routes/docs.ts";

let app: TestApp;

before(async () => {
  app = await startTestApp();
});

after(async () => {
  await app?.stop();
});

describe("the API reference page", () => {
  it("points at this service's own script and document, and at no other host", async () => {
    const res = await app.request("/docs");
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
    const html = await res.text();
    assert.deepEqual([...html.matchAll(/<script[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]), [DOCS_SCRIPT_PATH]);
    assert.match(html, /"url": "\/openapi\.json"/);
    assert.deepEqual(html.match(/(?:https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/gi) ?? [], [], "no address of another host");
    assert.doesNotMatch(html, /jsdelivr|unpkg|cdn\./i);
  });

  it("allows scripts from this origin and its own nonce'd inline start-up only", async () => {
    const res = await app.request("/docs");
    const csp = res.headers.get("content-security-policy") ?? "";
    const html = await res.text();
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    assert.ok(nonce, csp);
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    assert.ok(inline.length > 0);
    for (const attributes of inline) assert.match(attributes, new RegExp(`nonce="${nonce.replace(/[+/=]/g, "\\$&")}"`));
    for (const directive of csp.split(";").map((d) => d.trim().split(/\s+/))) {
      for (const source of directive.slice(1)) {
        assert.match(
          source,
          /^('self'|'none'|'unsafe-inline'|'nonce-[^']+'|data:|blob:)$/,
          `${directive[0]} ${source}`,
        );
      }
    }
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /script-src[^;]*'unsafe-(inline|eval)'/);
    const again = (await app.request("/docs")).headers.get("content-security-policy");
    assert.notEqual(again, csp, "each response draws its own nonce");
  });

  it("serves the installed reference bundle with long-lived caching", async () => {
    const res = await app.request(DOCS_SCRIPT_PATH);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /javascript/);
    assert.match(res.headers.get("cache-control") ?? "", /max-age=31536000, immutable/);
    const installed = Deno.readFileSync(
      new URL("../../node_modules/@scalar/api-reference/dist/browser/standalone.js", import.meta.url),
    );
    assert.deepEqual(new Uint8Array(await res.arrayBuffer()), installed);
  });
});
