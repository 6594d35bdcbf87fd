/**
 * The directory console's lists and the definition editor in headless Chromium: the users list says how many
 * users its filters match, a header orders the whole list on the server (the first page in descending order
 * starts with the globally last row, not the last of the rows a page happened to hold), and a term's definition
 * shows its word diff against the approved text while it is being typed; axe-core finds no serious or critical
 * issue on either screen.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./_browser.ts";
import { seriousViolations, withAxe } from "./_axe.ts";
import { body, type List, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import type { PageGlobals } from "./_page.ts";
import { ADMIN_KEY } from "../_helpers/tokens.ts";

const APPROVED = "전자 문서로 하는 결재";

let app: TestApp;
let server: Deno.HttpServer<Deno.NetAddr>;
let browser: Browser;
let page: Page;
let base: string;
let termId: string;
/** The login of the user last in id order, renamed to sort last by name: never on the id walk's first page. */
let lastByName: string;

before(async () => {
  app = await startTestApp();
  server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.runtime.app.fetch);
  base = `http://127.0.0.1:${server.addr.port}`;
  // Created in an order unlike their login ids, so no page of the id walk is already in login order.
  for (let i = 0; i < 25; i++) {
    const n = String((i * 11) % 25).padStart(2, "0");
    const res = await app.admin("/users", { method: "POST", json: { loginId: `lst.${n}`, koreanName: `목록${n}` } });
    assert.equal(res.status, 201, await res.clone().text());
  }
  const byId = (await body<List<schemas.DirectoryUser>>(await app.admin("/users?limit=100"))).data.items;
  const last = byId[byId.length - 1];
  const renamed = await app.admin(`/users/${last.id}`, {
    method: "PATCH",
    json: { koreanName: "힣힣힣", version: last.version },
  });
  assert.equal(renamed.status, 200, await renamed.clone().text());
  lastByName = last.loginId;
  await app.portal("/glossary/term-proposals", {
    method: "POST",
    json: { terms: [{ notation: "전자결재", definition: APPROVED }] },
  });
  const term = (await body<List<schemas.Term>>(await app.admin("/terms?status=proposed"))).data.items[0];
  const approved = await app.admin(`/terms/${term.id}/approve?version=${term.version}`, { method: "POST" });
  assert.equal(approved.status, 200, await approved.clone().text());
  termId = term.id;
  browser = await launchBrowser();
  const context = await browser.newContext();
  await withAxe(context);
  page = await context.newPage();
});

after(async () => {
  await browser?.close();
  await server?.shutdown();
  await app?.stop();
});

const settled = () => page.waitForSelector("#main[aria-busy=false]");
const logins = () => page.locator("#users tbody tr td:nth-child(2)").allTextContents();

async function waitRows(n: number) {
  await settled();
  await page.waitForFunction(
    (n) => (globalThis as unknown as PageGlobals).document.querySelectorAll("#users tbody tr").length === n,
    n,
  );
}

const hashHas = (text: string) =>
  page.waitForFunction(
    (text) =>
      decodeURIComponent((globalThis as unknown as { location: { hash: string } }).location.hash).includes(text),
    text,
  );

describe("directory console: list totals, order across pages, live definition diff", () => {
  it("says how many users the list's filters match, beside the rows a page shows", async () => {
    await page.goto(`${base}/console/?lang=ko#users?limit=20`);
    await page.fill("#key-form input[name=key]", ADMIN_KEY);
    await page.click("#key-form button[type=submit]");
    await waitRows(20);
    assert.equal(await page.getAttribute(".list-total", "data-total"), "25");
    assert.equal(
      (await page.textContent(".pager"))?.replace(/\s+/g, " ").trim().startsWith("전체 25건 · 20건 표시"),
      true,
    );
    await page.fill("form[data-view-form=users] input[name=q]", "lst.1");
    await page.click("form[data-view-form=users] button[type=submit]");
    await waitRows(10);
    assert.equal(await page.getAttribute(".list-total", "data-total"), "10", "the total follows the filters");
  });

  it("orders the whole list from a header: the first page descending starts with the globally last row", async () => {
    await page.goto(`${base}/console/?lang=ko#users?limit=20`);
    await waitRows(20);
    const idOrder = await logins();
    await page.click("#users thead th:nth-child(2) .sort a");
    await hashHas("order=loginId");
    await waitRows(20);
    assert.deepEqual(await logins(), Array.from({ length: 20 }, (_, i) => `lst.${String(i).padStart(2, "0")}`));
    await page.click("#users thead th:nth-child(1) .sort a");
    await hashHas("order=name");
    await waitRows(20);
    await page.click("#users thead th:nth-child(1) .sort a");
    await hashHas("order=-name");
    await waitRows(20);
    assert.equal((await logins())[0], lastByName, "the globally last name comes first");
    assert.ok(!idOrder.includes(lastByName), "it was not among the rows of the first page in id order");
    assert.equal(await page.getAttribute("#users thead th:nth-child(1)", "aria-sort"), "descending");
    await page.click("#users thead th:nth-child(2) .sort a");
    await hashHas("order=loginId");
    await page.click("#users thead th:nth-child(2) .sort a");
    await hashHas("order=-loginId");
    await waitRows(20);
    assert.equal((await logins())[0], "lst.24");
    assert.equal(await page.getAttribute("#users thead th:nth-child(2)", "aria-sort"), "descending");
    assert.equal(await page.getAttribute(".list-total", "data-total"), "25");
    await page.click(".pager a[data-view]");
    await hashHas("cursor=");
    await waitRows(5);
    assert.deepEqual(await logins(), ["lst.04", "lst.03", "lst.02", "lst.01", "lst.00"], "page two goes on in order");
    assert.deepEqual(await seriousViolations(page), []);
  });

  it("shows the definition's word diff against the approved text while it is typed", async () => {
    await page.goto(`${base}/console/?lang=ko#term?id=${termId}`);
    await page.waitForSelector("#term-form textarea[name=definition]");
    assert.equal(await page.isVisible("#definition-preview"), false, "no preview while nothing changed");
    const box = page.locator("#term-form textarea[name=definition]");
    await box.fill("전자 문서로 처리하는 결재");
    await page.waitForSelector("#definition-preview:not([hidden])");
    assert.deepEqual(await page.locator("#definition-preview del").allTextContents(), ["하는"]);
    assert.deepEqual(await page.locator("#definition-preview ins").allTextContents(), ["처리하는"]);
    assert.equal(await page.textContent("#definition-preview .diff"), "전자 문서로 하는처리하는 결재");
    await box.press("End");
    await box.type(" <b>끝</b>");
    await page.waitForFunction(() =>
      (globalThis as unknown as PageGlobals).document.querySelector("#definition-preview ins:last-of-type")
        ?.textContent?.includes("<b>끝</b>")
    );
    assert.equal(await page.locator("#definition-preview b").count(), 0, "typed markup stays text");
    assert.deepEqual(await seriousViolations(page), []);
    await box.fill(APPROVED);
    await page.waitForSelector("#definition-preview[hidden]", { state: "attached" });
  });
});
