/**
 * A fresh database per test module, cloned from a template that has the
 * bootstrap and every migration applied (rebuilt when either changes).
 */
import postgres from "postgres";
import { provision } from "@/sql/provision.ts";
import { migrate, readMigrations } from "@/sql/migrate.ts";

/** Superuser connection for creating databases; trust auth on the test machine. */
export const ADMIN_URL = Deno.env.get("TEST_DATABASE_ADMIN_URL") ?? "postgres://postgres@127.0.0.1:5432/postgres";
const OWNER = { name: "backbone_test_owner", password: "test-owner-password" };
const APP = { name: "backbone_test_app", password: "test-app-password" };

/** A database made for one test module. */
export interface TestDatabase {
  name: string;
  ownerUrl: string;
  appUrl: string;
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
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("|")));
  return Array.from(new Uint8Array(digest).slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function ensureTemplate(admin: postgres.Sql): Promise<string> {
  const name = `backbone_tpl_${await fingerprint()}`;
  const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
  if (!exists) {
    const building = `${name}_build`;
    await admin.unsafe(`drop database if exists ${building}`);
    await provision(ADMIN_URL, { database: building, owner: OWNER, app: APP });
    await migrate(urlFor(OWNER, building));
    await admin.unsafe(`alter database ${building} rename to ${name}`);
  }
  return name;
}

/** Creates a fresh, migrated database owned by the test owner role. */
export async function freshDatabase(): Promise<TestDatabase> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const name = `backbone_t_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  try {
    await admin`select pg_advisory_lock(727002)`;
    const template = await ensureTemplate(admin);
    await admin.unsafe(`create database ${name} template ${template} owner ${OWNER.name}`);
  } finally {
    await admin`select pg_advisory_unlock(727002)`.catch(() => {});
    await admin.end();
  }
  return {
    name,
    ownerUrl: urlFor(OWNER, name),
    appUrl: urlFor(APP, name),
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
