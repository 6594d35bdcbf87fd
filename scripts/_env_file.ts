/** The untracked `.env.local`: demo secrets generated on first start, never committed. */

/** Reads KEY=VALUE lines (values optionally in single quotes). */
export function readEnvFile(path: string): Record<string, string> {
  let text: string;
  try {
    text = Deno.readTextFileSync(path);
  } catch {
    return {};
  }
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (!m) continue;
    const raw = m[2];
    out[m[1]] = raw.startsWith("'") && raw.endsWith("'") ? raw.slice(1, -1) : raw;
  }
  return out;
}

/** A random URL-safe secret with `prefix`. */
export function secret(prefix = "", bytes = 32): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return prefix + btoa(String.fromCharCode(...buf)).replace(/[+/=]/g, (c) => ({ "+": "-", "/": "_", "=": "" })[c]!);
}

/**
 * What a demo on one machine relaxes on purpose, said explicitly (the service runs in production mode): content
 * may come from any host, since a demo has no allow-list to give, and any user of a company may register the demo
 * portal's documents with a plain user token. Added to an older `.env.local` that lacks them.
 */
export const DEMO_SWITCHES: Record<string, string> = {
  RAG_CONTENT_ALLOW_ANY_HOST: "true",
  // The quick start serves its document from this machine.
  RAG_CONTENT_ALLOW_LOOPBACK: "true",
  RAG_OPEN_PORTALS: "demo-portal",
};

/** The demo's local OpenID provider (scripts/demo/oidc_provider.ts, started by up.sh) on loopback. */
export const DEMO_OIDC_ISSUER = "http://127.0.0.1:8090";
/** The demo people's shared sign-in password at that provider (documented in the README; loopback only). */
export const DEMO_PASSWORD = "demo-example";

/**
 * The consoles' sign-in through the demo's own OpenID provider, with a client secret and session secret for this
 * machine. Added to an older `.env.local` that lacks them.
 */
export function demoSignInEntries(): Record<string, string> {
  return {
    CONSOLE_OIDC_ISSUER: DEMO_OIDC_ISSUER,
    CONSOLE_OIDC_CLIENT_ID: "consoles",
    CONSOLE_OIDC_CLIENT_SECRET: secret(),
    CONSOLE_OIDC_SCOPES: "openid profile email roles",
    CONSOLE_SESSION_SECRET: secret(),
  };
}

/** Values for a fresh demo installation: local PostgreSQL and Redis, generated keys and secrets. */
export function demoEnv(): Record<string, string> {
  const ownerPw = secret("", 18);
  const appPw = secret("", 18);
  const ragKey = secret("rag_");
  const database = `postgres://backbone_app:${appPw}@127.0.0.1:5432/backbone`;
  return {
    DATABASE_URL: database,
    DATABASE_OWNER_URL: `postgres://backbone_owner:${ownerPw}@127.0.0.1:5432/backbone`,
    ...systemRoleEntry(database),
    REDIS_URL: "redis://127.0.0.1:6379",
    PORT: "8080",
    CENTRAL_ADMIN_API_KEYS_JSON: JSON.stringify([{
      id: 1,
      label: "demo admin",
      apiKey: secret("adm_"),
      enabled: true,
    }]),
    PORTAL_API_KEYS_JSON: JSON.stringify([
      {
        portalId: "demo-portal",
        apiKey: secret("ptl_"),
        scopes: ["directory:read", "directory:sync", "authorization:sync", "glossary:read", "glossary:write"],
        enabled: true,
      },
      {
        portalId: "rag-service",
        apiKey: ragKey,
        scopes: ["directory:read", "directory:sync", "glossary:read"],
        enabled: true,
      },
    ]),
    PORTAL_JWT_SECRET: secret(),
    PORTAL_JWT_ISSUER: "central-directory",
    PORTAL_JWT_AUDIENCE: "directory-api",
    CENTRAL_JWT_SECRET: secret(),
    CENTRAL_JWT_ISSUER: "central-directory",
    CENTRAL_JWT_AUDIENCE: "rag-service,search-gateway",
    // The demo's chief executive is also its installation operator (configure-embedding acts as that user).
    INSTALLATION_OPERATORS: "kim.minjun",
    RAG_DIRECTORY_API_KEY: ragKey,
    RAG_EXPLORE_GATEWAY_API_KEY: secret("gw_"),
    RAG_PUBLIC_ORGANIZATION_ID: crypto.randomUUID(),
    ...DEMO_SWITCHES,
    ...demoSignInEntries(),
  };
}

const GENERATED = "# Generated on first start: demo secrets for this machine only. Never commit this file.";
/** The system role's URL beside the request role's `databaseUrl`: same server and database, its own role. */
export function systemRoleEntry(databaseUrl: string): { DATABASE_SYSTEM_URL: string } {
  const u = new URL(databaseUrl);
  u.username = "backbone_system";
  u.password = secret("", 18);
  return { DATABASE_SYSTEM_URL: u.toString() };
}

/** Writes the env file (owner-only permissions) with single-quoted values. */
export function writeEnvFile(path: string, env: Record<string, string>): void {
  const body = [
    GENERATED,
    ...Object.entries(env).map(([k, v]) => `${k}='${v}'`),
  ].join("\n") + "\n";
  Deno.writeTextFileSync(path, body, { mode: 0o600 });
}

/**
 * Appends the entries a generated demo file does not set yet (an operator's own file is left alone); returns
 * their names.
 */
export function addMissingDemoEntries(path: string, entries: Record<string, string>): string[] {
  const text = Deno.readTextFileSync(path);
  const env = readEnvFile(path);
  const missing = Object.entries(entries).filter(([k]) => env[k] === undefined);
  if (!text.startsWith(GENERATED) || missing.length === 0) return [];
  const lines = missing.map(([k, v]) => `${k}='${v}'\n`).join("");
  Deno.writeTextFileSync(path, `${text.endsWith("\n") ? "" : "\n"}${lines}`, { append: true });
  return missing.map(([k]) => k);
}
