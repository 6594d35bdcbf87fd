/** The consoles' sign-in settings and the mapping of an ID token's claims onto console roles and a tenant. */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ConfigError, loadConfig } from "@/lib/config.ts";
import { personOf, type RoleMapping } from "@/routes/_sign_in/session.ts";

const base = {
  DATABASE_URL: "postgres://app:secret-db-password@127.0.0.1:5432/x",
  DATABASE_SYSTEM_URL: "postgres://jobs:secret-system-password@127.0.0.1:5432/x",
  RAG_SERVICE_CONTENT_ALLOWED_HOSTS: "docs.corp.example",
};
const noFiles = () => {
  throw new Error("no file reads expected");
};
const SIGN_IN = {
  CONSOLE_OIDC_ISSUER: "https://idp.corp.example/realms/corp",
  CONSOLE_OIDC_CLIENT_ID: "consoles",
  CONSOLE_OIDC_CLIENT_SECRET: "test-client-secret",
  CONSOLE_SESSION_SECRET: "test-session-secret-0123456789-abcdef",
};

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env, noFiles);
  } catch (err) {
    assert.ok(err instanceof ConfigError, String(err));
    return err.message;
  }
  assert.fail("expected the configuration to be refused");
}

const mapping: RoleMapping = {
  claim: "roles",
  values: { directory_admin: "dir-admins", installation_operator: "ops", rag_admin: "rag-admins" },
  tenantClaim: "tenant_id",
  clearanceClaim: "clearance_level",
};
const TENANT = "0b8f6a5e-2c3d-4e5f-8a9b-1c2d3e4f5a6b";

describe("sign-in configuration", () => {
  it("is off without an issuer, with the documented defaults", () => {
    const c = loadConfig(base, noFiles);
    assert.equal(c.CONSOLE_OIDC_ISSUER, undefined);
    assert.equal(c.CONSOLE_OIDC_ROLE_CLAIM, "roles");
    assert.equal(c.CONSOLE_OIDC_DIRECTORY_ADMIN_ROLE, "directory_admin");
    assert.equal(c.CONSOLE_SESSION_TTL_SECONDS, 8 * 3600);
  });

  it("takes an issuer with its client and session secret", () => {
    assert.equal(loadConfig({ ...base, ...SIGN_IN }, noFiles).CONSOLE_OIDC_CLIENT_ID, "consoles");
  });

  it("names each variable an issuer needs and does not have", () => {
    const msg = refusal({ ...base, CONSOLE_OIDC_ISSUER: SIGN_IN.CONSOLE_OIDC_ISSUER });
    for (const name of ["CONSOLE_OIDC_CLIENT_ID", "CONSOLE_OIDC_CLIENT_SECRET", "CONSOLE_SESSION_SECRET"]) {
      assert.match(msg, new RegExp(`${name}: is required with CONSOLE_OIDC_ISSUER`));
    }
  });

  it("refuses a short session secret, an issuer that is not a URL, and never echoes a secret", () => {
    const short = refusal({ ...base, ...SIGN_IN, CONSOLE_SESSION_SECRET: "short-secret" });
    assert.match(short, /CONSOLE_SESSION_SECRET: must be at least 32 bytes/);
    assert.doesNotMatch(short, /short-secret/);
    assert.match(refusal({ ...base, ...SIGN_IN, CONSOLE_OIDC_ISSUER: "idp.corp" }), /CONSOLE_OIDC_ISSUER/);
  });
});

describe("role mapping", () => {
  it("maps a list claim onto console roles and reads a UUID tenant", () => {
    const p = personOf(
      { sub: "s1", name: "Minjun Kim", roles: ["rag-admins", "ops", "other"], tenant_id: TENANT },
      mapping,
    );
    assert.deepEqual(p.roles, ["installation_operator", "rag_admin"]);
    assert.equal(p.tenantId, TENANT);
  });

  it("reads the clearance as a number or a level name, and an absent or odd one as PUBLIC", () => {
    assert.equal(personOf({ sub: "s1", clearance_level: 2 }, mapping).clearance, 2);
    assert.equal(personOf({ sub: "s1", clearance_level: "RESTRICTED" }, mapping).clearance, 3);
    assert.equal(personOf({ sub: "s1", clearance_level: 9 }, mapping).clearance, 0);
    assert.equal(personOf({ sub: "s1" }, mapping).clearance, 0);
  });

  it("maps a space-separated claim, and takes no role from a value it does not know", () => {
    assert.deepEqual(personOf({ sub: "s1", roles: "dir-admins extra" }, mapping).roles, ["directory_admin"]);
    assert.deepEqual(personOf({ sub: "s1", roles: "directory_admin" }, mapping).roles, []);
    assert.deepEqual(personOf({ sub: "s1" }, mapping).roles, []);
  });

  it("takes no tenant from a claim that is not a UUID, and names the person by subject when nothing else", () => {
    const p = personOf({ sub: "s1", tenant_id: "DEMO" }, mapping);
    assert.equal(p.tenantId, null);
    assert.equal(p.name, "s1");
  });
});
