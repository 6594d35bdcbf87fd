/**
 * A fresh database per test module, cloned from a template that has the
 * bootstrap and every migration applied (rebuilt when either changes). Every
 * clone belongs to the template's installation: its groups, and the same roles.
 */
import postgres from "postgres";
import { type InstallationGroups, provision, restrictDatabase } from "@/sql/provision.ts";
import { migrate, readMigrations } from "@/sql/migrate.ts";

/** Superuser connection for creating databases; trust auth on the test machine. */
export const ADMIN_URL = Deno.env.get("TEST_DATABASE_ADMIN_URL") ?? "postgres://postgres@127.0.0.1:5432/postgres";
const OWNER = { name: "backbone_test_owner", password: "test-owner-password" };
const APP = { name: "backbone_test_request", password: "test-request-password" };
const SYSTEM = { name: "backbone_test_system", password: "test-system-password" };

/** A database made for one test module. */
export interface TestDatabase {
  name: string;
  ownerUrl: string;
  appUrl: string;
  /** The system role's URL (DATABASE_SYSTEM_URL): what the service's jobs run as. */
  systemUrl: string;
  /** The installation's privilege groups. */
  groups: InstallationGroups;
  /** A superuser URL for this database, for tests that must reach under the application role. */
  superUrl: string;
  drop(): Promise<void>;
}

function urlFor(role: { name: string; password: string } | null, database: string): string {
  const u = new URL(ADMIN_URL);
  if (role) {
    u.username = role.name;
    u.password = role.password;
  }
  u.pathname = `/${database}`;
  return u.toString();
}

async function fingerprint(): Promise<string> {
  const parts = (await readMigrations()).map((m) => m.checksum);
  parts.push(Deno.readTextFileSync(new URL("../../sql/bootstrap.sql", import.meta.url)));
  parts.push(Deno.readTextFileSync(new URL("../../sql/provision.ts", import.meta.url)));
  parts.push(Deno.readTextFileSync(new URL("../../sql/runtime_grants.sql", import.meta.url)));
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("|")));
  return Array.from(new Uint8Array(digest).slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function ensureTemplate(admin: postgres.Sql): Promise<string> {
  const name = `backbone_tpl_${await fingerprint()}`;
  const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
  if (!exists) {
    const building = `${name}_build`;
    await admin.unsafe(`drop database if exists ${building}`);
    await provision(ADMIN_URL, { database: building, owner: OWNER, app: APP, system: SYSTEM });
    await migrate(urlFor(OWNER, building));
    await admin.unsafe(`alter database ${building} rename to ${name}`);
  }
  return name;
}

/** The groups provisioning recorded in the database at `url` (a clone keeps its template's). */
async function recordedGroups(url: string): Promise<InstallationGroups> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<InstallationGroups[]>`
      select runtime_group::text as runtime, system_group::text as system from public.installation`;
    return row;
  } finally {
    await sql.end();
  }
}

/** Creates a fresh, migrated database owned by the test owner role. */
export async function freshDatabase(): Promise<TestDatabase> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  // The process id lets scripts/test.sh drop what an interrupted run left without touching a run still going.
  const name = `backbone_t_${Deno.pid}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  let groups: InstallationGroups;
  try {
    try {
      await admin`select pg_advisory_lock(727002)`;
      const template = await ensureTemplate(admin);
      await admin.unsafe(`create database ${name} template ${template} owner ${OWNER.name}`);
    } finally {
      await admin`select pg_advisory_unlock(727002)`.catch(() => {});
    }
    groups = await recordedGroups(urlFor(null, name));
    await restrictDatabase(admin, name, groups);
  } finally {
    await admin.end();
  }
  return handle(name, groups);
}

/**
 * A database an earlier run made with `freshDatabase` and kept (a benchmark's loaded corpus), with the
 * migrations written since applied.
 */
export async function existingDatabase(name: string): Promise<TestDatabase> {
  await migrate(urlFor(OWNER, name));
  return handle(name, await recordedGroups(urlFor(null, name)));
}

function handle(name: string, groups: InstallationGroups): TestDatabase {
  return {
    name,
    ownerUrl: urlFor(OWNER, name),
    appUrl: urlFor(APP, name),
    systemUrl: urlFor(SYSTEM, name),
    groups,
    superUrl: urlFor(null, name),
    async drop() {
      const a = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
      try {
        await a.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await a.end();
      }
    },
  };
}
