/**
 * Writes the secret files compose.yaml mounts (./secrets/*), generated once for
 * this installation: `deno run -A scripts/compose_secrets.ts`. Existing files are kept.
 */
import { demoEnv, secret } from "./_env_file.ts";

const dir = new URL("../secrets/", import.meta.url);
Deno.mkdirSync(dir, { recursive: true, mode: 0o700 });
const env = demoEnv();
const pg = secret("", 24);
const owner = new URL(env.DATABASE_OWNER_URL);
const app = new URL(env.DATABASE_URL);
const system = new URL(env.DATABASE_SYSTEM_URL);
for (const u of [owner, app, system]) u.host = "postgres:5432";
const files: Record<string, string> = {
  postgres_password: pg,
  database_admin_url: `postgres://postgres:${pg}@postgres:5432/postgres`,
  database_owner_url: owner.toString(),
  database_url: app.toString(),
  database_system_url: system.toString(),
  embedding_api_key: secret("emb_"),
  "admin_keys.json": env.CENTRAL_ADMIN_API_KEYS_JSON,
  "portal_keys.json": env.PORTAL_API_KEYS_JSON,
  portal_jwt_secret: env.PORTAL_JWT_SECRET,
  central_jwt_secret: env.CENTRAL_JWT_SECRET,
};
for (const [name, value] of Object.entries(files)) {
  const path = new URL(name, dir);
  try {
    Deno.statSync(path);
    console.log(`kept secrets/${name}`);
  } catch {
    Deno.writeTextFileSync(path, value, { mode: 0o600 });
    console.log(`wrote secrets/${name}`);
  }
}
