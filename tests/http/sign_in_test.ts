/**
 * The sign-in routes and the session as credential, through app.request: the login redirect (PKCE S256, state,
 * nonce, a destination that can only be a console), refusals of a callback or logout with nothing to match,
 * the CSRF rule on a session's state-changing calls (403 csrf_failed, nothing written), the audit naming the
 * person, and admin API keys rotated with two valid at once, each audited under its label.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type List, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { createSealer } from "@/routes/_sign_in/session.ts";
import { startProvider } from "@/scripts/demo/oidc_provider.ts";

const CONSOLE_API = "/console/api/directory/";
const SESSION_SECRET = "test-session-secret-0123456789-abcdef";
const OLD_KEY = "test-rotation-old-key-0123456789";
const NEW_KEY = "test-rotation-new-key-0123456789";

const SIGN_IN_ENV = {
  CONSOLE_OIDC_CLIENT_ID: "consoles",
  CONSOLE_OIDC_CLIENT_SECRET: "test-client-secret",
  CONSOLE_SESSION_SECRET: SESSION_SECRET,
};

let app: TestApp;
let provider: Awaited<ReturnType<typeof startProvider>>;
const sealer = createSealer(SESSION_SECRET);

before(async () => {
  provider = await startProvider({
    port: 0,
    clientId: "consoles",
    clientSecret: "test-client-secret",
    redirectUris: ["http://localhost/auth/callback"],
    accounts: [],
    password: "test-password",
  });
  app = await startTestApp({
    ...SIGN_IN_ENV,
    CONSOLE_OIDC_ISSUER: provider.issuer,
    CENTRAL_ADMIN_API_KEYS_JSON: JSON.stringify([
      { id: "ops-q3", label: "ops automation (Q3 key)", apiKey: OLD_KEY },
      { id: "ops-q4", label: "ops automation (Q4 key)", apiKey: NEW_KEY },
    ]),
  });
});

after(async () => {
  await app?.stop();
  await provider?.close();
});

async function sessionCookie(roles: string[], csrf = "test-csrf-token") {
  const session = {
    sub: "sub-kim",
    name: "Minjun Kim",
    email: "kim@corp.example",
    roles,
    tenantId: null,
    csrf,
    sid: crypto.randomUUID(),
  };
  return `__Host-console=${await sealer.seal(session, "console-session", 600)}`;
}

/** Creates a department through the directory admin API, or (`via`) the console's path to it. */
const createDepartment = (code: string, headers: Record<string, string>, via = "/api/directory/v1/admin/") =>
  app.request(`${via}departments`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ code, name: code }),
  });

const departmentCodes = async () =>
  (await body<List<schemas.Department>>(await app.portal("/departments?limit=100"))).data.items.map((d) => d.code);

async function auditLabels(): Promise<string[]> {
  const res = await app.admin("/audit-log?limit=100", { headers: { "x-directory-admin-key": NEW_KEY } });
  return (await body<List<schemas.AuditEntry>>(res)).data.items.map((e) => `${e.actorLabel}|${e.targetId ?? ""}`);
}

describe("sign-in routes", () => {
  it("sends the browser to the provider with PKCE S256, state and nonce, and only ever back to a console", async () => {
    const res = await app.request("/auth/login?to=https://evil.example/");
    assert.equal(res.status, 302);
    const to = new URL(res.headers.get("location")!);
    assert.equal(to.origin, provider.issuer);
    assert.equal(to.searchParams.get("code_challenge_method"), "S256");
    assert.equal(to.searchParams.get("redirect_uri"), "http://localhost/auth/callback");
    for (const p of ["state", "nonce", "code_challenge"]) assert.ok((to.searchParams.get(p) ?? "").length >= 43, p);
    const cookie = res.headers.get("set-cookie")!;
    assert.match(cookie, /^__Host-console-login=/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    const pending = await sealer.open<{ to: string; state: string }>(
      cookie.split(";")[0].split("=")[1],
      "console-login",
    );
    assert.equal(pending?.to, "/", "an outside destination becomes the retrieval screen");
    assert.equal(pending?.state, to.searchParams.get("state"));
  });

  it("answers a sign-in while the provider is unreachable with a 503 page", async () => {
    const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const issuer = `http://127.0.0.1:${(closed.addr as Deno.NetAddr).port}`;
    closed.close();
    const down = await startTestApp({ ...SIGN_IN_ENV, CONSOLE_OIDC_ISSUER: issuer });
    try {
      const res = await down.request("/auth/login?to=/console/");
      assert.equal(res.status, 503);
      assert.match(await res.text(), /data-code="unavailable"/);
      assert.equal(res.headers.get("set-cookie"), null, "no sign-in is pending");
    } finally {
      await down.stop();
    }
  });

  it("refuses a callback that no sign-in of this browser started (401 page, no session)", async () => {
    const res = await app.request("/auth/callback?code=x&state=y");
    assert.equal(res.status, 401);
    assert.match(await res.text(), /data-code="unauthorized"/);
    assert.doesNotMatch(res.headers.get("set-cookie") ?? "", /__Host-console=[^;]/);
  });

  it("shows the provider's refusal (the person cancelled) as a 401 page, with no session", async () => {
    const login = await app.request("/auth/login?to=/console/");
    const cookie = login.headers.get("set-cookie")!.split(";")[0];
    const state = new URL(login.headers.get("location")!).searchParams.get("state");
    const res = await app.request(`/auth/callback?error=access_denied&state=${state}`, { headers: { cookie } });
    assert.equal(res.status, 401);
    assert.match(await res.text(), /refused the sign-in \(access_denied\)/);
    assert.doesNotMatch(res.headers.get("set-cookie") ?? "", /__Host-console=[^;]/);
  });

  it("refuses a logout with no session (401 problem)", async () => {
    const res = await app.request("/auth/logout", { method: "POST" });
    assert.equal(res.status, 401);
    assert.equal((await body<Problem>(res)).code, "unauthorized");
  });

  it("logs a session out only with its CSRF token, removing the cookie", async () => {
    const cookie = await sessionCookie(["directory_admin"]);
    const refused = await app.request("/auth/logout", { method: "POST", headers: { cookie } });
    assert.equal((await body<Problem>(refused)).code, "csrf_failed");
    const res = await app.request("/auth/logout", {
      method: "POST",
      headers: { cookie, "x-csrf-token": "test-csrf-token" },
    });
    assert.equal(res.status, 204);
    assert.match(res.headers.get("set-cookie") ?? "", /^__Host-console=; .*Max-Age=0/);
  });
});

describe("the session as credential", () => {
  it("refuses a session's state-changing call without or with a wrong CSRF token, writing nothing", async () => {
    const cookie = await sessionCookie(["directory_admin"]);
    for (const headers of [{ cookie }, { cookie, "x-csrf-token": "another-token" }] as Record<string, string>[]) {
      const res = await createDepartment("CSRF-REFUSED", headers, CONSOLE_API);
      assert.equal(res.status, 403);
      assert.equal(res.headers.get("content-type"), "application/problem+json");
      assert.equal((await body<Problem>(res)).code, "csrf_failed");
    }
    assert.ok(!(await departmentCodes()).includes("CSRF-REFUSED"), "the refused calls wrote nothing");
  });

  it("takes the call with the token and audits it under the person's name", async () => {
    const cookie = await sessionCookie(["directory_admin"]);
    const res = await createDepartment("BY-PERSON", { cookie, "x-csrf-token": "test-csrf-token" }, CONSOLE_API);
    assert.equal(res.status, 201);
    const id = (await body<{ data: { id: string } }>(res)).data.id;
    assert.ok((await auditLabels()).includes(`Minjun Kim <kim@corp.example>|${id}`));
    assert.ok((await departmentCodes()).includes("BY-PERSON"));
  });

  it("streams a batch body through to the API route, whose own cap applies (an import above a record's cap)", async () => {
    const cookie = await sessionCookie(["directory_admin"]);
    const rows = Array.from({ length: 9000 }, (_, i) => `console.import.${i},콘솔가져오기${i}`);
    const csv = ["loginId,koreanName", ...rows].join("\n");
    assert.ok(csv.length > 256 * 1024, "above the record cap");
    const res = await app.request(`${CONSOLE_API}users:import`, {
      method: "POST",
      headers: { cookie, "x-csrf-token": "test-csrf-token", "content-type": "text/csv" },
      body: csv,
    });
    assert.equal(res.status, 200, await res.clone().text());
    const found = await app.request("/api/directory/v1/admin/users?q=console.import.8999", {
      headers: { "x-directory-admin-key": NEW_KEY },
    });
    assert.equal((await body<List<schemas.DirectoryUser>>(found)).data.items.length, 1);
  });

  it("is never read by an API route: the admin API answers 401 to the cookie, CSRF token or not", async () => {
    const cookie = await sessionCookie(["directory_admin"]);
    const res = await createDepartment("BY-COOKIE", { cookie, "x-csrf-token": "test-csrf-token" });
    assert.equal(res.status, 401);
    assert.equal((await body<Problem>(res)).code, "unauthorized");
    assert.equal((await app.request("/api/directory/v1/admin/audit-log", { headers: { cookie } })).status, 401);
  });

  it("refuses a session without the directory role: the API 401, the console a 403 page", async () => {
    const cookie = await sessionCookie(["rag_admin"]);
    assert.equal((await app.request("/console/views/users", { headers: { cookie } })).status, 401);
    assert.equal(
      (await createDepartment("BY-RAG", { cookie, "x-csrf-token": "test-csrf-token" }, CONSOLE_API)).status,
      401,
    );
    const page = await app.request("/console/", { headers: { cookie } });
    assert.equal(page.status, 403);
    assert.match(await page.text(), /data-code="forbidden"/);
  });

  it("refuses a directory administrator's session the retrieval screen: a 403 page, the views 401", async () => {
    const cookie = await sessionCookie(["directory_admin"]);
    const page = await app.request("/", { headers: { cookie, accept: "text/html" } });
    assert.equal(page.status, 403);
    assert.match(await page.text(), /data-code="forbidden"/);
    assert.equal((await app.request("/views/overview", { headers: { cookie } })).status, 401);
  });

  it("answers a browser asking for the retrieval screen with no credential with the sign-in page", async () => {
    const res = await app.request("/", { headers: { accept: "text/html,application/xhtml+xml" } });
    assert.equal(res.status, 401);
    assert.match(res.headers.get("content-type") ?? "", /text\/html/);
    assert.match(await res.text(), /href="\/auth\/login\?to=%2F"/);
  });
});

describe("admin API keys", () => {
  it("takes two keys at once (rotation), auditing each call under its key's label", async () => {
    const a = await createDepartment("BY-OLD-KEY", { "x-directory-admin-key": OLD_KEY });
    const b = await createDepartment("BY-NEW-KEY", { "x-directory-admin-key": NEW_KEY });
    assert.equal(a.status, 201);
    assert.equal(b.status, 201);
    const labels = await auditLabels();
    assert.ok(labels.includes(`ops automation (Q3 key)|${(await body<{ data: { id: string } }>(a)).data.id}`));
    assert.ok(labels.includes(`ops automation (Q4 key)|${(await body<{ data: { id: string } }>(b)).data.id}`));
  });
});
