import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ConfigError, loadConfig } from "@/lib/config.ts";

/** The least a production start with the retrieval service needs: its two database roles and the content allow-list. */
const base = {
  DATABASE_URL: "postgres://app:secret-db-password@127.0.0.1:5432/x",
  DATABASE_SYSTEM_URL: "postgres://jobs:secret-system-password@127.0.0.1:5432/x",
  RAG_SERVICE_CONTENT_ALLOWED_HOSTS: "docs.corp.example",
};
const noFiles = () => {
  throw new Error("no file reads expected");
};

function refusal(env: Record<string, string>, readFile: (p: string) => string = noFiles): string {
  try {
    loadConfig(env, readFile);
  } catch (err) {
    assert.ok(err instanceof ConfigError, String(err));
    return err.message;
  }
  assert.fail("expected the configuration to be refused");
}

describe("configuration", () => {
  it("applies the contract's defaults", () => {
    const c = loadConfig(base, noFiles);
    assert.deepEqual([...c.SERVICES], ["directory", "rag"]);
    assert.equal(c.PORT, 8080);
    assert.equal(c.MAX_BODY_BYTES, 10 * 1024 * 1024);
    assert.equal(c.SNAPSHOT_MAX_BODY_BYTES, 256 * 1024 * 1024);
    assert.equal(c.RATE_LIMIT_PER_MINUTE, 6000);
    assert.equal(c.TOMBSTONE_RETENTION_DAYS, 30);
    assert.equal(c.SYNC_STALE_AFTER_SECONDS, 3600);
    assert.equal(c.RAG_ORG_SYNC_MAX_STALENESS_SECONDS, 900);
    assert.equal(c.RAG_PORTAL_ID, "rag-service");
    assert.equal(c.PRIVATE_LLM_TIMEOUT_SECONDS, 60);
    assert.equal(c.EMBEDDING_PORT, 8081);
    assert.equal(c.RAG_MAX_DOCUMENT_BYTES, 50 * 1024 * 1024);
    assert.deepEqual(c.CENTRAL_ADMIN_API_KEYS_JSON, []);
    assert.equal(c.PORTAL_JWT_SECRET, undefined);
    assert.equal(c.APP_ENV, "production");
    assert.equal(c.RAG_CONTENT_ALLOW_ANY_HOST, false);
    assert.equal(c.RAG_CONTENT_ALLOW_LOOPBACK, false);
    assert.deepEqual(c.RAG_OPEN_PORTALS, []);
  });

  it("refuses a production start without a content allow-list unless any host is allowed explicitly", () => {
    const bare = { DATABASE_URL: base.DATABASE_URL, DATABASE_SYSTEM_URL: base.DATABASE_SYSTEM_URL };
    const msg = refusal(bare);
    assert.match(msg, /RAG_SERVICE_CONTENT_ALLOWED_HOSTS: is required in production/);
    assert.match(msg, /RAG_CONTENT_ALLOW_ANY_HOST=true/);
    assert.match(refusal({ ...bare, APP_ENV: "production", RAG_CONTENT_ALLOW_ANY_HOST: "false" }), /ALLOWED_HOSTS/);
    for (
      const allowed of [
        { RAG_CONTENT_ALLOW_ANY_HOST: "true" },
        { APP_ENV: "development" },
        { SERVICES: "directory" },
        { RAG_SERVICE_CONTENT_ALLOWED_HOSTS: ".corp.example" },
      ]
    ) {
      assert.doesNotThrow(() => loadConfig({ ...bare, ...allowed }, noFiles), JSON.stringify(allowed));
    }
    assert.match(refusal({ ...base, APP_ENV: "staging" }), /APP_ENV/);
  });

  it("namespaces Redis by the database's name unless REDIS_KEY_PREFIX is set, so installations never share keys", () => {
    assert.equal(loadConfig(base, noFiles).REDIS_KEY_PREFIX, "x:");
    const other = { ...base, DATABASE_URL: "postgres://app:pw@127.0.0.1:5432/backbone_b" };
    assert.equal(loadConfig(other, noFiles).REDIS_KEY_PREFIX, "backbone_b:");
    assert.equal(loadConfig({ ...other, REDIS_KEY_PREFIX: "site-1:" }, noFiles).REDIS_KEY_PREFIX, "site-1:");
  });

  it("reads RAG_OPEN_PORTALS as portal ids or *", () => {
    assert.deepEqual(loadConfig({ ...base, RAG_OPEN_PORTALS: "portal-a, wiki" }, noFiles).RAG_OPEN_PORTALS, [
      "portal-a",
      "wiki",
    ]);
    assert.deepEqual(loadConfig({ ...base, RAG_OPEN_PORTALS: "*" }, noFiles).RAG_OPEN_PORTALS, ["*"]);
    assert.match(refusal({ ...base, RAG_OPEN_PORTALS: "a:b" }), /RAG_OPEN_PORTALS/);
  });

  it("names a missing required variable", () => {
    assert.match(refusal({}), /DATABASE_URL/);
  });

  it("names each bad variable without echoing its value", () => {
    const msg = refusal({ ...base, PORT: "eighty", SERVICES: "directory,search", LOG_LEVEL: "loud" });
    assert.match(msg, /PORT/);
    assert.match(msg, /SERVICES/);
    assert.match(msg, /LOG_LEVEL/);
    assert.doesNotMatch(msg, /eighty|search|loud/);
  });

  it("refuses malformed key lists and never prints the keys", () => {
    const leaked = "leaky-api-key-0123456789";
    const a = refusal({ ...base, PORTAL_API_KEYS_JSON: `[{"portalId":"p","apiKey":"${leaked}","scopes":["root"]}]` });
    assert.match(a, /PORTAL_API_KEYS_JSON/);
    assert.doesNotMatch(a, new RegExp(leaked));
    assert.match(
      refusal({ ...base, CENTRAL_ADMIN_API_KEYS_JSON: "{not json" }),
      /CENTRAL_ADMIN_API_KEYS_JSON: is not valid JSON/,
    );
    assert.match(
      refusal({ ...base, CENTRAL_ADMIN_API_KEYS_JSON: '[{"id":1,"label":"x","apiKey":"short"}]' }),
      /at least 16/,
    );
  });

  it("refuses a weak JWT secret and one without issuer and audience", () => {
    assert.match(
      refusal({ ...base, PORTAL_JWT_SECRET: "secret", PORTAL_JWT_ISSUER: "i", PORTAL_JWT_AUDIENCE: "a" }),
      /PORTAL_JWT_SECRET/,
    );
    assert.match(refusal({ ...base, CENTRAL_JWT_SECRET: "a".repeat(40) }), /CENTRAL_JWT_SECRET/);
    const msg = refusal({ ...base, PORTAL_JWT_SECRET: "a-strong-secret-0123456789-abcdefghijkl" });
    assert.match(msg, /PORTAL_JWT_ISSUER/);
    assert.match(msg, /PORTAL_JWT_AUDIENCE/);
  });

  it("reads a secret from X_FILE, trimming one trailing newline", () => {
    const files: Record<string, string> = {
      "/run/secrets/jwt": "a-strong-secret-0123456789-abcdefghijkl\n",
      "/run/secrets/db": base.DATABASE_URL,
    };
    const c = loadConfig({
      DATABASE_URL_FILE: "/run/secrets/db",
      DATABASE_SYSTEM_URL: base.DATABASE_SYSTEM_URL,
      PORTAL_JWT_SECRET_FILE: "/run/secrets/jwt",
      PORTAL_JWT_ISSUER: "i",
      PORTAL_JWT_AUDIENCE: "a",
      RAG_SERVICE_CONTENT_ALLOWED_HOSTS: base.RAG_SERVICE_CONTENT_ALLOWED_HOSTS,
    }, (p) => files[p]);
    assert.equal(c.PORTAL_JWT_SECRET, "a-strong-secret-0123456789-abcdefghijkl");
    assert.equal(c.DATABASE_URL, base.DATABASE_URL);
  });

  it("refuses X and X_FILE together, and an unreadable file", () => {
    assert.match(refusal({ ...base, DATABASE_URL_FILE: "/x" }), /DATABASE_URL or DATABASE_URL_FILE/);
    const msg = refusal({ DATABASE_URL_FILE: "/missing" }, () => {
      throw new Error("ENOENT");
    });
    assert.match(msg, /DATABASE_URL_FILE: cannot read/);
  });

  it("parses lists and booleans", () => {
    const c = loadConfig({
      ...base,
      CENTRAL_JWT_AUDIENCE: "rag-service, search-gateway",
      RAG_SERVICE_CONTENT_ALLOWED_HOSTS: "docs.corp.example,files.corp.example",
      RAG_SERVICE_AUDIT_REQUIRED: "true",
      SERVICES: "directory",
    }, noFiles);
    assert.deepEqual(c.CENTRAL_JWT_AUDIENCE, ["rag-service", "search-gateway"]);
    assert.deepEqual(c.RAG_SERVICE_CONTENT_ALLOWED_HOSTS.map((h) => h.host), [
      "docs.corp.example",
      "files.corp.example",
    ]);
    assert.equal(c.RAG_SERVICE_AUDIT_REQUIRED, true);
    assert.deepEqual([...c.SERVICES], ["directory"]);
    assert.match(refusal({ ...base, RAG_SERVICE_AUDIT_REQUIRED: "maybe" }), /RAG_SERVICE_AUDIT_REQUIRED/);
  });
});
