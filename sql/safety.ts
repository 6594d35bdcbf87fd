/** The start-up check that the application role cannot bypass row-level security. */
import { type Db, loadQueries } from "./mod.ts";

const q = loadQueries(new URL("./safety.sql", import.meta.url), ["role_privileges"]);

/** What the connected role could reach beyond its grants (safety.sql). */
interface RolePrivileges {
  superuser: boolean;
  bypassRls: boolean;
  createRole: boolean;
  privilegedMemberships: number;
  ownedRelations: number;
}

/**
 * Throws unless the connected role is neither superuser, BYPASSRLS nor CREATEROLE, is a member of no role
 * that is, and owns no relation itself or through a role it can SET ROLE to.
 */
export async function assertRoleCannotBypassRls(db: Db): Promise<void> {
  const [r] = await q.role_privileges<RolePrivileges>(db);
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
    throw new Error(`DATABASE_URL's role ${problems.join(", ")}; connect as the application role instead`);
  }
}
