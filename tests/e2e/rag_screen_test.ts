/**
 * Drives the retrieval administration screen in headless Chromium (Debian's package;
 * nothing is downloaded). The administrator's token reaches the page the way the session
 * gateway sends it (a header on every request), so the page holds none; a second
 * instance with RAG_ADMIN_MANUAL_TOKEN=true takes a typed token that stays in page
 * memory. Every screen is checked for users' principals and secrets.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./_browser.ts";
import { seriousViolations, withAxe } from "./_axe.ts";
import { body } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import type { PageElement, PageGlobals } from "./_page.ts";
import { PUBLIC_ORG, type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { CENTRAL } from "../_helpers/tokens.ts";

// In-page checks are functions, not strings: the console's content security policy refuses string evaluation.

const ADMIN_SUB = "admin-sub-e2e-5b1";
const USER_SUB = "kim-sub-e2e-c40";
const ENDPOINT_SECRET = "s3cret-pass";

let rag: RagTestApp;
let manual: RagTestApp;
let servers: Deno.HttpServer<Deno.NetAddr>[];
let browser: Browser;
let page: Page;
let base: string;
let admin: string;
const docs: Record<string, string> = {};
const pages: string[] = [];

async function ingest(name: string, title: string, text: string, extra: Record<string, unknown> = {}) {
  const doc = await rag.document(`/${name}.html`, `<p>${text}</p>`, { title, ...extra });
  const res = await rag.call("/documents", { method: "POST", json: doc });
  const b = await body<schemas.IngestionResult>(res);
  docs[name] = b.documentId ?? "";
  return { res, b, doc };
}

const serve = (app: RagTestApp) =>
  Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.app.runtime.app.fetch);

before(async () => {
  [rag, manual] = await Promise.all([startRagApp(), startRagApp({ RAG_ADMIN_MANUAL_TOKEN: "true" })]);
  servers = [serve(rag), serve(manual)];
  base = `http://127.0.0.1:${servers[0].addr.port}`;
  admin = await rag.token({ admin: true, clearance: 3, sub: ADMIN_SUB });
  const withCredentials = rag.embedding.url.replace("http://", `http://svc:${ENDPOINT_SECRET}@`);
  const put = (json: Record<string, unknown>, token = admin) =>
    rag.call("/admin/settings", { method: "PUT", json, token });
  const operator = await rag.token({ operator: true, sub: "operator-e2e" });
  assert.equal((await put({ embedding: { endpoint: withCredentials } }, operator)).status, 200);
  assert.equal((await ingest("sales", "분기 매출 보고서", "3분기 매출은 전년보다 12% 늘었습니다.")).b.indexed, true);
  const notice = await ingest("notice", "전사 공지: 매출 발표", "분기 매출 발표회가 열립니다.", {
    organizationIds: [PUBLIC_ORG],
  });
  assert.equal(notice.b.indexed, true, JSON.stringify(notice.b));
  assert.equal((await ingest("doomed", "삭제할 문서", "곧 삭제될 임시 문서입니다.")).b.indexed, true);
  const failed = await rag.document("/broken.html", "<p>변조된 본문</p>", { title: "깨진 문서" });
  assert.equal(
    (await rag.call("/documents", { method: "POST", json: { ...failed, checksum: "f".repeat(64) } })).status,
    422,
  );
  assert.equal((await put({ lifecycle: { publicationApprovalRequired: true } })).status, 200);
  assert.equal((await ingest("draft", "미게시 안내문", "게시 승인을 기다리는 안내문입니다.")).b.indexed, true);
  const searched = await rag.call("/search", {
    method: "POST",
    json: { question: "분기 매출" },
    token: await rag.token({ sub: USER_SUB }),
  });
  const found = (await body<schemas.SearchResponse>(searched)).contexts.map((c) => c.documentId);
  assert.deepEqual(new Set(found), new Set([docs.sales, docs.notice, docs.doomed]), "the draft awaits publication");
  browser = await launchBrowser();
  // The session gateway's part: every request of this page carries the administrator's token.
  const context = await browser.newContext({ extraHTTPHeaders: { authorization: `Bearer ${admin}` } });
  page = await context.newPage();
});

after(async () => {
  await browser?.close();
  for (const s of servers ?? []) await s.shutdown();
  await rag?.stop();
  await manual?.stop();
});

/** Opens a screen through the navigation and keeps its HTML for the final check. */
async function open(view: string, ready: string) {
  await page.click(`nav a[data-view=${view}]`);
  await page.waitForSelector(ready);
  pages.push(await page.content());
}

const storageEmpty = (p: Page) =>
  p.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    return g.localStorage.length === 0 && g.sessionStorage.length === 0 && g.document.cookie === "";
  });

describe("retrieval administration screen in a browser", () => {
  it("opens on the overview with its numbers, holding no credential in the page", async () => {
    await page.goto(`${base}/?lang=ko`);
    await page.waitForSelector("#overview-documents");
    pages.push(await page.content());
    const count = (status: string) => page.textContent(`#overview-documents tr[data-status=${status}] td.num`);
    assert.equal(await count("failed"), "1");
    assert.equal(await count("indexed"), "4");
    assert.ok(Number(await page.textContent("[data-stat=chunks] strong")) >= 4);
    assert.match(await page.textContent("#overview-failures") ?? "", /checksum_mismatch/);
    assert.equal(await page.isVisible("#key-form"), false, "no token field behind the gateway");
    assert.equal(await storageEmpty(page), true);
  });

  it("lists failed documents with their error, and one document's versions", async () => {
    await open("documents", "#documents");
    await page.click(`a[data-view="documents?state=failed"]`);
    await page.waitForSelector("#documents tr[data-status=failed]");
    assert.match(await page.textContent("#documents tr[data-status=failed]") ?? "", /checksum_mismatch/);
    await page.click("#documents tr[data-status=failed] td:first-child a");
    await page.waitForSelector("#document-jobs tr[data-job-status=failed]");
    pages.push(await page.content());
    assert.match(await page.textContent("#document-jobs") ?? "", /checksum_mismatch/);
  });

  it("approves an unpublished document for publication", async () => {
    await open("documents", "#documents");
    await page.click(`a[data-view="documents?state=unpublished"]`);
    const row = `#documents tr[data-document="${docs.draft}"]`;
    await page.waitForSelector(row);
    await page.click(`${row} button[data-action$="/publish"]`);
    await page.waitForSelector("#message.ok");
    await page.waitForSelector(row, { state: "detached" });
    const state = await body<schemas.DocumentState>(await rag.call(`/documents/${docs.draft}`, { token: admin }));
    assert.equal(state.published, true);
  });

  it("purges a document after confirmation", async () => {
    await open("documents", `#documents tr[data-document="${docs.doomed}"]`);
    page.once("dialog", (d) => d.accept());
    await page.click(`#documents tr[data-document="${docs.doomed}"] button.danger`);
    await page.waitForSelector(`#documents tr[data-document="${docs.doomed}"]`, { state: "detached" });
    assert.equal((await rag.call(`/documents/${docs.doomed}`, { token: admin })).status, 404);
  });

  it("rejects safeContexts 9 with the field's message, then saves 4 as the tenant's own value", async () => {
    await open("settings", "#settings-retrieval");
    assert.equal(await page.locator(`input[name="embedding.endpoint"]`).count(), 0, "shared: the operator's");
    assert.match(await page.textContent(`#settings-shared`) ?? "", /embeddings/);
    assert.ok(!(await page.textContent(`#settings-shared`) ?? "").includes(ENDPOINT_SECRET));
    const field = `#settings-retrieval input[name="retrieval.safeContexts"]`;
    const versionBefore =
      (await body<schemas.VersionedSettings>(await rag.call("/admin/settings", { token: admin }))).version;
    await page.fill(field, "9");
    await page.click("#settings-retrieval button[type=submit]");
    const error = `#settings-retrieval [data-error-for="retrieval.safeContexts"]`;
    await page.waitForFunction(
      (sel) => (globalThis as unknown as PageGlobals).document.querySelector(sel)?.textContent !== "",
      error,
    );
    assert.match(await page.textContent(error) ?? "", /5/);
    assert.equal(await page.getAttribute(field, "aria-invalid"), "true");
    assert.equal(
      (await body<schemas.VersionedSettings>(await rag.call("/admin/settings", { token: admin }))).version,
      versionBefore,
    );
    await page.fill(field, "4");
    await page.click("#settings-retrieval button[type=submit]");
    await page.waitForSelector("#message.ok");
    assert.equal(await page.inputValue(field), "4");
    const [own] = await rag.system((tx) => tx`select overrides from rag.tenant_settings order by version desc limit 1`);
    assert.equal(own.overrides.retrieval.safeContexts, 4);
    const [installation] = await rag.system((tx) =>
      tx`select settings from rag.settings order by version desc limit 1`
    );
    assert.equal(installation.settings.retrieval.safeContexts, 5, "the installation's value stays");
    assert.ok(installation.settings.embedding.endpoint.includes(ENDPOINT_SECRET), "the endpoint is untouched");
    pages.push(await page.content());
  });

  it("drops the tenant's own value, so the installation's applies again", async () => {
    const field = `#settings-retrieval input[name="retrieval.safeContexts"]`;
    await page.click(`#overrides-retrieval form:has(input[name="retrieval.safeContexts"]) button`);
    await page.waitForSelector("#message.ok");
    assert.equal(await page.inputValue(field), "5");
    const [own] = await rag.system((tx) => tx`select overrides from rag.tenant_settings order by version desc limit 1`);
    assert.equal(own.overrides.retrieval?.safeContexts, undefined);
    assert.match(await page.textContent("#settings-history") ?? "", /retrieval\.safeContexts/);
    pages.push(await page.content());
  });

  it("runs the test bench and shows every context with each ranking's score and rank", async () => {
    await open("bench", "#bench-form");
    await page.fill(`#bench-form input[name=question]`, "분기 매출");
    await page.click("#bench-form button[type=submit]");
    await page.waitForSelector("#bench-results tbody tr");
    pages.push(await page.content());
    const cells = await page.$$eval(
      "#bench-results tbody tr:first-child td[data-leg]",
      (tds) =>
        tds.map((td) => {
          const { leg, score, rank } = (td as unknown as PageElement).dataset;
          return [leg, score, rank ?? ""];
        }),
    );
    const byLeg = Object.fromEntries(cells.map(([leg, score, rank]) => [leg, { score, rank }]));
    for (const leg of ["vector", "text", "bigram"]) {
      assert.match(byLeg[leg].score, /^[0-9.]+$/, `${leg} score`);
      assert.match(byLeg[leg].rank, /^\d+$/, `${leg} rank`);
    }
    assert.match(byLeg.hybrid.score, /^[0-9.]+$/);
    assert.ok(!decodeURIComponent(page.url()).includes("분기"), "the question stays out of the URL");
  });

  it("lists audit rows with pseudonymous askers and replays one with versions and admission rules", async () => {
    await open("audit", "#audit tbody tr");
    const askers = await page.locator("#audit code.asker").allTextContents();
    assert.ok(askers.length >= 2);
    for (const a of askers) assert.match(a, /^[0-9a-f]{16}$/);
    const [row] = await rag.system((tx) =>
      tx`select id, settings_version, directory_version from rag.tb_rag_audit_logs where sub = ${USER_SUB}`
    );
    await page.click(`#audit tr[data-audit="${row.id}"] a[data-view^=replay]`);
    await page.waitForSelector("#replay-chunks");
    pages.push(await page.content());
    assert.equal(await page.textContent("[data-fact=settings-version]"), String(row.settings_version));
    assert.equal(await page.textContent("[data-fact=directory-version]"), String(row.directory_version));
    const rule = (admittedBy: string, state: string) =>
      page.locator(`#replay-chunks tr[data-admitted-by=${admittedBy}][data-state=${state}]`).count();
    assert.equal(await rule("organization", "current"), 1, "the sales report is still there at that version");
    assert.equal(await rule("public_bucket", "current"), 1, "the notice came through the public bucket");
    assert.equal(await rule("organization", "gone"), 1, "the purged document is gone");
    assert.match(
      await page.textContent(`#replay-settings tr[data-setting="lifecycle.publicationApprovalRequired"]`) ?? "",
      /true/,
    );
  });

  it("goes back and forward between screens, keeping the document filter and page size in the URL", async () => {
    await open("documents", "#documents");
    await page.click(`a[data-view="documents?state=failed"]`);
    await page.waitForSelector("#main[aria-busy=false] #documents tr[data-status=failed]");
    await page.selectOption("form[data-view-form=documents] select[name=limit]", "20");
    await page.waitForFunction(() => /limit=20/.test((globalThis as unknown as { location: Location }).location.hash));
    await open("audit", "#audit tbody tr");
    await page.goBack();
    await page.waitForSelector("#main[aria-busy=false] #documents");
    assert.match(new URL(page.url()).hash, /^#documents\?state=failed&limit=20$/);
    const statuses = await page.$$eval(
      "#documents tbody tr",
      (trs) => trs.map((tr) => (tr as unknown as PageElement).dataset.status),
    );
    assert.deepEqual(statuses, ["failed"]);
    assert.equal(await page.inputValue("form[data-view-form=documents] select[name=limit]"), "20");
    await page.goForward();
    await page.waitForSelector("#main[aria-busy=false] #audit tbody tr");
    assert.equal(new URL(page.url()).hash, "#audit");
  });

  it("opens a row's replay when the row itself is clicked, requesting nothing but that screen", async () => {
    await open("audit", "#audit tbody tr");
    const requested: string[] = [];
    const record = (r: { url(): string }) => requested.push(new URL(r.url()).pathname);
    page.on("request", record);
    await page.click("#audit tbody tr:first-child td:nth-child(2)");
    await page.waitForSelector("#replay-facts");
    page.off("request", record);
    assert.deepEqual(requested, ["/views/replay"]);
    assert.equal(await page.textContent("#message"), "");
  });

  it("switches between English and Korean labels, staying on the screen", async () => {
    await page.click("a[data-lang-link=en]");
    await page.waitForSelector("nav:not([hidden])");
    assert.equal(await page.textContent("nav a[data-view=documents]"), "Documents");
    assert.match(await page.textContent("#replay h2") ?? "", /Replay of audit row/);
    assert.match(await page.textContent("#replay-chunks") ?? "", /The company-wide public bucket/);
    pages.push(await page.content());
    await page.click("a[data-lang-link=ko]");
    await page.waitForSelector("nav:not([hidden])");
    assert.equal(await page.textContent("nav a[data-view=documents]"), "문서");
    assert.match(await page.textContent("#replay h2") ?? "", /감사 기록 재현/);
  });

  it("shows no user principal, token or secret on any screen", async () => {
    assert.ok(pages.length >= 9);
    for (const html of pages) {
      for (const secret of [ADMIN_SUB, USER_SUB, "user-1", admin, ENDPOINT_SECRET, CENTRAL.secret]) {
        assert.ok(!html.includes(secret), `a screen shows ${secret.slice(0, 12)}`);
      }
    }
    assert.equal(await storageEmpty(page), true);
  });
});

describe("retrieval screen accessibility (axe-core)", () => {
  let axePage: Page;
  before(async () => {
    const context = await browser.newContext({ extraHTTPHeaders: { authorization: `Bearer ${admin}` } });
    await withAxe(context);
    axePage = await context.newPage();
  });

  for (const lang of ["ko", "en"]) {
    it(`every screen in ${lang} has no serious or critical issue`, async () => {
      const [row] = await rag.system((tx) => tx`select id from rag.tb_rag_audit_logs where sub = ${USER_SUB}`);
      const views = [
        "overview",
        "documents",
        "documents?state=failed",
        `document?id=${docs.sales}`,
        "settings",
        "bench",
        "audit",
        `replay?id=${row.id}`,
      ];
      const found: string[] = [];
      for (const view of views) {
        await axePage.goto("about:blank");
        await axePage.goto(`${base}/?lang=${lang}#${view}`);
        await axePage.waitForSelector("#main[aria-busy=false] h2");
        assert.equal(await axePage.textContent("#message"), "", `${view} opened without a problem`);
        found.push(...(await seriousViolations(axePage)).map((v) => `${view}: ${v}`));
      }
      await axePage.click("nav a[data-view=bench]");
      await axePage.fill(`#bench-form input[name=question]`, "분기 매출");
      await axePage.click("#bench-form button[type=submit]");
      await axePage.waitForSelector("#bench-results tbody tr");
      found.push(...(await seriousViolations(axePage)).map((v) => `bench results: ${v}`));
      assert.deepEqual(found, []);
    });
  }
});

describe("manual token entry (RAG_ADMIN_MANUAL_TOKEN=true) in a browser", () => {
  let manualPage: Page;
  let manualBase: string;

  before(async () => {
    manualBase = `http://127.0.0.1:${servers[1].addr.port}`;
    manualPage = await (await browser.newContext()).newPage();
  });

  it("takes a typed token, keeps it in no storage, cookie or URL, and keeps it across a language switch", async () => {
    const token = await manual.token({ admin: true, clearance: 3, sub: ADMIN_SUB });
    await manualPage.goto(`${manualBase}/?lang=ko`);
    await manualPage.waitForSelector("#key-form:not([hidden])");
    await manualPage.fill("#key-form input[name=key]", token);
    await manualPage.click("#key-form button[type=submit]");
    await manualPage.waitForSelector("#overview");
    assert.equal(await storageEmpty(manualPage), true);
    assert.ok(!manualPage.url().includes(token));
    await manualPage.click("a[data-lang-link=en]");
    await manualPage.waitForSelector("nav:not([hidden])");
    assert.equal(await manualPage.textContent("nav a[data-view=overview]"), "Overview");
    await manualPage.click("nav a[data-view=settings]");
    await manualPage.waitForSelector("#settings-retrieval");
    assert.ok(!(await manualPage.content()).includes(ADMIN_SUB));
    assert.equal(await storageEmpty(manualPage), true);
  });

  it("forgets the token on sign-out and on reload, and refuses a non-administrator's token", async () => {
    await manualPage.click("#sign-out");
    assert.equal(await manualPage.isVisible("#key-form"), true);
    assert.equal(await manualPage.isVisible("#nav"), false);
    await manualPage.reload();
    await manualPage.waitForSelector("#key-form:not([hidden])");
    await manualPage.fill("#key-form input[name=key]", await manual.token());
    await manualPage.click("#key-form button[type=submit]");
    await manualPage.waitForSelector("#message.error");
    assert.equal(await manualPage.textContent("#message"), "You are not allowed to do this.", "the code's words");
    assert.equal(await manualPage.isVisible("#key-form"), true);
    assert.equal(await storageEmpty(manualPage), true);
  });
});
