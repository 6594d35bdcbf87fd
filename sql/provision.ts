/**
 * Creates the roles and the database the service runs on, as a superuser:
 * a table-owning role for migrations, a privilege group, and a login role for
 * the application that owns nothing and has neither superuser nor BYPASSRLS.
 */
import postgres from "postgres";

/** The group role migrations grant runtime privileges to. */
export const RUNTIME_GROUP = "backbone_rw";

/** What to provision. */
export interface ProvisionPlan {
  database: string;
  owner: { name: string; password: string };
  app: { name: string; password: string };
}

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`unsafe identifier: ${name}`);
  return `"${name}"`;
}

/** Reads the plan from the two connection URLs the service is configured with. */
export function planFromUrls(ownerUrl: string, appUrl: string): ProvisionPlan {
  const owner = new URL(ownerUrl);
  const app = new URL(appUrl);
  const database = decodeURIComponent(app.pathname.slice(1));
  if (database !== decodeURIComponent(owner.pathname.slice(1))) {
    throw new Error("DATABASE_URL and DATABASE_OWNER_URL must name the same database");
  }
  return {
    database,
    owner: { name: decodeURIComponent(owner.username), password: decodeURIComponent(owner.password) },
    app: { name: decodeURIComponent(app.username), password: decodeURIComponent(app.password) },
  };
}

async function ensureRole(sql: postgres.Sql, name: string, options: string, password?: string) {
  const exists = await sql`select 1 from pg_roles where rolname = ${name}`;
  const verb = exists.length ? "alter" : "create";
  await sql.unsafe(`${verb} role ${ident(name)} ${options}`);
  if (password) await sql.unsafe(`alter role ${ident(name)} password '${password.replace(/'/g, "''")}'`);
}

/** Creates roles and database when missing and runs the superuser bootstrap. Idempotent. */
export async function provision(adminUrl: string, plan: ProvisionPlan): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await ensureRole(admin, RUNTIME_GROUP, "nologin nosuperuser nobypassrls");
    await ensureRole(admin, plan.owner.name, "login nosuperuser nobypassrls nocreaterole", plan.owner.password);
    await ensureRole(
      admin,
      plan.app.name,
      "login nosuperuser nobypassrls nocreatedb nocreaterole inherit",
      plan.app.password,
    );
    await admin.unsafe(`grant ${ident(RUNTIME_GROUP)} to ${ident(plan.app.name)}`);
    const db = await admin`select 1 from pg_database where datname = ${plan.database}`;
    if (db.length === 0) {
      await admin.unsafe(
        `create database ${ident(plan.database)} owner ${ident(plan.owner.name)} encoding 'UTF8' template template0`,
      );
    }
    await admin.unsafe(`grant connect on database ${ident(plan.database)} to ${ident(RUNTIME_GROUP)}`);
  } finally {
    await admin.end();
  }
  const target = new URL(adminUrl);
  target.pathname = `/${plan.database}`;
  const sql = postgres(target.toString(), { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(Deno.readTextFileSync(new URL("./bootstrap.sql", import.meta.url)));
    await sql.unsafe(`alter schema public owner to ${ident(plan.owner.name)}`);
  } finally {
    await sql.end();
  }
}
