/**
 * Drives the directory console in headless Chromium (Debian's package; nothing is
 * downloaded): the key goes only to sessionStorage, screens load with it, a user is
 * edited and deactivated, and the dashboard and sync screens show what the API holds.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./_browser.ts";
import { body, type Item, type List, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import type { PageGlobals } from "./_page.ts";
import { ADMIN_KEY, PORTAL_B_KEY } from "../_helpers/tokens.ts";

// In-page checks are functions, not strings: the console's content security policy
// (rightly) refuses string evaluation, and functions reach the page through the DevTools protocol.

let app: TestApp;
let server: Deno.HttpServer<Deno.NetAddr>;
let browser: Browser;
let page: Page;
let base: string;
const ids: Record<string, string> = {};

before(async () => {
  app = await startTestApp();
  server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.runtime.app.fetch);
  base = `http://127.0.0.1:${server.addr.port}`;
  const dept = (await body<Item<schemas.Department>>(
    await app.admin("/departments", { method: "POST", json: { code: "PLAT", name: "플랫폼팀", nameEn: "Platform" } }),
  )).data;
  await app.admin("/departments", {
    method: "POST",
    json: { code: "PLAT-DB", name: "데이터베이스파트", nameEn: "Database", parentId: dept.id },
  });
  for (
    const [login, ko, en] of [["kim.e2e", "김이투이", "E2E Kim"], ["lee.e2e", "이이투이", ""], [
      "park.e2e",
      "",
      "Park Only",
    ]]
  ) {
    const u = (await body<Item<schemas.DirectoryUser>>(
      await app.admin("/users", {
        method: "POST",
        json: { loginId: login, koreanName: ko, englishName: en, departmentId: dept.id },
      }),
    )).data;
    ids[login] = u.id;
  }
  await app.portal("/glossary/term-proposals", {
    method: "POST",
    json: {
      terms: [{
        notation: "전자결재",
        aliases: ["e-결재"],
        evidence: [{ kind: "content", contentKey: "portal-a:notice:7", excerpt: "전자결재 도입" }],
      }],
    },
  });
  await app.portal("/authorization-snapshot", {
    method: "POST",
    json: {
      portalId: "portal-a",
      sourceVersion: "e2e-1",
      entries: [{ userId: ids["kim.e2e"], assignments: [{ kind: "ROLE", key: "approver", label: "결재자" }] }],
    },
  });
  browser = await launchBrowser();
  page = await browser.newPage();
});

after(async () => {
  await browser?.close();
  await server?.shutdown();
  await app?.stop();
});

async function signIn(lang = "ko") {
  await page.goto(`${base}/console/?lang=${lang}`);
  await page.fill("#key-form input[name=key]", ADMIN_KEY);
  await page.click("#key-form button[type=submit]");
  await page.waitForSelector("#users tbody tr");
}

describe("directory console in a browser", () => {
  it("asks for the key, keeps it only in sessionStorage, and lists users with the Korean display-name rule", async () => {
    await page.goto(`${base}/console/`);
    assert.equal(await page.isVisible("#key-form"), true);
    await signIn();
    const stored = await page.evaluate(
      `({ session: sessionStorage.getItem("directory-admin-key"), local: JSON.stringify({ ...localStorage }), cookie: document.cookie })`,
    ) as { session: string | null; local: string; cookie: string };
    assert.equal(stored.session, ADMIN_KEY);
    assert.equal(stored.local, "{}");
    assert.equal(stored.cookie, "");
    assert.equal(page.url().includes(ADMIN_KEY), false);
    const names = await page.locator("#users tbody tr td:first-child").allTextContents();
    assert.ok(names.includes("김이투이"));
    assert.ok(names.includes("Park Only"), "Korean screens fall back to the English name");
  });

  it("searches users, edits one through the form, and the API holds the change", async () => {
    await page.fill("form[data-view-form=users] input[name=q]", "kim.e2e");
    await page.click("form[data-view-form=users] button[type=submit]");
    await page.waitForFunction(() =>
      (globalThis as unknown as PageGlobals).document.querySelectorAll("#users tbody tr").length === 1
    );
    await page.click("#users tbody tr td:first-child a");
    await page.waitForSelector("#user-form");
    await page.fill("#user-form input[name=jobTitle]", "수석");
    await page.selectOption("#user-form select[name=clearanceLevel]", "2");
    await page.click("#user-form button[type=submit]");
    await page.waitForSelector("#message.ok");
    const user = (await body<Item<schemas.DirectoryUser>>(await app.admin(`/users/${ids["kim.e2e"]}`))).data;
    assert.equal(user.jobTitle, "수석");
    assert.equal(user.clearanceLevel, 2);
    assert.equal(
      await page.inputValue("#user-form input[name=version]"),
      String(user.version),
      "the form reloads at the new version",
    );
  });

  it("deactivates a user after confirmation", async () => {
    page.once("dialog", (d) => d.accept());
    await page.click(`#user-form button[data-action$="/deactivate"]`);
    await page.waitForFunction(() =>
      !(globalThis as unknown as PageGlobals).document.querySelector("#user-form input[name=isActive]")?.checked
    );
    assert.equal(
      (await body<Item<schemas.DirectoryUser>>(await app.admin(`/users/${ids["kim.e2e"]}`))).data.isActive,
      false,
    );
  });

  it("shows departments as a tree, the dashboard with drift, and sync status", async () => {
    await page.click("nav a[data-view=departments]");
    await page.waitForSelector("li[data-department=PLAT-DB]");
    const margin = await page.evaluate(
      `getComputedStyle(document.querySelector("li[data-department=PLAT-DB]")).marginLeft`,
    ) as string;
    const rootMargin = await page.evaluate(
      `getComputedStyle(document.querySelector("li[data-department=PLAT]")).marginLeft`,
    ) as string;
    assert.ok(parseFloat(margin) > parseFloat(rootMargin), `child indented (${margin} > ${rootMargin})`);
    await page.click("nav a[data-view=dashboard]");
    await page.waitForSelector("#portals tr[data-portal=portal-a]");
    const row = await page.textContent("#portals tr[data-portal=portal-a]");
    assert.match(row ?? "", /e2e-1/);
    assert.match(
      await page.textContent("#portals tr[data-portal=portal-a] td.drift") ?? "",
      /1/,
      "the deactivated approver is drift",
    );
    await page.click("#portals tr[data-portal=portal-a] td:first-child a");
    await page.waitForSelector("tr[data-user]");
    assert.match(await page.textContent("tr[data-user]") ?? "", /결재자/);
    await page.click("nav a[data-view=sync-status]");
    await page.waitForSelector("#sync tr[data-portal=portal-b][data-resource=users]");
    const neverSynced = "#sync tr[data-portal=portal-b][data-resource=users] .badge";
    assert.equal(await page.getAttribute(neverSynced, "data-value"), "NEVER_SYNCED");
    assert.equal(await page.textContent(neverSynced), "동기화 이력 없음", "status values in the screen's language");
    await page.click("nav a[data-view=audit-log]");
    await page.waitForSelector("#audit tbody tr");
    assert.match(await page.textContent("#audit") ?? "", /user\.deactivate/);
  });

  it("switches to English labels and the English display-name rule", async () => {
    await page.click("a[data-lang-link=en]");
    await page.waitForSelector("nav:not([hidden])");
    await page.click("nav a[data-view=users]");
    await page.waitForSelector("#users tbody tr");
    assert.equal(await page.textContent("nav a[data-view=users]"), "Users");
    const names = await page.locator("#users tbody tr td:first-child").allTextContents();
    assert.ok(names.includes("E2E Kim"));
    assert.ok(names.includes("이이투이"), "English screens fall back to the Korean name");
  });

  it("reviews a proposed term with its evidence, approves it, and shows the link approval made", async () => {
    await page.click("nav a[data-view=terms]");
    await page.waitForSelector("#terms tr[data-term=전자결재]");
    assert.match(await page.textContent("#terms tr[data-term=전자결재]") ?? "", /portal-a:notice:7/);
    await page.click(`#terms tr[data-term=전자결재] button[data-action*="/approve?version="]`);
    await page.waitForFunction(() =>
      !(globalThis as unknown as PageGlobals).document.querySelector("#terms tr[data-term=전자결재]")
    );
    const approved = (await body<List<schemas.Term>>(await app.admin("/terms?status=approved"))).data.items;
    const term = approved.find((t) => t.notation === "전자결재")!;
    assert.ok(term);
    await page.click("nav a[data-view=links]");
    await page.fill("form[data-view-form=links] input[name=contentKey]", "portal-a:notice:7");
    await page.click("form[data-view-form=links] button[type=submit]");
    await page.waitForSelector("#links tbody tr");
    assert.match(await page.textContent("#links tbody tr") ?? "", /전자결재/);
    await page.click("#links tbody tr a");
    await page.waitForSelector("#term-form");
    await page.fill("#term-form input[name=aliases]", "e-결재, 전자 결재");
    await page.click("#term-form button[type=submit]");
    await page.waitForSelector("#message.ok");
    assert.deepEqual((await body<Item<schemas.TermWithRelations>>(await app.admin(`/terms/${term.id}`))).data.aliases, [
      "e-결재",
      "전자 결재",
    ]);
  });

  it("shows a portal's edit of an approved term as a diff, approves it, and links content by hand", async () => {
    const [term] = (await body<List<schemas.Term>>(await app.admin("/terms?status=approved&q=전자결재"))).data.items;
    const edit = await app.portal(`/glossary/terms/${term.id}`, {
      method: "PATCH",
      json: { definition: "전자 문서로 하는 결재", aliases: ["e-결재", "전자 결재", "EA"] },
      key: PORTAL_B_KEY,
    });
    assert.equal(edit.status, 202, await edit.clone().text());
    await page.click("nav a[data-view=revisions]");
    const row = "#revisions tr[data-term=전자결재]";
    await page.waitForSelector(row);
    assert.equal(await page.textContent(`${row} tr[data-field=definition] ins`), "전자 문서로 하는 결재");
    assert.equal(await page.textContent(`${row} tr[data-field=aliases] ins`), "EA");
    assert.match(await page.textContent(row) ?? "", /portal-b/);
    await page.click(`${row} button[data-action$="/approve"]`);
    await page.waitForSelector(row, { state: "detached" });
    const approved = (await body<Item<schemas.TermWithRelations>>(await app.admin(`/terms/${term.id}`))).data;
    assert.equal(approved.definition, "전자 문서로 하는 결재");
    await page.click("nav a[data-view=terms]");
    await page.click(`a[data-view="terms?status=approved"]`);
    await page.click("#terms tr[data-term=전자결재] td:first-child a");
    await page.fill("#manual-link input[name=contentKey]", "portal-b:wiki:3");
    await page.click("#manual-link button[type=submit]");
    await page.waitForSelector("#links tbody tr[data-link^='portal-b:wiki:3']");
    assert.match(await page.textContent("#links tbody tr[data-link^='portal-b:wiki:3']") ?? "", /manual/);
  });

  it("finds a user's access by login id in the dashboard's user box", async () => {
    await page.click("nav a[data-view=dashboard]");
    await page.fill("form[data-view-form=dashboard-user] input[name=userId]", "KIM.E2E");
    await page.click("form[data-view-form=dashboard-user] button[type=submit]");
    await page.waitForSelector("#user-access tr[data-portal=portal-a]");
    assert.match(await page.textContent("#user-access") ?? "", /결재자/);
  });

  it("forgets the key on a refused call and on sign-out", async () => {
    await page.evaluate(`sessionStorage.setItem("directory-admin-key", "wrong-key-0123456789-abcdef")`);
    await page.click("nav a[data-view=companies]");
    await page.waitForSelector("#key-form:not([hidden])");
    assert.equal(await page.evaluate(`sessionStorage.getItem("directory-admin-key")`), null);
    await signIn("en");
    await page.click("#sign-out");
    assert.equal(await page.evaluate(`sessionStorage.getItem("directory-admin-key")`), null);
  });

  it("serves the console with a strict content security policy and no cookie", async () => {
    const res = await fetch(`${base}/console/`);
    await res.body?.cancel();
    assert.match(res.headers.get("content-security-policy") ?? "", /script-src 'self'/);
    assert.equal(res.headers.get("set-cookie"), null);
    const view = await fetch(`${base}/console/views/users`);
    assert.equal(view.status, 401);
    await view.body?.cancel();
  });
});
