/**
 * What makes the directory console pleasant to use, in headless Chromium: back, forward and reload keep the
 * screen with its filters, page size, server-side order and scroll position; lists count their rows, say when they are
 * empty and show that they are loading; a form's errors stand beside their fields in the page's language; the
 * English screens show the directory's English names; Korean text breaks between words only.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page, Route } from "playwright-core";
import { launchBrowser } from "./_browser.ts";
import { body, type Item, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import type { PageGlobals } from "./_page.ts";
import { ADMIN_KEY } from "../_helpers/tokens.ts";

let app: TestApp;
let server: Deno.HttpServer<Deno.NetAddr>;
let browser: Browser;
let page: Page;
let base: string;

before(async () => {
  app = await startTestApp();
  server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.runtime.app.fetch);
  base = `http://127.0.0.1:${server.addr.port}`;
  const dept = (await body<Item<schemas.Department>>(
    await app.admin("/departments", { method: "POST", json: { code: "UXP", name: "경험설계팀", nameEn: "UX Design" } }),
  )).data;
  for (let i = 0; i < 45; i++) {
    const n = String(i).padStart(2, "0");
    const res = await app.admin("/users", {
      method: "POST",
      json: { loginId: `ux.${n}`, koreanName: `사용자${n}`, englishName: `User ${n}`, departmentId: dept.id },
    });
    assert.equal(res.status, 201, await res.clone().text());
  }
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1000, height: 500 } });
});

after(async () => {
  await browser?.close();
  await server?.shutdown();
  await app?.stop();
});

const hash = () => decodeURIComponent(new URL(page.url()).hash);
const scrollY = () => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);

/** Waits until no screen is on its way (back and forward change the URL before their screen arrives). */
const settled = () => page.waitForSelector("#main[aria-busy=false]");

async function waitRows(n: number) {
  await settled();
  await page.waitForFunction(
    (n) => (globalThis as unknown as PageGlobals).document.querySelectorAll("#users tbody tr").length === n,
    n,
  );
}

describe("directory console: history, lists and forms", () => {
  it("signs in on the users screen, counting its rows", async () => {
    await page.goto(`${base}/console/?lang=ko`);
    await page.fill("#key-form input[name=key]", ADMIN_KEY);
    await page.click("#key-form button[type=submit]");
    await waitRows(45);
    assert.equal(await page.getAttribute(".list-count", "data-shown"), "45");
    assert.equal(await page.textContent(".list-count"), "45건 표시");
  });

  it("keeps the page size in the URL, says more rows follow, and pages on", async () => {
    await page.selectOption("form[data-view-form=users] select[name=limit]", "20");
    await waitRows(20);
    assert.match(hash(), /limit=20/);
    assert.equal(await page.textContent(".list-count"), "20건 표시 · 다음 페이지가 있습니다");
    await page.click(".pager a[data-view]");
    await page.waitForFunction(() =>
      /cursor=/.test((globalThis as unknown as { location: { hash: string } }).location.hash)
    );
    await waitRows(20);
    assert.match(hash(), /limit=20/, "the next page keeps the size");
    await page.goBack();
    await page.waitForFunction(() =>
      !/cursor=/.test((globalThis as unknown as { location: { hash: string } }).location.hash)
    );
    await waitRows(20);
  });

  it("shows an empty state for a search that finds nothing, and back brings the list again", async () => {
    await page.fill("form[data-view-form=users] input[name=q]", "아무도없음");
    await page.click("form[data-view-form=users] button[type=submit]");
    await page.waitForSelector("#main .empty");
    assert.equal(await page.textContent("#main .empty"), "표시할 항목이 없습니다.");
    assert.match(hash(), /q=아무도없음/);
    await page.goBack();
    await waitRows(20);
    assert.equal(await page.inputValue("form[data-view-form=users] input[name=q]"), "");
    await page.goForward();
    await settled();
    await page.waitForSelector("#main .empty");
    assert.equal(await page.inputValue("form[data-view-form=users] input[name=q]"), "아무도없음", "the filter is back");
  });

  it("restores screen, filters and page size on reload", async () => {
    await page.fill("form[data-view-form=users] input[name=q]", "ux.1");
    await page.click("form[data-view-form=users] button[type=submit]");
    await waitRows(10);
    await page.reload();
    await waitRows(10);
    assert.equal(await page.inputValue("form[data-view-form=users] input[name=q]"), "ux.1");
    assert.equal(await page.inputValue("form[data-view-form=users] select[name=limit]"), "20");
  });

  it("orders the list from a header on the server, keeps the order in the URL, and a reload keeps it", async () => {
    const logins = () => page.locator("#users tbody tr td:nth-child(2)").allTextContents();
    const ordered = (order: string) =>
      page.waitForFunction(
        (order) => (globalThis as unknown as { location: { hash: string } }).location.hash.endsWith(order),
        `order=${order}`,
      );
    await page.click("#users thead th:nth-child(2) .sort a");
    await ordered("loginId");
    await waitRows(10);
    assert.equal(await page.getAttribute("#users thead th:nth-child(2)", "aria-sort"), "ascending");
    await page.click("#users thead th:nth-child(2) .sort a");
    await ordered("-loginId");
    await waitRows(10);
    assert.equal(await page.getAttribute("#users thead th:nth-child(2)", "aria-sort"), "descending");
    const shown = await logins();
    assert.deepEqual(shown, [...shown].sort().reverse());
    assert.match(hash(), /q=ux\.1/, "the filter stays");
    await page.reload();
    await waitRows(10);
    assert.deepEqual(await logins(), shown);
    assert.equal(await page.getAttribute("#users thead th:nth-child(2)", "aria-sort"), "descending");
  });

  it("comes back to the scroll position a screen was left at", async () => {
    await page.click("nav a[data-view=users]");
    await waitRows(45);
    const last = page.locator("#users tbody tr:last-child td:first-child a");
    await last.scrollIntoViewIfNeeded();
    const left = await scrollY();
    assert.ok(left > 0, "the list is taller than the window");
    await last.click();
    await page.waitForSelector("#user-form");
    assert.equal(await scrollY(), 0, "a new screen opens at the top");
    await page.goBack();
    await waitRows(45);
    await page.waitForFunction((y) => (globalThis as unknown as { scrollY: number }).scrollY === y, left);
  });

  it("shows that a screen is loading while it is on its way", async () => {
    let release = () => {};
    const held = new Promise<void>((r) => release = r);
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    await page.route("**/console/views/companies*", hold);
    await page.click("nav a[data-view=companies]");
    await page.waitForSelector("#loading:not([hidden])");
    assert.equal(await page.getAttribute("#main", "aria-busy"), "true");
    release();
    await page.waitForSelector("#companies");
    assert.equal(await page.isVisible("#loading"), false);
    assert.equal(await page.getAttribute("#main", "aria-busy"), "false");
    await page.unroute("**/console/views/companies*", hold);
  });

  it("puts a form's errors beside their fields, linked for screen readers, with the problem in Korean", async () => {
    const form = "form[data-api$='/admin/companies']";
    await page.fill(`${form} input[name=code]`, "잘못된 코드");
    await page.fill(`${form} input[name=name]`, "시험회사");
    await page.click(`${form} button[type=submit]`);
    await page.waitForSelector("#message.error");
    assert.equal(await page.textContent("#message"), "입력값이 올바르지 않습니다. 표시된 항목을 확인하세요.");
    const field = `${form} input[name=code]`;
    assert.equal(await page.getAttribute(field, "aria-invalid"), "true");
    const described = await page.getAttribute(field, "aria-describedby");
    assert.ok(described);
    assert.match(await page.textContent(`#${described}`) ?? "", /영문자·숫자/, "the field's message in Korean too");
    assert.equal(
      await page.evaluate(() => {
        const g = globalThis as unknown as { document: { activeElement: { name?: string } | null } };
        return g.document.activeElement?.name;
      }),
      "code",
      "the field in error has the focus",
    );
  });

  it("the skip link moves the focus to the screen without leaving it", async () => {
    const before = hash();
    await page.focus("a.skip");
    await page.keyboard.press("Enter");
    assert.equal(
      await page.evaluate(() => {
        const g = globalThis as unknown as { document: { activeElement: { id?: string } | null } };
        return g.document.activeElement?.id;
      }),
      "main",
    );
    assert.equal(hash(), before);
  });

  it("breaks Korean text between words only", async () => {
    const wordBreak = await page.evaluate(() => {
      const g = globalThis as unknown as {
        getComputedStyle(el: unknown): { wordBreak: string };
        document: { querySelector(s: string): unknown };
      };
      return g.getComputedStyle(g.document.querySelector("#companies td")).wordBreak;
    });
    assert.equal(wordBreak, "keep-all");
  });

  it("shows the directory's English names on the English screens", async () => {
    await page.click("a[data-lang-link=en]");
    await page.waitForSelector("nav:not([hidden])");
    await page.click("nav a[data-view=users]");
    await page.waitForSelector("#users tr[data-login='ux.00']");
    assert.equal(await page.textContent("#users tr[data-login='ux.00'] td:first-child"), "User 00");
    assert.equal(await page.textContent("#users tr[data-login='ux.00'] td:nth-child(3)"), "UX Design");
    await page.click("nav a[data-view=departments]");
    await page.waitForSelector("li[data-department=UXP]");
    assert.equal(await page.textContent("li[data-department=UXP] strong"), "UX Design");
    await page.click("nav a[data-view=terms]");
    await page.waitForSelector("#main .empty");
    assert.equal(await page.textContent("#main .empty"), "Nothing to show.");
  });
});
