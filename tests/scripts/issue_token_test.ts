/**
 * `deno task issue-token`, run as a subprocess the way an operator runs it: the installation operator's mark
 * (`--operator`) goes only to a user INSTALLATION_OPERATORS lists; `--portal` binds the token to a portal (claim
 * `portal_id`), and a malformed portal is refused with exit 2 and the usage.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { decodeJwt } from "jose";
import { body, type Item, startTestApp, type TestApp } from "../_helpers/app.ts";
import { CENTRAL } from "../_helpers/tokens.ts";
import type { schemas } from "@/domain/directory/mod.ts";

let app: TestApp;
before(async () => {
  app = await startTestApp({
    CENTRAL_JWT_SECRET: CENTRAL.secret,
    CENTRAL_JWT_ISSUER: CENTRAL.issuer,
    CENTRAL_JWT_AUDIENCE: CENTRAL.audience,
    INSTALLATION_OPERATORS: "script.operator",
  });
  for (const loginId of ["script.operator", "script.admin", "script.user"]) {
    const res = await app.admin("/users", { method: "POST", json: { loginId, koreanName: "스크립트" } });
    assert.equal(res.status, 201, JSON.stringify(await body<Item<schemas.DirectoryUser>>(res)));
  }
});
after(async () => {
  await app.stop();
});

/** Runs `scripts/cli.ts issue-token` with the test instance's environment. */
async function issueToken(args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/cli.ts", "issue-token", ...args],
    cwd: new URL("../../", import.meta.url),
    env: { ...app.env, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code: out.code, stdout: text.decode(out.stdout).trim(), stderr: text.decode(out.stderr) };
}

describe("issue-token", () => {
  it("prints an installation operator's token for a listed user with --operator", async () => {
    const { code, stdout, stderr } = await issueToken(["script.operator", "--operator", "--ttl", "120"]);
    assert.equal(code, 0, stderr);
    const claims = decodeJwt(stdout);
    assert.equal(claims.installation_operator, true);
    assert.equal(claims.scope, undefined);
  });

  it("refuses --operator for a user the configuration does not list, printing no token", async () => {
    const { code, stdout, stderr } = await issueToken(["script.admin", "--operator", "--rag-admin"]);
    assert.equal(code, 1);
    assert.equal(stdout, "");
    assert.match(stderr, /INSTALLATION_OPERATORS/);
    const plain = await issueToken(["script.admin", "--rag-admin"]);
    assert.equal(plain.code, 0, plain.stderr);
    assert.equal(decodeJwt(plain.stdout).installation_operator, undefined);
  });

  it("binds the token to a portal with --portal, and to none without", async () => {
    const bound = await issueToken(["script.user", "--portal", "portal-a"]);
    assert.equal(bound.code, 0, bound.stderr);
    assert.equal(decodeJwt(bound.stdout).portal_id, "portal-a");
    const plain = await issueToken(["script.user"]);
    assert.equal(plain.code, 0, plain.stderr);
    assert.equal(decodeJwt(plain.stdout).portal_id, undefined);
  });

  it("refuses a malformed portal with exit 2 and the usage, printing no token", async () => {
    for (const portal of ["a:b", "has space", "", "p".repeat(101)]) {
      const run = await issueToken(["script.user", "--portal", portal]);
      assert.equal(run.code, 2, portal);
      assert.match(run.stderr, /Usage: deno task issue-token \[options\] <user>[^]*--portal <portalId>/);
      assert.equal(run.stdout, "");
    }
  });
});
