/**
 * Creates the roles and the database the service runs on, as a superuser: a table-owning role for migrations,
 * the installation's two privilege groups, a login role for requests and one for the service's own system work.
 * Neither login role owns anything or has superuser or BYPASSRLS; only the system role is in the system group.
 * Groups are per installation (named after its database) so two installations in one cluster share nothing.
 */
import postgres from "postgres";

/**
 * The group migrations name in their grants. It has no members and, once a migration commits, no privileges:
 * the migrator hands every privilege granted to it over to the installation's runtime group (see `migrate.ts`).
 */
export const MIGRATION_GROUP = "backbone_rw";

/** A login role and its password. */
export interface LoginRole {
  name: string;
  password: string;
}

/** What to provision. */
export interface ProvisionPlan {
  database: string;
  owner: LoginRole;
  /** The request role (DATABASE_URL). */
  app: LoginRole;
  /** The system role (DATABASE_SYSTEM_URL): workers, retention, organization sync, the API's own bookkeeping. */
  system: LoginRole;
}

/** The installation's privilege groups: table privileges (both login roles), and what makes a role the system. */
export interface InstallationGroups {
  runtime: string;
  system: string;
}

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`unsafe identifier: ${name}`);
  return `"${name}"`;
}

/**
 * The groups of the installation whose database is `database`. A long name is shortened and made unique by a
 * hash of the whole, so the group names stay within PostgreSQL's 63 bytes.
 */
export async function installationGroups(database: string): Promise<InstallationGroups> {
  ident(database);
  let base = database;
  if (base.length > 50) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(database)));
    base = `${database.slice(0, 41)}_${
      Array.from(digest.slice(0, 4), (b) => b.toString(16).padStart(2, "0")).join("")
    }`;
  }
  return { runtime: `${base}_rw_group`, system: `${base}_system_group` };
}

/** Reads the plan from the three connection URLs the service is configured with. */
export function planFromUrls(ownerUrl: string, appUrl: string, systemUrl: string): ProvisionPlan {
  const [owner, app, system] = [ownerUrl, appUrl, systemUrl].map((u) => new URL(u));
  const database = decodeURIComponent(app.pathname.slice(1));
  for (const other of [owner, system]) {
    if (database !== decodeURIComponent(other.pathname.slice(1))) {
      throw new Error("DATABASE_URL, DATABASE_SYSTEM_URL and DATABASE_OWNER_URL must name the same database");
    }
  }
  const role = (u: URL) => ({ name: decodeURIComponent(u.username), password: decodeURIComponent(u.password) });
  return { database, owner: role(owner), app: role(app), system: role(system) };
}

async function ensureRole(sql: postgres.Sql, name: string, options: string, password?: string) {
  const exists = await sql`select 1 from pg_roles where rolname = ${name}`;
  const verb = exists.length ? "alter" : "create";
  await sql.unsafe(`${verb} role ${ident(name)} ${options}`);
  if (password) await sql.unsafe(`alter role ${ident(name)} password '${password.replace(/'/g, "''")}'`);
}

/** Creates the roles and groups and sets who belongs where; the request role is taken out of the system group. */
async function ensureRoles(admin: postgres.Sql, plan: ProvisionPlan, groups: InstallationGroups) {
  const names = [plan.owner.name, plan.app.name, plan.system.name];
  if (new Set(names).size !== names.length) {
    throw new Error("the owner, request and system roles must be three different roles");
  }
  const login = "login nosuperuser nobypassrls nocreatedb nocreaterole inherit";
  for (const group of [MIGRATION_GROUP, groups.runtime, groups.system]) {
    await ensureRole(admin, group, "nologin nosuperuser nobypassrls nocreatedb nocreaterole");
  }
  await ensureRole(admin, plan.owner.name, "login nosuperuser nobypassrls nocreaterole", plan.owner.password);
  await ensureRole(admin, plan.app.name, login, plan.app.password);
  await ensureRole(admin, plan.system.name, login, plan.system.password);
  await admin.unsafe(`grant ${ident(groups.runtime)} to ${ident(plan.app.name)}, ${ident(plan.system.name)}`);
  await admin.unsafe(`grant ${ident(groups.system)} to ${ident(plan.system.name)}`);
  for (const group of [groups.system, MIGRATION_GROUP]) {
    await admin.unsafe(`revoke ${ident(group)} from ${ident(plan.app.name)}`);
  }
  await admin.unsafe(`revoke ${ident(MIGRATION_GROUP)} from ${ident(plan.system.name)}`);
}

/**
 * Lets only the installation's groups (and the owner) connect to `database`: no PUBLIC, no other installation.
 * Also for a database cloned from a provisioned one, which starts with PostgreSQL's default (PUBLIC may connect).
 */
export async function restrictDatabase(admin: postgres.Sql, database: string, groups: InstallationGroups) {
  await admin.unsafe(`revoke all on database ${ident(database)} from public`);
  await admin.unsafe(`revoke all on database ${ident(database)} from ${ident(MIGRATION_GROUP)}`);
  await admin.unsafe(`grant connect on database ${ident(database)} to ${ident(groups.runtime)}`);
}

/**
 * Records the installation's group names in its own database, where policies and the migrator read them: a
 * database cloned from this one belongs to the same installation, whatever its name.
 */
async function recordGroups(sql: postgres.Sql, owner: string, groups: InstallationGroups) {
  await sql.unsafe(`create table if not exists public.installation (
    only_row boolean primary key default true check (only_row),
    runtime_group name not null,
    system_group name not null)`);
  await sql.unsafe(`comment on table public.installation is
    'The installation''s privilege groups, written by provisioning (sql/provision.ts); read by rag.app_current_is_system().'`);
  await sql`insert into public.installation (runtime_group, system_group) values (${groups.runtime}, ${groups.system})
            on conflict (only_row) do update set runtime_group = excluded.runtime_group,
                                                system_group = excluded.system_group`;
  await sql.unsafe(`revoke all on public.installation from public`);
  await sql.unsafe(`grant select on public.installation to ${ident(groups.runtime)}, ${ident(owner)}`);
}

/** Creates roles, groups and database when missing and runs the superuser bootstrap. Idempotent. */
export async function provision(adminUrl: string, plan: ProvisionPlan): Promise<InstallationGroups> {
  const groups = await installationGroups(plan.database);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await ensureRoles(admin, plan, groups);
    const db = await admin`select 1 from pg_database where datname = ${plan.database}`;
    if (db.length === 0) {
      await admin.unsafe(
        `create database ${ident(plan.database)} owner ${ident(plan.owner.name)} encoding 'UTF8' template template0`,
      );
    }
    await restrictDatabase(admin, plan.database, groups);
  } finally {
    await admin.end();
  }
  const target = new URL(adminUrl);
  target.pathname = `/${plan.database}`;
  const sql = postgres(target.toString(), { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(Deno.readTextFileSync(new URL("./bootstrap.sql", import.meta.url)));
    await sql.unsafe(`alter schema public owner to ${ident(plan.owner.name)}`);
    await recordGroups(sql, plan.owner.name, groups);
  } finally {
    await sql.end();
  }
  return groups;
}
