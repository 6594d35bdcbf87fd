/** The start-up check that the application role cannot bypass row-level security. */
import { type Db, loadQueries } from "./mod.ts";

const q = loadQueries(new URL("./safety.sql", import.meta.url), ["role_privileges"]);

/** Throws unless the connected role is neither superuser nor BYPASSRLS and owns no relation. */
export async function assertRoleCannotBypassRls(db: Db): Promise<void> {
  const [r] = await q.role_privileges<{ superuser: boolean; bypassRls: boolean; ownedRelations: number }>(db);
  const problems = [
    r.superuser && "is a superuser",
    r.bypassRls && "has BYPASSRLS",
    r.ownedRelations > 0 && `owns ${r.ownedRelations} relations (table owners skip row-level security)`,
  ].filter(Boolean);
  if (problems.length > 0) {
    throw new Error(`DATABASE_URL's role ${problems.join(", ")}; connect as the application role instead`);
  }
}
