/**
 * The consoles load only their own screens (issue 15 item 4), attacked in headless Chromium (Debian's package).
 * A portal proposes a term whose definition carries markup, and a member ingests a document whose title does:
 * each is a button or form wired to the console's own `data-action`/`data-api` gadgets (approve another term;
 * point the embedding endpoint elsewhere). The administrator then opens a console whose URL hash names an API
 * path (`#../../api/...`), which the script used to fetch with the administrator's credential and put into the
 * page as markup. Here the hostile markup must never become an element, clicking what is there must change
 * nothing, and no state-changing request may leave the page; where the text is shown, it is shown as text.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./_browser.ts";
import { body, type Item } from "../_helpers/app.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import type { schemas as rag } from "@/domain/rag/mod.ts";
import type { PageGlobals } from "./_page.ts";
import { ADMIN_KEY } from "../_helpers/tokens.ts";

const EVIL_ENDPOINT = "http://127.0.0.1:9/v1/embeddings";

let r: RagTestApp;
let server: Deno.HttpServer<Deno.NetAddr>;
let browser: Browser;
let base: string;
let adminToken: string;
let victim: string;
let hostileTerm: string;
/** Every request a page sent other than a GET (a state change), by page. */
const writes = new Map<Page, string[]>();

const termStatus = async (id: string) =>
  (await body<Item<schemas.TermWithRelations>>(await r.app.admin(`/terms/${id}`))).data.status;
const embeddingEndpoint = async () =>
  (await body<rag.VersionedSettings>(await r.call("/admin/settings", { token: adminToken }))).settings.embedding
    .endpoint;

/** A page that records its writes; `headers` go with every request (the session gateway's part). */
async function newPage(headers: Record<string, string> = {}): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: headers });
  const page = await context.newPage();
  const seen: string[] = [];
  page.on("request", (req) => {
    if (req.method() !== "GET") seen.push(`${req.method()} ${new URL(req.url()).pathname}`);
  });
  page.on("dialog", (d) => d.accept());
  writes.set(page, seen);
  return page;
}

/** Whether an element of the hostile markup exists in the page. */
const planted = (page: Page, selector: string) =>
  page.evaluate((sel) => (globalThis as unknown as PageGlobals).document.querySelector(sel) !== null, selector);

/** Clicks the planted element if the page made one (as an administrator would), then gives its call time to land. */
async function clickIfPlanted(page: Page, selector: string) {
  if (await planted(page, selector)) {
    await page.click(selector, { timeout: 2000 }).catch(() => {});
    await page.waitForTimeout(500);
  }
}

before(async () => {
  r = await startRagApp();
  server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, r.app.runtime.app.fetch);
  base = `http://127.0.0.1:${server.addr.port}`;
  adminToken = await r.token({ admin: true, clearance: 3, sub: "console-admin" });
  const proposed = async (notation: string, definition = "") => {
    const res = await r.app.portal("/glossary/term-proposals", {
      method: "POST",
      json: { terms: [{ notation, definition }] },
    });
    return (await body<Item<schemas.ProposalResult>>(res)).data.proposed[0].id;
  };
  victim = await proposed("피해용어", "검토 전인 용어");
  const approve = `/api/directory/v1/admin/terms/${victim}/approve`;
  hostileTerm = await proposed(
    "악성정의",
    `<button id='evil-approve' data-action='POST ${approve}'>확인</button>` +
      `<a id='evil-view' href='#x' data-view='../../api/directory/v1/admin/terms'>목록</a>`,
  );
  const title = `<form id='evil-form' data-api='PUT /api/v1/admin/settings'>` +
    `<input name='embedding.endpoint' value='${EVIL_ENDPOINT}'><button id='evil-submit'>확인</button></form>`;
  const doc = await r.document("/attack/title.html", "<p>본문</p>", { title });
  const refused = await r.call("/documents", { method: "POST", json: { ...doc, checksum: "f".repeat(64) } });
  assert.equal(refused.status, 422, "a failed document keeps its title in the overview's recent failures");
  await refused.body?.cancel();
  const overview = await r.call("/admin/overview", { token: adminToken });
  assert.match(await overview.text(), /evil-submit/, "the administrator's JSON carries the hostile title");
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.shutdown();
  await r?.stop();
});

describe("the directory console under a hostile term definition", () => {
  let page: Page;
  before(async () => {
    page = await newPage();
    await page.goto(`${base}/console/?lang=ko`);
    await page.fill("#key-form input[name=key]", ADMIN_KEY);
    await page.click("#key-form button[type=submit]");
    await page.waitForSelector("#users");
  });

  it("a hash naming an API path renders no JSON and plants nothing; clicking changes nothing", async () => {
    const shown: string[] = [];
    for (
      const hash of [
        "../../api/directory/v1/admin/terms?status=proposed",
        "..%2F..%2Fapi%2Fdirectory%2Fv1%2Fadmin%2Fterms",
        `/api/directory/v1/admin/terms/${hostileTerm}`,
      ]
    ) {
      await page.goto("about:blank");
      await page.goto(`${base}/console/?lang=ko#${hash}`);
      await page.waitForSelector("#users", { timeout: 5000 }).catch(() => {});
      await page.waitForTimeout(300);
      if (await planted(page, "#evil-approve")) shown.push(`${hash}: planted`);
      if (/"items"|"definition"/.test(await page.textContent("#main") ?? "")) shown.push(`${hash}: JSON shown`);
      await clickIfPlanted(page, "#evil-approve");
    }
    assert.equal(await termStatus(victim), "proposed", "the planted button approved a term");
    assert.deepEqual(writes.get(page), [], "no state-changing call left the page");
    assert.deepEqual(shown, []);
  });

  it("the screens show the definition as text, never as markup", async () => {
    await page.click("nav a[data-view=terms]");
    await page.waitForSelector("#terms tr[data-term=악성정의]");
    assert.match(await page.textContent("#terms tr[data-term=악성정의]") ?? "", /<button id='evil-approve'/);
    await page.click("#terms tr[data-term=악성정의] td:first-child a");
    await page.waitForSelector("#term-form");
    assert.match(await page.inputValue("#term-form textarea[name=definition]"), /data-action='POST/);
    for (const selector of ["#evil-approve", "#evil-view"]) assert.equal(await planted(page, selector), false);
    assert.equal(await termStatus(victim), "proposed");
    assert.deepEqual(writes.get(page), []);
  });
});

describe("the retrieval console under a hostile document title", () => {
  let page: Page;
  before(async () => {
    page = await newPage({ authorization: `Bearer ${adminToken}` });
  });

  it("a hash naming an API path renders no JSON and plants no form; submitting changes nothing", async () => {
    const endpoint = await embeddingEndpoint();
    const shown: string[] = [];
    for (
      const hash of ["../api/v1/admin/overview", "../api/v1/admin/settings", "overview/../../api/v1/admin/overview"]
    ) {
      await page.goto("about:blank");
      await page.goto(`${base}/?lang=ko#${hash}`);
      await page.waitForSelector("#overview-documents", { timeout: 5000 }).catch(() => {});
      await page.waitForTimeout(300);
      if (await planted(page, "#evil-submit")) shown.push(`${hash}: planted`);
      if (/"recentFailures"|"settings"/.test(await page.textContent("#main") ?? "")) shown.push(`${hash}: JSON shown`);
      await clickIfPlanted(page, "#evil-submit");
    }
    assert.equal(await embeddingEndpoint(), endpoint, "the planted form changed the embedding endpoint");
    assert.deepEqual(writes.get(page), [], "no state-changing call left the page");
    assert.deepEqual(shown, []);
  });

  it("the overview and documents screens show the title as text, never as markup", async () => {
    await page.goto(`${base}/?lang=ko`);
    await page.waitForSelector("#overview-failures");
    assert.match(await page.textContent("#overview-failures") ?? "", /<form id='evil-form'/);
    await page.click("nav a[data-view=documents]");
    await page.click(`a[data-view="documents?state=failed"]`);
    await page.waitForSelector("#documents tr[data-status=failed]");
    assert.match(await page.textContent("#documents") ?? "", /<input name='embedding.endpoint'/);
    for (const selector of ["#evil-form", "#evil-submit"]) assert.equal(await planted(page, selector), false);
    assert.deepEqual(writes.get(page), []);
  });
});

describe("the consoles' pages forbid inline script", () => {
  it("both shells and their screens carry a policy with script-src 'self' and no 'unsafe-inline'", async () => {
    const shells: Array<[string, HeadersInit]> = [
      ["/console/", {}],
      ["/console/views/terms", { "x-directory-admin-key": ADMIN_KEY }],
      ["/", { authorization: `Bearer ${adminToken}` }],
      ["/views/overview", { authorization: `Bearer ${adminToken}` }],
    ];
    for (const [path, headers] of shells) {
      const res = await fetch(`${base}${path}`, { headers });
      await res.body?.cancel();
      assert.equal(res.status, 200, path);
      const csp = res.headers.get("content-security-policy") ?? "";
      assert.match(csp, /script-src 'self'(;|$)/, path);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/, path);
    }
  });
});
