/**
 * A console session copied before its person signed out (from a shared machine, a proxy log, a browser profile)
 * stops working at sign-out, in every replica: the copy gets no screen and no API call, the session's other copies
 * too, while another session of the same person goes on. A sealed session with no id (no record can end it) opens
 * nothing.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Problem, startAppOn, startTestApp, type TestApp } from "../_helpers/app.ts";
import { createSealer } from "@/routes/_sign_in/session.ts";

const SESSION_SECRET = "replay-test-session-secret-0123456789";
const SIGN_IN_ENV = {
  // Discovery is never reached: the sessions are sealed here, as the callback would seal them.
  CONSOLE_OIDC_ISSUER: "http://127.0.0.1:9/",
  CONSOLE_OIDC_CLIENT_ID: "consoles",
  CONSOLE_OIDC_CLIENT_SECRET: "replay-test-client-secret",
  CONSOLE_SESSION_SECRET: SESSION_SECRET,
};
const sealer = createSealer(SESSION_SECRET);

let app: TestApp;
let replica: TestApp;
before(async () => {
  app = await startTestApp({ SERVICES: "directory", ...SIGN_IN_ENV });
  replica = await startAppOn(app.db, app.env);
});
after(async () => {
  await replica?.stop();
  await app?.stop();
});

async function signedIn(sid: string | undefined) {
  const session = { sub: "sub-lee", name: "Seoyeon Lee", email: "", roles: ["directory_admin"], tenantId: null };
  return `__Host-console=${await sealer.seal({ ...session, csrf: "replay-csrf", sid }, "console-session", 3600)}`;
}

const departments = (on: TestApp, cookie: string) =>
  on.request("/console/api/directory/departments", { headers: { cookie } });

describe("a copied console session after sign-out", () => {
  it("opens no API call and no screen, on any replica; the person's other session goes on", async () => {
    const stolen = await signedIn(crypto.randomUUID());
    const other = await signedIn(crypto.randomUUID());
    assert.equal((await departments(app, stolen)).status, 200);
    assert.equal((await departments(replica, stolen)).status, 200);

    const out = await app.request("/auth/logout", {
      method: "POST",
      headers: { cookie: stolen, "x-csrf-token": "replay-csrf" },
    });
    assert.equal(out.status, 204);

    for (const on of [app, replica]) {
      const res = await departments(on, stolen);
      assert.equal(res.status, 401);
      assert.equal((await body<Problem>(res)).code, "unauthorized");
      const screen = await on.request("/console/views/users", { headers: { cookie: stolen } });
      assert.equal(screen.status, 401);
      await screen.text();
    }
    const again = await app.request("/auth/logout", {
      method: "POST",
      headers: { cookie: stolen, "x-csrf-token": "replay-csrf" },
    });
    assert.equal(again.status, 401);
    await again.text();
    assert.equal((await departments(replica, other)).status, 200);
  });

  it("opens nothing with a sealed session that has no id", async () => {
    const res = await departments(app, await signedIn(undefined));
    assert.equal(res.status, 401);
    await res.text();
  });
});
