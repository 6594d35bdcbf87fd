/**
 * `/docs` in headless Chromium: the reference renders the service's operations from its own script and document,
 * asks no other host for anything, and breaks none of its content security policy.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./_browser.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";

let rag: RagTestApp;
let server: Deno.HttpServer<Deno.NetAddr>;
let browser: Browser;
let base: string;

before(async () => {
  rag = await startRagApp({}, { workers: false });
  server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, rag.app.runtime.app.fetch);
  base = `http://127.0.0.1:${server.addr.port}`;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.shutdown();
  await rag?.stop();
});

describe("the API reference in a browser", () => {
  it("renders the operations from this origin alone, within its content security policy", async () => {
    const page = await browser.newPage();
    const elsewhere: string[] = [];
    const refused: string[] = [];
    page.on("request", (r) => {
      const url = r.url();
      if (!url.startsWith(`${base}/`) && !/^(data|blob):/.test(url)) elsewhere.push(url);
    });
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
    });
    page.on("pageerror", (e) => refused.push(`page error: ${e.message}`));
    await page.goto(`${base}/docs`);
    // The first group opens by itself; the others are listed by their tags.
    await page.getByText("The process is up").first().waitFor({ timeout: 20_000 });
    await page.getByText("Open Group - retrieval", { exact: true }).first().waitFor({ timeout: 5_000 });
    assert.equal(await page.getByText("Ask AI").count(), 0, "no assistant that would send the document away");
    assert.deepEqual(elsewhere, []);
    assert.deepEqual(refused, []);
    await page.close();
  });
});
