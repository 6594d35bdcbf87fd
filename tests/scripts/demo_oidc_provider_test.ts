/**
 * The demo's OpenID provider (scripts/demo/oidc_provider.ts, what up.sh starts) runs as a program: over a
 * database seeded with the demo company it listens at CONSOLE_OIDC_ISSUER, announces the company's people,
 * and publishes its discovery document; the people carry the demo's console roles and the company as tenant.
 * (tests/e2e/sign_in_test.ts signs people in through the same provider code in a browser.)
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { startTestApp, type TestApp } from "../_helpers/app.ts";
import { seedDemo } from "@/scripts/_demo.ts";
import { DEMO_PASSWORD } from "@/scripts/_env_file.ts";
import { demoAccounts } from "@/scripts/demo/demo_accounts.ts";

let app: TestApp;
let child: Deno.ChildProcess;
let issuer: string;
let announced = "";
let company: string;

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

before(async () => {
  app = await startTestApp();
  company = await seedDemo(app.runtime.directory!);
  issuer = `http://127.0.0.1:${freePort()}`;
  child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/demo/oidc_provider.ts"],
    cwd: new URL("../../", import.meta.url).pathname,
    env: {
      DATABASE_OWNER_URL: app.db.ownerUrl,
      CONSOLE_OIDC_ISSUER: issuer,
      CONSOLE_OIDC_CLIENT_ID: "consoles",
      CONSOLE_OIDC_CLIENT_SECRET: "demo-test-client-secret",
      PORT: "18080",
    },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  while (!announced.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    announced += value;
  }
  reader.releaseLock();
});

after(async () => {
  try {
    child?.kill();
  } catch { /* already gone */ }
  await child?.status;
  await child?.stdout.cancel().catch(() => {});
  await app?.stop();
});

describe("the demo's OpenID provider", () => {
  it("starts at CONSOLE_OIDC_ISSUER and announces the demo company's people", async () => {
    assert.match(announced, new RegExp(`demo sign-in: ${issuer} serves 8 people of DEMO, password ${DEMO_PASSWORD}`));
    const res = await fetch(`${issuer}/.well-known/openid-configuration`);
    const meta = await res.json();
    assert.equal(meta.issuer, issuer);
    assert.ok(meta.code_challenge_methods_supported.includes("S256"));
  });

  it("gives the chief executive every console role and the company as tenant, and others none", async () => {
    const accounts = await demoAccounts(app.db.ownerUrl);
    const kim = accounts.find((a) => a.login === "kim.minjun")!;
    assert.deepEqual(kim.roles, ["directory_admin", "rag_admin", "installation_operator"]);
    assert.equal(kim.tenantId, company);
    assert.equal(kim.name, "김민준");
    assert.equal(kim.clearance, 3);
    assert.deepEqual(accounts.find((a) => a.login === "yoon.taeyang")!.roles, []);
  });
});
