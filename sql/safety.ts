/** The start-up checks of the two database roles: neither can bypass row-level security, only one is the system. */
import { type Db, loadQueries } from "./mod.ts";

/** What the connected role could reach beyond its grants. */
const q = loadQueries(new URL("./safety.sql", import.meta.url), {
  role_privileges: {
    columns: {
      superuser: "bool",
      bypassRls: "bool",
      createRole: "bool",
      privilegedMemberships: "int4",
      ownedRelations: "int4",
    },
  },
  is_system: { columns: { system: "bool" } },
});

/**
 * Throws unless the connected role is neither superuser, BYPASSRLS nor CREATEROLE, is a member of no role
 * that is, and owns no relation itself or through a role it can SET ROLE to. `variable` names its URL.
 */
export async function assertRoleCannotBypassRls(db: Db, variable = "DATABASE_URL"): Promise<void> {
  const [r] = await q.role_privileges(db);
  const problems = [
    r.superuser && "is a superuser",
    r.bypassRls && "has BYPASSRLS",
    r.createRole && "has CREATEROLE (it could grant itself the table owner's role)",
    r.privilegedMemberships > 0 &&
    `is a member of ${r.privilegedMemberships} superuser or BYPASSRLS roles (SET ROLE reaches them)`,
    r.ownedRelations > 0 &&
    `owns ${r.ownedRelations} relations, itself or as a member of their owner (table owners skip row-level security)`,
  ].filter(Boolean);
  if (problems.length > 0) {
    throw new Error(`${variable}'s role ${problems.join(", ")}; connect as the role provisioning made for it`);
  }
}

/** Throws unless the connected role is a request role: bound by row-level security and never the system. */
export async function assertRequestRole(db: Db): Promise<void> {
  await assertRoleCannotBypassRls(db, "DATABASE_URL");
  const [r] = await q.is_system(db);
  if (r.system) {
    throw new Error(
      "DATABASE_URL's role is in the installation's system group, or can SET ROLE to a role that is; " +
        "requests must run as a role that is not (DATABASE_SYSTEM_URL is the system's)",
    );
  }
}

/** Throws unless the connected role is the system role: bound by row-level security, and in the system group. */
export async function assertSystemRole(db: Db): Promise<void> {
  await assertRoleCannotBypassRls(db, "DATABASE_SYSTEM_URL");
  const [r] = await q.is_system(db);
  if (!r.system) {
    throw new Error(
      "DATABASE_SYSTEM_URL's role is not in the installation's system group; provision it (deno task setup)",
    );
  }
}
