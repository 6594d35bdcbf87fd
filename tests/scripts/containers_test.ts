/**
 * The container set-up as shipped (there is no Docker here, so it is parsed and checked): every
 * service of compose.yaml gets a configuration the service accepts in production from the
 * secrets compose_secrets.ts writes, the retrieval side gets its directory key, the API leaves
 * jobs to the worker, Docker waits longer than the drain, secrets stay out of the image and are
 * readable by the image's user, and the runtime image holds neither Node.js nor test packages.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parse } from "yaml";
import { loadConfig } from "@/lib/config.ts";
import { writeComposeSecrets } from "@/scripts/compose_secrets.ts";
import { TEST_ONLY_PACKAGES } from "@/scripts/runtime_imports.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const read = (path: string) => Deno.readTextFileSync(`${ROOT}${path}`);

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
  secrets?: string[];
  profiles?: string[];
  stop_grace_period?: string;
}
const compose = parse(read("compose.yaml"), { merge: true }) as {
  services: Record<string, ComposeService>;
  secrets: Record<string, { file: string }>;
};
const services = compose.services;
/** What main.ts gives in-flight requests after SIGTERM before it exits. */
const DRAIN_SECONDS = 15;

/** `${NAME:-default}` as compose renders it with nothing set on the host. */
function interpolate(value: string): string {
  return String(value).replace(/\$\{(\w+)(?::-([^}]*))?\}/g, (_, _name, fallback) => fallback ?? "");
}

/** The environment a service's process sees, with /run/secrets/<name> read from the files compose mounts. */
function rendered(name: string, secretsDir: string) {
  const service = services[name];
  const env = Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(v)]),
  );
  const mounted = new Set(service.secrets ?? []);
  const readFile = (path: string) => {
    const secret = path.replace(/^\/run\/secrets\//, "");
    assert.ok(mounted.has(secret), `${name} reads ${path} but does not mount secret ${secret}`);
    const file = compose.secrets[secret]?.file;
    assert.ok(file?.startsWith("./secrets/"), `secret ${secret} is declared from ./secrets/`);
    return Deno.readTextFileSync(`${secretsDir}/${file.slice("./secrets/".length)}`);
  };
  return { env, config: loadConfig(env, readFile) };
}

describe("containers as shipped", () => {
  it("gives every service a production configuration, with the retrieval side's directory key", async () => {
    const dir = await Deno.makeTempDir();
    try {
      writeComposeSecrets(dir);
      for (const name of ["api", "worker", "setup", "configure-embedding"]) {
        const { env, config } = rendered(name, dir);
        assert.equal(config.APP_ENV, "production", name);
        assert.equal(env.REDIS_URL, "redis://redis:6379", name);
        assert.ok(config.DATABASE_SYSTEM_URL, `${name}: the system role`);
        const ragKey = config.PORTAL_API_KEYS_JSON.find((k) => k.portalId === config.RAG_PORTAL_ID);
        assert.ok(ragKey, `${name}: the directory knows the retrieval side's portal`);
        assert.equal(
          config.RAG_DIRECTORY_API_KEY,
          ragKey.apiKey,
          `${name}: RAG_DIRECTORY_API_KEY is that portal's key`,
        );
        for (const scope of ["directory:read", "directory:sync", "glossary:read"]) {
          assert.ok(ragKey.scopes.includes(scope as never), `${name}: the retrieval key holds ${scope}`);
        }
      }
      assert.equal(rendered("api", dir).config.RUN_WORKERS, false, "the API leaves jobs to the worker service");
      assert.ok(services.worker.command?.includes("--workers-only"));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });

  it("writes secrets the image's user can read, in a directory only the host user enters, keeping old ones", async () => {
    const dir = await Deno.makeTempDir();
    try {
      writeComposeSecrets(dir);
      const keys = Deno.readTextFileSync(`${dir}/portal_keys.json`);
      Deno.chmodSync(`${dir}/portal_keys.json`, 0o600); // as an earlier version wrote it
      Deno.removeSync(`${dir}/rag_directory_api_key`); // as an installation from before the key had a file
      const second = writeComposeSecrets(dir);
      assert.ok(second.find((f) => f.name === "portal_keys.json")?.kept);
      assert.equal(Deno.readTextFileSync(`${dir}/portal_keys.json`), keys);
      assert.equal(Deno.statSync(dir).mode! & 0o777, 0o700);
      for (const { name } of second) assert.equal(Deno.statSync(`${dir}/${name}`).mode! & 0o777, 0o644, name);
      const rag = JSON.parse(keys).find((k: { portalId: string }) => k.portalId === "rag-service");
      assert.equal(
        Deno.readTextFileSync(`${dir}/rag_directory_api_key`),
        rag.apiKey,
        "the new file matches the kept keys",
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });

  it("seeds the demo company only in the demo profile", () => {
    assert.ok(!services.setup.command?.includes("--demo"));
    assert.deepEqual(services.demo.profiles, ["demo"]);
    assert.ok(services.demo.command?.includes("--demo"));
  });

  it("waits longer than the drain before Docker kills a service", () => {
    for (const name of ["api", "worker", "embedding"]) {
      const grace = services[name].stop_grace_period ?? "10s";
      assert.ok(Number(grace.replace(/s$/, "")) > DRAIN_SECONDS, `${name}: ${grace}`);
    }
  });

  it("runs the API, the worker and the embedding component with deno.json's permission sets, never -A", () => {
    const sets = JSON.parse(read("deno.json")).permissions as Record<string, Record<string, unknown>>;
    const dockerCmd = JSON.parse(read("Dockerfile").match(/^CMD (\[.*\])$/m)![1]) as string[];
    for (const command of [services.api.command!, services.worker.command!, services.embedding.command!, dockerCmd]) {
      assert.ok(!command.includes("-A") && !command.includes("--allow-all"), command.join(" "));
      const set = command.find((a) => a.startsWith("-P="))?.slice(3);
      assert.ok(set && sets[set], `${command.join(" ")} names a permission set of deno.json`);
      assert.ok(!("all" in sets[set]), set);
    }
  });

  it("keeps secrets, local state and Node.js out of the runtime image", () => {
    const ignored = read(".dockerignore").split("\n").map((l) => l.trim());
    for (const entry of [".env.*", "secrets/", "node_modules/", ".tools/", ".git", ".data/", "scripts/demo/"]) {
      assert.ok(ignored.includes(entry), `.dockerignore lists ${entry}`);
    }
    const stages = read("Dockerfile").split(/^FROM /m);
    const runtime = stages[stages.length - 1];
    assert.doesNotMatch(runtime, /\b(nodejs|npm)\b/, "the runtime stage installs neither Node.js nor npm");
    assert.match(runtime, /^USER backbone$/m);
    assert.match(runtime, /--uid 10001/);
  });

  it("lists exactly the packages only tests and benchmarks import", async () => {
    const imports = Object.keys(JSON.parse(read("deno.json")).imports).filter((k) => !k.startsWith("@/"));
    const users = new Map(imports.map((p) => [p, { runtime: [] as string[], tests: 0 }]));
    const files = new TextDecoder().decode(
      (await new Deno.Command("git", { args: ["ls-files", "-co", "--exclude-standard", "*.ts", "*.tsx"], cwd: ROOT })
        .output()).stdout,
    ).split("\n").filter((f) => f && !f.startsWith("vendor/"));
    for (const file of files) {
      const text = read(file);
      for (const [pkg, use] of users) {
        if (!new RegExp(`from "${pkg.replace(/[/.]/g, "\\$&")}["/]|import\\("${pkg}"\\)`).test(text)) continue;
        // The portal client and its example are shipped to portals, never in the service's image; nor is
        // scripts/demo/ (the demo's local OpenID provider, .dockerignore).
        if (/^(tests|bench|clients|examples|scripts\/demo)\//.test(file)) use.tests++;
        else use.runtime.push(file);
      }
    }
    for (const pkg of TEST_ONLY_PACKAGES) {
      assert.deepEqual(users.get(pkg)?.runtime, [], `${pkg} is test-only, yet runtime code imports it`);
    }
    const onlyTests = [...users].filter(([, u]) => u.runtime.length === 0 && u.tests > 0).map(([p]) => p);
    assert.deepEqual(onlyTests.sort(), [...TEST_ONLY_PACKAGES].sort());
  });

  it("installs in the image the reference bundle /docs reads from node_modules (no import names it)", () => {
    const runtime = Object.keys(JSON.parse(read("deno.json")).imports).filter((k) =>
      !(TEST_ONLY_PACKAGES as readonly string[]).includes(k)
    );
    assert.ok(runtime.includes("@scalar/api-reference"));
    assert.match(read("routes/docs.ts"), /node_modules\/@scalar\/api-reference\//);
  });
});
