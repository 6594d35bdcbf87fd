/**
 * No secret is committed (CONTRACT 3): a scan of every file git tracks, and of every untracked
 * file it would not ignore, finds no private key, signed token, generated key, literal secret
 * or password in a URL. The scanner itself is checked first on samples made at run time (so
 * this file commits none): real keys from scripts/_env_file.ts, a whole generated `.env.local`,
 * PEM blocks, JWTs and Docker secret files are caught; the fixtures of tests/_helpers/tokens.ts
 * and ordinary code are not. The places demo secrets are written must be ignored by git.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { demoEnv, secret } from "@/scripts/_env_file.ts";
import { type Finding, fixtureValues, KEY_PREFIXES, scanText, trackedFiles } from "../_helpers/secret_scan.ts";
import { signingKey, signWith } from "../_helpers/signing_keys.ts";
import { exportPKCS8 } from "jose";

const ROOT = new URL("../../", import.meta.url).pathname;
const FIXTURES = fixtureValues(Deno.readTextFileSync(new URL("../_helpers/tokens.ts", import.meta.url)));
const rules = (findings: Finding[]) => findings.map((f) => f.rule);

/** `.env.local` as scripts/_env_file.ts writes it: KEY='value' lines. */
function envFileText(env: Record<string, string>): string {
  return Object.entries(env).map(([k, v]) => `${k}='${v}'`).join("\n") + "\n";
}

describe("the secret scanner", () => {
  it("catches every generated key shape, in code and in tests alike", () => {
    for (const prefix of KEY_PREFIXES) {
      const key = secret(prefix);
      for (const path of ["lib/x.ts", "tests/http/x_test.ts", "README.md"]) {
        const found = scanText(path, `const k = "${key}";\n`, FIXTURES);
        assert.ok(rules(found).includes("generated key"), `${prefix} in ${path}`);
        assert.ok(found.every((f) => !f.masked.includes(key)), "a finding repeats the key");
      }
    }
  });

  it("catches every secret of a generated .env.local", () => {
    const env = demoEnv();
    const found = scanText(".env.local", envFileText(env), FIXTURES);
    const lines = new Set(found.map((f) => f.line));
    const names = Object.keys(env);
    for (const name of ["DATABASE_URL", "DATABASE_OWNER_URL", "CENTRAL_ADMIN_API_KEYS_JSON", "PORTAL_API_KEYS_JSON"]) {
      assert.ok(lines.has(names.indexOf(name) + 1), `${name} is not caught`);
    }
    for (const name of ["PORTAL_JWT_SECRET", "CENTRAL_JWT_SECRET", "RAG_EXPLORE_GATEWAY_API_KEY"]) {
      assert.ok(lines.has(names.indexOf(name) + 1), `${name} is not caught`);
    }
    assert.ok(found.every((f) => Object.values(env).every((v) => v.length < 12 || !f.masked.includes(v))));
  });

  it("catches a bare secret in a file (a Docker secret), an unquoted one in a config line, and one in code", () => {
    const value = secret();
    assert.deepEqual(rules(scanText("secrets/portal_jwt_secret", `${value}\n`)), ["a file holding a bare secret"]);
    assert.ok(rules(scanText("deploy/app.env", `export PORTAL_JWT_SECRET=${value}\n`)).length > 0, "env line");
    assert.ok(rules(scanText("compose.yaml", `  CENTRAL_JWT_SECRET: ${value}\n`)).length > 0, "yaml line");
    assert.ok(rules(scanText("lib/x.ts", `const c = { apiKey: "${value}" };`)).length > 0, "code");
    assert.ok(rules(scanText("lib/x.ts", `const c = { client_secret: 'prod-pass-for-the-llm' };`)).length > 0);
    assert.ok(rules(scanText("tests/x_test.ts", `jwtSecret = "${value}"`)).length > 0, "random in a test");
  });

  it("catches private key blocks, signed JWTs and passwords in URLs", async () => {
    const key = await signingKey("ES256");
    const pem = await exportPKCS8(key.privateKey);
    assert.ok(rules(scanText("keys/signing.pem", pem)).includes("private key block"));
    for (const kind of ["RSA ", "EC ", "OPENSSH ", "ENCRYPTED ", ""]) {
      const block = ["-----BEGIN", ` ${kind}PRIVATE KEY-----\nMIIB\n-----END`, ` ${kind}PRIVATE KEY-----`].join("");
      assert.ok(rules(scanText("docs/x.md", block)).includes("private key block"), kind);
    }
    const jwt = await signWith({ sub: "someone", exp: 2_000_000_000 }, "ES256", key.privateKey);
    assert.ok(rules(scanText("tests/http/x_test.ts", `const t = "${jwt}";`)).includes("signed JWT"));
    const url = `postgres://backbone_app:${secret("", 18)}@db.internal:5432/backbone`;
    assert.ok(rules(scanText("README.md", url)).includes("password in a URL"));
  });

  it("lets through the fixtures, placeholders, file references and ordinary code", () => {
    const harmless = [
      ["tests/_helpers/tokens.ts", Deno.readTextFileSync(new URL("../_helpers/tokens.ts", import.meta.url))],
      ["tests/http/x_test.ts", `portalJwt({ secret: "a-forger-secret-that-is-long-enough-0123" })`],
      ["tests/http/x_test.ts", `endpoint: "http://svc:s3cret-pass@llm.internal:11434"`],
      ["lib/x.ts", `const apiKey = "${[...FIXTURES].find((v) => v.startsWith("test-admin"))}";`],
      ["compose.yaml", "  PORTAL_JWT_SECRET_FILE: /run/secrets/portal_jwt_secret\n  secrets: [postgres_password]\n"],
      ["lib/x.ts", `tokenizer_class: "BertTokenizer", maxContextTokens: 8192, password: "\${DB_PASSWORD}"`],
      ["lib/x.ts", `secret: config.CENTRAL_JWT_SECRET, apiKey: entry.apiKey`],
      ["README.md", "DATABASE_URL=postgres://user:password@host/db and redis://127.0.0.1:6379"],
      ["sql/x.sql", "create index tb_rag_audit_logs_tenant_at_idx_and_something_long on rag.x (tenant_id);"],
    ];
    for (const [path, text] of harmless) assert.deepEqual(scanText(path, text, FIXTURES), [], `${path}: ${text}`);
  });
});

describe("the repository", () => {
  it("commits no secret: every tracked file, and every untracked one git would not ignore, scans clean", async () => {
    const files = await trackedFiles(ROOT);
    assert.ok(files.length > 100, "git listed the repository's files");
    const findings: Finding[] = [];
    let scanned = 0;
    for (const path of files) {
      let bytes: Uint8Array;
      try {
        bytes = await Deno.readFile(`${ROOT}${path}`);
      } catch {
        continue; // deleted in the work tree
      }
      if (bytes.includes(0)) continue; // binary
      findings.push(...scanText(path, new TextDecoder().decode(bytes), FIXTURES));
      scanned++;
    }
    assert.ok(scanned > 100);
    assert.deepEqual(findings, [], "suspected secrets (values masked)");
  });

  it("ignores the files demo secrets are generated into", async () => {
    for (const path of [".env.local", "secrets/portal_jwt_secret", "secrets/admin_keys.json"]) {
      const out = await new Deno.Command("git", { args: ["check-ignore", "-q", path], cwd: ROOT }).output();
      assert.equal(out.code, 0, `${path} is not ignored by git`);
    }
  });
});
