/**
 * Prepares a database for the service, idempotently: writes `.env.local` with
 * generated demo secrets when it is missing (and adds what a newer version needs to
 * one that exists), creates the roles, the installation's groups and the database as
 * a superuser, runs migrations as the owner, and (with --demo) seeds the demo company.
 *
 *   deno run -A scripts/cli.ts setup [--env-file .env.local] [--demo] [--quiet]
 */
import { loadConfig } from "@/lib/config.ts";
import { connect } from "@/sql/mod.ts";
import { migrate } from "@/sql/migrate.ts";
import { planFromUrls, provision } from "@/sql/provision.ts";
import { cursorSecret } from "@/sql/directory/ledger.ts";
import { createCursorCodec, createPublications } from "@/domain/directory/mod.ts";
import {
  addMissingDemoEntries,
  DEMO_OIDC_ISSUER,
  DEMO_PASSWORD,
  DEMO_SWITCHES,
  demoEnv,
  demoSignInEntries,
  readEnvFile,
  systemRoleEntry,
  writeEnvFile,
} from "./_env_file.ts";
import { seedDemo } from "./_demo.ts";

/** What `setup` was asked. */
export interface SetupOptions {
  envFile: string;
  demo: boolean;
  quiet: boolean;
}

/** `setup`: the exit status. */
export async function setupCommand(args: SetupOptions): Promise<number> {
  const say = (msg: string) => args.quiet || console.error(`setup: ${msg}`);

  let fileEnv = readEnvFile(args.envFile);
  const databaseGiven = Deno.env.has("DATABASE_URL") || Deno.env.has("DATABASE_URL_FILE");
  if (Object.keys(fileEnv).length === 0 && !databaseGiven) {
    fileEnv = demoEnv();
    writeEnvFile(args.envFile, fileEnv);
    say(`wrote ${args.envFile} with generated demo secrets`);
  } else if (Object.keys(fileEnv).length > 0) {
    if (fileEnv.DATABASE_URL && !fileEnv.DATABASE_SYSTEM_URL && !Deno.env.get("DATABASE_SYSTEM_URL")) {
      // A file written before system work had a role of its own.
      fileEnv = { ...fileEnv, ...systemRoleEntry(fileEnv.DATABASE_URL) };
      writeEnvFile(args.envFile, fileEnv);
      say(`added DATABASE_SYSTEM_URL to ${args.envFile}`);
    }
    if (args.demo) {
      const added = addMissingDemoEntries(args.envFile, { ...DEMO_SWITCHES, ...demoSignInEntries() });
      if (added.length > 0) say(`added ${added.join(", ")} to ${args.envFile}`);
      fileEnv = readEnvFile(args.envFile);
    }
  }
  const config = loadConfig({ ...fileEnv, ...Deno.env.toObject() });
  if (!config.DATABASE_OWNER_URL) throw new Error("DATABASE_OWNER_URL is needed to set up the database");
  if (!config.DATABASE_SYSTEM_URL) throw new Error("DATABASE_SYSTEM_URL is needed to set up the database");

  const adminFile = Deno.env.get("DATABASE_ADMIN_URL_FILE");
  const adminUrl = adminFile
    ? Deno.readTextFileSync(adminFile).trim()
    : Deno.env.get("DATABASE_ADMIN_URL") ?? "postgres://postgres@127.0.0.1:5432/postgres";
  await provision(adminUrl, planFromUrls(config.DATABASE_OWNER_URL, config.DATABASE_URL, config.DATABASE_SYSTEM_URL));
  const applied = await migrate(config.DATABASE_OWNER_URL);
  say(applied.length ? `applied ${applied.join(", ")}` : "database is up to date");

  if (args.demo) {
    const sql = connect(config.DATABASE_URL, { max: 2 });
    try {
      await seedDemo({
        sql,
        publications: createPublications(sql, { slots: 1 }),
        cursors: createCursorCodec(await cursorSecret(sql)),
        tombstoneRetentionDays: config.TOMBSTONE_RETENTION_DAYS,
        syncStaleAfterSeconds: config.SYNC_STALE_AFTER_SECONDS,
        knownPortals: [],
        installationOperators: [],
      });
    } finally {
      await sql.end();
    }
    const portal = config.PORTAL_API_KEYS_JSON.find((k) => k.portalId !== config.RAG_PORTAL_ID) ??
      config.PORTAL_API_KEYS_JSON[0];
    const url = `http://127.0.0.1:${config.PORT}`;
    console.log([
      "",
      `  Service     ${url}   (API docs: ${url}/openapi.json)`,
      `  Admin key   ${
        config.CENTRAL_ADMIN_API_KEYS_JSON[0]?.apiKey ?? "(none configured)"
      }   header x-directory-admin-key`,
      `  Portal key  ${portal?.apiKey ?? "(none configured)"}   portal ${
        portal?.portalId ?? "-"
      }, Authorization: Bearer`,
      ...(config.CONSOLE_OIDC_ISSUER === DEMO_OIDC_ISSUER
        ? [`  Sign in     ${url}/console/ and ${url}/   as kim.minjun, password ${DEMO_PASSWORD} (README: Sign-in)`]
        : []),
      "",
    ].join("\n"));
  }
  return 0;
}
