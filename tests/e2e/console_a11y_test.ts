/**
 * The accessibility check of the directory console: axe-core runs on every screen, in Korean and in English,
 * with records on each (a department tree, users, a group, a portal's snapshot, a proposed term, a pending
 * revision, a link, sync reports), and finds no serious or critical issue.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./_browser.ts";
import { seriousViolations, withAxe } from "./_axe.ts";
import { body, type Item, type List, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { ADMIN_KEY, PORTAL_B_KEY } from "../_helpers/tokens.ts";

let app: TestApp;
let server: Deno.HttpServer<Deno.NetAddr>;
let browser: Browser;
let page: Page;
let base: string;
const screens: string[] = [];

before(async () => {
  app = await startTestApp();
  server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.runtime.app.fetch);
  base = `http://127.0.0.1:${server.addr.port}`;
  const dept = (await body<Item<schemas.Department>>(
    await app.admin("/departments", {
      method: "POST",
      json: { code: "A11Y", name: "접근성팀", nameEn: "Accessibility" },
    }),
  )).data;
  await app.admin("/departments", {
    method: "POST",
    json: { code: "A11Y-W", name: "웹파트", nameEn: "Web", parentId: dept.id },
  });
  const user = (await body<Item<schemas.DirectoryUser>>(
    await app.admin("/users", {
      method: "POST",
      json: { loginId: "ally.kim", koreanName: "김접근", englishName: "Ally Kim", departmentId: dept.id },
    }),
  )).data;
  const group = crypto.randomUUID();
  const pushed = await app.portal(`/user-groups/${group}`, {
    method: "PUT",
    json: { code: "a11y-reviewers", name: "접근성 검토자", memberIds: [user.id] },
  });
  assert.ok(pushed.status < 300, await pushed.clone().text());
  await app.portal("/authorization-snapshot", {
    method: "POST",
    json: {
      portalId: "portal-a",
      sourceVersion: "a11y-1",
      entries: [{ userId: user.id, assignments: [{ kind: "ROLE", key: "approver", label: "결재자" }] }],
    },
  });
  await app.portal("/sync-status", {
    method: "POST",
    json: { portalId: "portal-a", resource: "users", outcome: "failure", error: "upstream timed out" },
  });
  await app.portal("/glossary/term-proposals", {
    method: "POST",
    json: {
      terms: [
        {
          notation: "전자결재",
          evidence: [{ kind: "content", contentKey: "portal-a:notice:7", excerpt: "전자결재 도입" }],
        },
        { notation: "품의서" },
      ],
    },
  });
  const proposed = (await body<List<schemas.Term>>(await app.admin("/terms?status=proposed"))).data.items;
  const term = proposed.find((t) => t.notation === "전자결재")!;
  await app.admin(`/terms/${term.id}/approve?version=${term.version}`, { method: "POST" });
  const revision = await app.portal(`/glossary/terms/${term.id}`, {
    method: "PATCH",
    json: { definition: "전자 문서로 하는 결재" },
    key: PORTAL_B_KEY,
  });
  assert.equal(revision.status, 202, await revision.clone().text());
  screens.push(
    "companies",
    "departments",
    "users",
    `user?id=${user.id}`,
    "groups",
    `group?id=${group}`,
    "dashboard",
    "dashboard-portal?portalId=portal-a",
    "dashboard-changes?portalId=portal-a",
    `dashboard-user?userId=${user.id}`,
    "sync-status",
    "audit-log",
    "terms",
    "terms?status=approved",
    `term?id=${term.id}`,
    "revisions",
    `links?termId=${term.id}`,
  );
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

describe("directory console accessibility (axe-core)", () => {
  it("the sign-in page has no serious or critical issue", async () => {
    await page.goto(`${base}/console/?lang=ko`);
    await page.waitForSelector("#key-form:not([hidden])");
    assert.deepEqual(await seriousViolations(page), []);
    await page.fill("#key-form input[name=key]", ADMIN_KEY);
    await page.click("#key-form button[type=submit]");
    await page.waitForSelector("#users tbody tr");
  });

  for (const lang of ["ko", "en"]) {
    it(`every screen in ${lang} has no serious or critical issue`, async () => {
      const found: string[] = [];
      for (const view of screens) {
        await page.goto("about:blank");
        await page.goto(`${base}/console/?lang=${lang}#${view}`);
        await page.waitForSelector("#main[aria-busy=false] h2");
        assert.equal(await page.textContent("#message"), "", `${view} opened without a problem`);
        found.push(...(await seriousViolations(page)).map((v) => `${view}: ${v}`));
      }
      assert.deepEqual(found, []);
    });
  }
});
