/**
 * Secrets in the configuration (CONTRACT 3): every secret variable of lib/config.ts also works as
 * `X_FILE` through `loadConfig`, every variable that looks like a secret is on that list, weak
 * signing secrets and short keys are refused at start with a message that names the variable and
 * never holds the value (checked as properties over generated values), and the real entry point
 * exits with that message before touching anything. A full start, some calls and a stop write
 * none of the configured secrets, nor a refused credential, to the process's output.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { ConfigError, loadConfig, SECRET_VARIABLES } from "@/lib/config.ts";
import { freshDatabase } from "../_helpers/db.ts";
import { REDIS_URL, testEnv } from "../_helpers/app.ts";
import { freePort } from "../_helpers/processes.ts";
import { runMainToExit, spawnMain } from "../_helpers/main_process.ts";
import { ADMIN_KEY, CENTRAL, JWT, PORTAL_A_KEY } from "../_helpers/tokens.ts";

/** Content may come from any host: a production start says so explicitly (or lists the hosts). */
const ANY_HOST = { RAG_CONTENT_ALLOW_ANY_HOST: "true" };
const BASE: Record<string, string> = {
  DATABASE_URL: "postgres://app:db-password-in-env@127.0.0.1:5432/x",
  DATABASE_SYSTEM_URL: "postgres://jobs:system-db-password-in-env@127.0.0.1:5432/x",
  ...ANY_HOST,
};
const STRONG = "a-strong-secret-from-a-file-0123456789-QRSTUV";

function refusal(env: Record<string, string>, readFile: (p: string) => string = () => assert.fail("no file")): string {
  try {
    loadConfig(env, readFile);
  } catch (err) {
    assert.ok(err instanceof ConfigError, String(err));
    return err.message;
  }
  assert.fail(`accepted: ${Object.keys(env).join(", ")}`);
}

/** For each secret variable: what its file holds, the other variables it needs, and what the config must read. */
const FILE_CASES: Record<string, { text: string; needs?: Record<string, string>; want: unknown }> = {
  DATABASE_URL: {
    text: "postgres://app:pw-from-file@127.0.0.1:5432/x\n",
    want: "postgres://app:pw-from-file@127.0.0.1:5432/x",
  },
  DATABASE_OWNER_URL: {
    text: "postgres://owner:owner-pw-from-file@db:5432/x\r\n",
    want: "postgres://owner:owner-pw-from-file@db:5432/x",
  },
  DATABASE_SYSTEM_URL: {
    text: "postgres://jobs:system-pw-from-file@db:5432/x\n",
    want: "postgres://jobs:system-pw-from-file@db:5432/x",
  },
  DATABASE_READ_URL: {
    text: "postgres://app:pw-from-file@replica-1:5432/x,postgres://app:pw-from-file@replica-2:5432/x\n",
    want: ["postgres://app:pw-from-file@replica-1:5432/x", "postgres://app:pw-from-file@replica-2:5432/x"],
  },
  REDIS_URL: { text: "redis://:redis-pw-from-file@cache:6379\n", want: "redis://:redis-pw-from-file@cache:6379" },
  PORTAL_API_KEYS_JSON: {
    text: '[{"portalId":"p1","apiKey":"ptl-key-from-file-0123456789","scopes":["directory:read"]}]\n',
    want: [{ portalId: "p1", apiKey: "ptl-key-from-file-0123456789", scopes: ["directory:read"], enabled: true }],
  },
  PORTAL_JWT_SECRET: { text: `${STRONG}\n`, needs: { PORTAL_JWT_ISSUER: "i", PORTAL_JWT_AUDIENCE: "a" }, want: STRONG },
  CENTRAL_ADMIN_API_KEYS_JSON: {
    text: '[{"id":3,"label":"ops","apiKey":"adm-key-from-file-0123456789"}]',
    want: [{ id: "3", label: "ops", apiKey: "adm-key-from-file-0123456789", enabled: true }],
  },
  CENTRAL_JWT_SECRET: { text: STRONG, want: STRONG },
  CENTRAL_JWT_PRIVATE_KEY: {
    text: "-----BEGIN TEST KEY-----\nAAAA\nBBBB\n-----END TEST KEY-----\n",
    want: "-----BEGIN TEST KEY-----\nAAAA\nBBBB\n-----END TEST KEY-----",
  },
  RAG_EXPLORE_GATEWAY_API_KEY: {
    text: "gw-key-from-file-0123456789abcdef\n",
    want: "gw-key-from-file-0123456789abcdef",
  },
  RAG_DIRECTORY_API_KEY: { text: "rag-key-from-file-0123456789abcdef\n", want: "rag-key-from-file-0123456789abcdef" },
  MODEL_GATEWAY_SERVICE_TOKEN: { text: "mgw-token-from-file-0123456789\n", want: "mgw-token-from-file-0123456789" },
  EMBEDDING_API_KEY: { text: "emb-key-from-file-0123456789\n", want: "emb-key-from-file-0123456789" },
  CONSOLE_OIDC_CLIENT_SECRET: {
    text: "oidc-client-secret-from-file-0123\n",
    want: "oidc-client-secret-from-file-0123",
  },
  CONSOLE_SESSION_SECRET: { text: `${STRONG}\n`, want: STRONG },
};

describe("secret variables as X_FILE", () => {
  it("has a case here for every secret variable lib/config.ts lists", () => {
    assert.deepEqual(Object.keys(FILE_CASES).sort(), [...SECRET_VARIABLES].sort());
  });

  for (const name of SECRET_VARIABLES) {
    it(`reads ${name} from ${name}_FILE, trimming one trailing newline`, () => {
      const c = FILE_CASES[name];
      const path = `/run/secrets/${name.toLowerCase()}`;
      const { [name]: _given, ...base } = BASE;
      const env = { ...base, ...c.needs, [`${name}_FILE`]: path };
      const config = loadConfig(env, (p) => (p === path ? c.text : assert.fail(`unexpected read of ${p}`)));
      assert.deepEqual((config as Record<string, unknown>)[name], c.want);
    });
  }

  it("lists every variable of the schema that holds a secret (keys, secrets, tokens, private keys, passwords)", () => {
    const source = Deno.readTextFileSync(new URL("../../lib/config.ts", import.meta.url));
    const schemaStart = source.indexOf("const schema = z.object({");
    const names = [...source.slice(schemaStart).matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    assert.ok(names.length > 30, "the schema's variables were found");
    const notSecret = new Set(["RAG_ADMIN_MANUAL_TOKEN"]);
    const looksSecret = names.filter((n) =>
      !notSecret.has(n) &&
      (/(SECRET|PASSWORD|PRIVATE_KEY|API_KEYS?(_JSON)?|_TOKEN)$/.test(n) ||
        ["DATABASE", "REDIS"].some((p) => n.startsWith(p) && n.endsWith("_URL")))
    );
    assert.deepEqual(looksSecret.filter((n) => !(SECRET_VARIABLES as readonly string[]).includes(n)), []);
  });

  it("names X, never the file's content, when the file's value is refused", () => {
    const weak = "short-file-secret";
    const msg = refusal({ ...BASE, CENTRAL_JWT_SECRET_FILE: "/s" }, () => `${weak}\n`);
    assert.match(msg, /CENTRAL_JWT_SECRET/);
    assert.ok(!msg.includes(weak));
  });
});

const B64URL = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"];

describe("weak secrets are refused at start", () => {
  for (const name of ["PORTAL_JWT_SECRET", "CENTRAL_JWT_SECRET"] as const) {
    const env = (value: string) => ({ ...BASE, PORTAL_JWT_ISSUER: "i", PORTAL_JWT_AUDIENCE: "a", [name]: value });

    it(`${name}: any value under 32 bytes is refused, naming the variable and not echoing the value`, () => {
      const ascii = fc.string({ unit: fc.constantFrom(...B64URL), minLength: 8, maxLength: 31 });
      const korean = fc.string({
        unit: fc.constantFrom(..."가나다라마바사아자차카타파하"),
        minLength: 8,
        maxLength: 10,
      });
      fc.assert(fc.property(fc.oneof(ascii, korean), (value) => {
        const msg = refusal(env(value));
        assert.match(msg, new RegExp(`${name}: `));
        assert.ok(!msg.includes(value), "the value is echoed");
      }));
    });

    it(`${name}: a repetitive value of 32 bytes or more is refused; a varied one is accepted`, () => {
      const repetitive = fc.string({ unit: fc.constantFrom(..."ab01-_xyz"), minLength: 32, maxLength: 80 });
      fc.assert(fc.property(repetitive, (value) => {
        const msg = refusal(env(value));
        assert.ok(msg.includes(name) && !msg.includes(value));
      }));
      const varied = fc.uniqueArray(fc.constantFrom(...B64URL), { minLength: 10, maxLength: 64 })
        .map((chars) => chars.join("").repeat(Math.ceil(32 / chars.length)));
      fc.assert(fc.property(varied, (value) => {
        assert.equal((loadConfig(env(value), () => "") as Record<string, unknown>)[name], value);
      }));
    });
  }

  it("refuses API keys under 16 characters in both key lists without echoing them", () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...B64URL), minLength: 6, maxLength: 15 }), (key) => {
      const portal = refusal({
        ...BASE,
        PORTAL_API_KEYS_JSON: JSON.stringify([{ portalId: "p", apiKey: key, scopes: [] }]),
      });
      const admin = refusal({ ...BASE, CENTRAL_ADMIN_API_KEYS_JSON: JSON.stringify([{ id: 1, apiKey: key }]) });
      assert.match(portal, /PORTAL_API_KEYS_JSON/);
      assert.match(admin, /CENTRAL_ADMIN_API_KEYS_JSON/);
      assert.ok(!portal.includes(key) && !admin.includes(key));
    }));
  });

  it("refuses a gateway key under 16 characters, as it refuses every other key the service checks", () => {
    // RAG_EXPLORE_GATEWAY_API_KEY guards /api/explore/v1 just as the admin and portal keys guard theirs.
    const msg = refusal({ ...BASE, RAG_EXPLORE_GATEWAY_API_KEY: "gw-short" });
    assert.match(msg, /RAG_EXPLORE_GATEWAY_API_KEY/);
    assert.ok(!msg.includes("gw-short"));
  });

  it("main.ts exits 2 on a weak secret, given directly or as a file, naming it and printing no value", async () => {
    const weak = "weak-secret-value";
    const file = await Deno.makeTempFile();
    try {
      await Deno.writeTextFile(file, `${weak}\n`);
      const envs: Record<string, string>[] = [
        { PORTAL_JWT_SECRET: weak },
        { PORTAL_JWT_SECRET_FILE: file },
      ];
      for (const extra of envs) {
        const { code, lines } = await runMainToExit({
          ...BASE,
          PORTAL_JWT_ISSUER: "i",
          PORTAL_JWT_AUDIENCE: "a",
          ...extra,
        });
        const out = lines.join("\n");
        assert.equal(code, 2, out);
        assert.match(out, /PORTAL_JWT_SECRET/);
        assert.ok(!out.includes(weak), "the value is printed");
        assert.ok(!out.includes("db-password-in-env"), "another secret is printed");
      }
    } finally {
      await Deno.remove(file);
    }
  });
});

describe("secrets never reach the process's output", () => {
  it("a full start, refused and accepted calls, and a stop print no configured secret and no presented credential", async () => {
    const db = await freshDatabase();
    const port = freePort();
    const env: Record<string, string> = {
      ...testEnv(db, `t:${crypto.randomUUID().slice(0, 8)}:`),
      REDIS_URL,
      PORT: String(port),
      LOG_LEVEL: "debug",
      CENTRAL_JWT_SECRET: CENTRAL.secret,
      RAG_EXPLORE_GATEWAY_API_KEY: "gateway-key-never-logged-0123456789",
    };
    const proc = spawnMain(env);
    const presented = ["presented-admin-key-never-logged-0123", "presented.portal.jwt-never-logged"];
    try {
      await proc.waitForLine((l) => l.includes('"listening"'), 60_000);
      const base = `http://127.0.0.1:${port}`;
      const calls: Array<[string, Record<string, string>]> = [
        ["/readyz", {}],
        ["/api/directory/v1/admin/users", { "x-directory-admin-key": presented[0] }],
        ["/api/directory/v1/admin/users", { "x-directory-admin-key": ADMIN_KEY }],
        ["/api/directory/v1/users", { authorization: `Bearer ${presented[1]}` }],
        ["/api/directory/v1/users", { authorization: `Bearer ${PORTAL_A_KEY}` }],
        ["/api/v1/documents/00000000-0000-4000-8000-000000000001", { authorization: `Bearer ${presented[1]}` }],
      ];
      for (const [path, headers] of calls) await (await fetch(`${base}${path}`, { headers })).body?.cancel();
    } finally {
      await proc.stop();
      await db.drop();
    }
    const out = proc.lines.join("\n");
    assert.match(out, /"listening"/);
    const secrets = {
      "app database password": new URL(env.DATABASE_URL).password,
      "owner database password": new URL(env.DATABASE_OWNER_URL).password,
      "system database password": new URL(env.DATABASE_SYSTEM_URL).password,
      "admin key": ADMIN_KEY,
      "portal key": PORTAL_A_KEY,
      "portal JWT secret": JWT.secret,
      "user-token secret": CENTRAL.secret,
      "gateway key": env.RAG_EXPLORE_GATEWAY_API_KEY,
      "a refused admin key": presented[0],
      "a refused bearer token": presented[1],
    };
    for (const [what, value] of Object.entries(secrets)) {
      assert.ok(!out.includes(value), `${what} appears in the output`);
    }
  });
});
