/**
 * Writes the secret files compose.yaml mounts (./secrets/*), generated once for
 * this installation: `deno run -A scripts/cli.ts compose-secrets`. Existing files are kept.
 *
 * Compose mounts each file as it is on the host, and the image runs as uid 10001, not
 * as the host user: the files are world-readable (0644) inside a directory only the
 * host user may enter (0700), which keeps other host users out. A run fixes the modes
 * of files an earlier version wrote 0600.
 */
import { demoEnv, secret } from "./_env_file.ts";

/** Writes the missing secret files into `dir` and returns what it did with each. */
export function writeComposeSecrets(dir: string): { name: string; kept: boolean }[] {
  Deno.mkdirSync(dir, { recursive: true, mode: 0o700 });
  Deno.chmodSync(dir, 0o700);
  const env = demoEnv();
  const pg = secret("", 24);
  const owner = new URL(env.DATABASE_OWNER_URL);
  const app = new URL(env.DATABASE_URL);
  const system = new URL(env.DATABASE_SYSTEM_URL);
  for (const u of [owner, app, system]) u.host = "postgres:5432";
  const read = (name: string) => {
    try {
      return Deno.readTextFileSync(`${dir}/${name}`);
    } catch {
      return undefined;
    }
  };
  // The retrieval side's directory key must be the one portal_keys.json already holds.
  const portalKeys = read("portal_keys.json") ?? env.PORTAL_API_KEYS_JSON;
  const ragKey = (JSON.parse(portalKeys) as { portalId: string; apiKey: string }[])
    .find((k) => k.portalId === "rag-service")?.apiKey ?? env.RAG_DIRECTORY_API_KEY;
  const files: Record<string, string> = {
    postgres_password: pg,
    database_admin_url: `postgres://postgres:${pg}@postgres:5432/postgres`,
    database_owner_url: owner.toString(),
    database_url: app.toString(),
    database_system_url: system.toString(),
    embedding_api_key: secret("emb_"),
    "admin_keys.json": env.CENTRAL_ADMIN_API_KEYS_JSON,
    "portal_keys.json": portalKeys,
    portal_jwt_secret: env.PORTAL_JWT_SECRET,
    central_jwt_secret: env.CENTRAL_JWT_SECRET,
    rag_directory_api_key: ragKey,
  };
  return Object.entries(files).map(([name, value]) => {
    const path = `${dir}/${name}`;
    const kept = read(name) !== undefined;
    if (!kept) Deno.writeTextFileSync(path, value);
    Deno.chmodSync(path, 0o644); // whatever the umask
    return { name, kept };
  });
}

/** `compose-secrets`: writes ./secrets/* for compose.yaml; the exit status. */
export function composeSecretsCommand(): number {
  const dir = new URL("../secrets", import.meta.url).pathname;
  for (const { name, kept } of writeComposeSecrets(dir)) console.log(`${kept ? "kept" : "wrote"} secrets/${name}`);
  return 0;
}
