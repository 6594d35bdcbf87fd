/**
 * Signing in to both consoles through a real OpenID provider (oidc-provider on loopback, scripts/demo/oidc_provider.ts)
 * in headless Chromium: the authorization code flow with PKCE lands a directory administrator on the directory
 * console and the retrieval screen; a change made there is audited under the person's name. A person without a
 * console role is refused, a state-changing call without the CSRF header is refused (403 csrf_failed), and a
 * tampered or expired session cookie, a callback whose state or nonce does not match, sign nobody in.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { EncryptJWT } from "jose";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "./_browser.ts";
import { body, type Item, type List } from "../_helpers/app.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { createSealer } from "@/routes/_sign_in/session.ts";
import { type DemoAccount, startProvider } from "@/scripts/demo/oidc_provider.ts";

const PASSWORD = "e2e-test-password";
const SESSION_SECRET = "e2e-session-secret-0123456789-abcdefghij";
const ADMIN_ROLES = ["directory_admin", "rag_admin", "installation_operator"];
const accounts: DemoAccount[] = [
  { login: "kim.minjun", name: "Minjun Kim", email: "kim.minjun@demo.example", roles: ADMIN_ROLES, clearance: 3 },
  { login: "yoon.taeyang", name: "Taeyang Yoon", email: "yoon.taeyang@demo.example", roles: [] },
];

let r: RagTestApp;
let provider: Awaited<ReturnType<typeof startProvider>>;
let server: Deno.HttpServer<Deno.NetAddr>;
let handler: (req: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>) => Response | Promise<Response>;
let browser: Browser;
let base: string;
let userId: string;

before(async () => {
  // The provider must know the callback's address before the service (which must know the issuer) starts.
  server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req, info) => handler(req, info));
  base = `http://127.0.0.1:${server.addr.port}`;
  provider = await startProvider({
    port: 0,
    clientId: "consoles",
    clientSecret: "e2e-test-client-secret",
    redirectUris: [`${base}/auth/callback`],
    accounts,
    password: PASSWORD,
  });
  r = await startRagApp({
    CONSOLE_OIDC_ISSUER: provider.issuer,
    CONSOLE_OIDC_CLIENT_ID: "consoles",
    CONSOLE_OIDC_CLIENT_SECRET: "e2e-test-client-secret",
    CONSOLE_OIDC_SCOPES: "openid profile email roles",
    CONSOLE_SESSION_SECRET: SESSION_SECRET,
  }, { workers: false });
  for (const a of accounts) a.tenantId = r.tenant;
  handler = r.app.runtime.app.fetch as typeof handler;
  const user = await body<Item<schemas.DirectoryUser>>(
    await r.app.admin("/users", { method: "POST", json: { loginId: "park.e2e", koreanName: "박이투이" } }),
  );
  userId = user.data.id;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.shutdown();
  await provider?.close();
  await r?.app.stop();
});

/** Signs `login` in through the provider's form, starting from `to`; returns the page where it lands. */
async function signIn(context: BrowserContext, login: string, to = "/console/"): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}${to}`);
  await page.click("#sign-in-link");
  await page.fill("input[name=login]", login);
  await page.fill("input[name=password]", PASSWORD);
  await page.click("button[type=submit]");
  await page.waitForURL((url) => url.origin === base);
  return page;
}

const sessionCookie = async (context: BrowserContext) =>
  (await context.cookies(base)).find((c) => c.name === "__Host-console");

describe("console sign-in through OpenID Connect", () => {
  it("answers a browser with no credential with a sign-in page, not a JSON problem", async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${base}/`);
    assert.equal(res?.status(), 401);
    assert.match(res?.headers()["content-type"] ?? "", /text\/html/);
    assert.equal(await page.isVisible("#sign-in-link"), true);
    await page.close();
  });

  it("signs a directory administrator in, edits a user, and the audit log names the person", async () => {
    const context = await browser.newContext();
    const page = await signIn(context, "kim.minjun");
    await page.waitForSelector("#users tbody tr");
    assert.equal(await page.textContent("#person"), "Minjun Kim");
    const cookie = await sessionCookie(context);
    assert.ok(cookie, "the session is the __Host-console cookie");
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, "Strict");
    assert.equal(cookie.path, "/");
    await page.goto(`${base}/console/#user?id=${userId}`);
    await page.waitForSelector("#user-form");
    await page.fill("#user-form input[name=jobTitle]", "수석");
    await page.click("#user-form button[type=submit]");
    await page.waitForSelector("#message.ok");
    assert.equal(
      (await body<Item<schemas.DirectoryUser>>(await r.app.admin(`/users/${userId}`))).data.jobTitle,
      "수석",
    );
    await page.click("nav a[data-view=audit-log]");
    await page.waitForSelector("#audit tbody tr");
    assert.match(await page.textContent("#audit") ?? "", /Minjun Kim <kim\.minjun@demo\.example>/);
    await context.close();
  });

  it("signs a retrieval administrator in to the retrieval screen, and signs out", async () => {
    const context = await browser.newContext();
    const page = await signIn(context, "kim.minjun", "/");
    await page.waitForSelector("#overview-queues");
    assert.equal(await page.textContent("#person"), "Minjun Kim");
    const status = await page.evaluate(async () => {
      const g = globalThis as unknown as {
        document: { body: { dataset: Record<string, string> } };
        fetch: typeof fetch;
      };
      const res = await g.fetch("/console/api/retrieval/admin/settings?scope=tenant", {
        method: "PUT",
        headers: { "content-type": "application/json", "x-csrf-token": g.document.body.dataset.csrf },
        body: JSON.stringify({ retrieval: { rrfK: 7 } }),
      });
      return res.status;
    });
    assert.equal(status, 200);
    const [row] = await r.system((tx) => tx`select changed_by from rag.tenant_settings order by version desc limit 1`);
    assert.equal(row.changed_by, "person:kim.minjun Minjun Kim <kim.minjun@demo.example>");
    await page.click("#sign-out");
    await page.waitForSelector("#sign-in-link");
    assert.equal(await sessionCookie(context), undefined, "signing out removes the session");
    await context.close();
  });

  it("refuses a person who holds no console role, and sets no session", async () => {
    const context = await browser.newContext();
    const page = await signIn(context, "yoon.taeyang");
    assert.equal(await page.getAttribute("#refusal", "data-code"), "forbidden");
    assert.equal(await sessionCookie(context), undefined);
    await context.close();
  });

  it("refuses a state-changing call without the CSRF header, and takes it with the header", async () => {
    const context = await browser.newContext();
    const page = await signIn(context, "kim.minjun");
    await page.waitForSelector("#users tbody tr");
    const post = (withToken: boolean) =>
      page.evaluate(async (withToken) => {
        const g = globalThis as unknown as {
          document: { body: { dataset: Record<string, string> } };
          fetch: typeof fetch;
        };
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (withToken) headers["x-csrf-token"] = g.document.body.dataset.csrf;
        const res = await g.fetch("/console/api/directory/departments", {
          method: "POST",
          headers,
          body: JSON.stringify({ code: withToken ? "CSRF-OK" : "CSRF-NO", name: "csrf" }),
        });
        return { status: res.status, code: (await res.json()).code as string | undefined };
      }, withToken);
    assert.deepEqual(await post(false), { status: 403, code: "csrf_failed" });
    assert.equal((await post(true)).status, 201);
    const codes = (await body<List<schemas.Department>>(await r.app.portal("/departments?limit=100"))).data.items
      .map((d) => d.code);
    assert.ok(codes.includes("CSRF-OK"));
    assert.ok(!codes.includes("CSRF-NO"), "the refused call wrote nothing");
    await context.close();
  });

  it("signs nobody in with a tampered or an expired session cookie", async () => {
    const context = await browser.newContext();
    await signIn(context, "kim.minjun");
    const good = (await sessionCookie(context))!;
    const flipped = good.value.slice(0, -3) + (good.value.endsWith("A") ? "BBB" : "AAA");
    const key = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(SESSION_SECRET)));
    const now = Math.floor(Date.now() / 1000);
    const expired = await new EncryptJWT({
      sub: "kim.minjun",
      name: "Minjun Kim",
      email: "",
      roles: ADMIN_ROLES,
      csrf: "x",
    })
      .setProtectedHeader({ alg: "dir", enc: "A256GCM" }).setAudience("console-session").setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600).encrypt(key);
    for (const value of [flipped, expired]) {
      await context.addCookies([{ ...good, value }]);
      const res = await context.request.get(`${base}/console/views/users`);
      assert.equal(res.status(), 401);
      const page = await context.newPage();
      assert.equal((await page.goto(`${base}/console/`))?.status(), 401);
      assert.equal(await page.isVisible("#sign-in-link"), true);
    }
    await context.close();
  });

  it("refuses a callback whose state does not match the sign-in this browser started", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/auth/login?to=/console/`);
    const res = await page.goto(`${base}/auth/callback?code=forged&state=forged`);
    assert.equal(res?.status(), 401);
    assert.equal(await page.getAttribute("#refusal", "data-code"), "unauthorized");
    assert.equal(await sessionCookie(context), undefined);
    await context.close();
  });

  it("refuses an ID token whose nonce is not the one this browser's sign-in sent", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/auth/login?to=/console/`);
    const sealer = createSealer(SESSION_SECRET);
    const login = (await context.cookies(base)).find((c) => c.name === "__Host-console-login")!;
    const pending = (await sealer.open<Record<string, unknown>>(login.value, "console-login"))!;
    const forged = await sealer.seal({ ...pending, nonce: "another-nonce" }, "console-login", 600);
    await context.addCookies([{ ...login, value: forged }]);
    await page.fill("input[name=login]", "kim.minjun");
    await page.fill("input[name=password]", PASSWORD);
    await page.click("button[type=submit]");
    await page.waitForSelector("#refusal");
    assert.equal(await page.getAttribute("#refusal", "data-code"), "unauthorized");
    assert.match(await page.textContent("#refusal") ?? "", /nonce/);
    assert.equal(await sessionCookie(context), undefined);
    await context.close();
  });
});
