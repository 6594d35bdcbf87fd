/**
 * The demo company's people as the demo's OpenID provider signs them in: read from the directory (company
 * DEMO, seeded by `setup --demo`), each with the console roles the demo gives by login, the company as
 * tenant and the directory's clearance. Everyone else of the company signs in too, holding no console role, to show the refusal.
 */
import postgres from "postgres";
import type { DemoAccount } from "./oidc_provider.ts";

/** Console roles of the demo, by login: the chief executive is everything, two others one thing each. */
export const DEMO_ROLES: Record<string, string[]> = {
  "kim.minjun": ["directory_admin", "rag_admin", "installation_operator"],
  "lee.seoyeon": ["directory_admin"],
  "jung.hyunwoo": ["rag_admin"],
};

/** The active people of company DEMO, read as the database owner (the demo's own machine). */
export async function demoAccounts(ownerUrl: string): Promise<DemoAccount[]> {
  const sql = postgres(ownerUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ login: string; name: string; email: string; tenant: string; clearance: number }[]>`
      select u.login_id as login, coalesce(nullif(u.korean_name, ''), u.english_name) as name, u.email,
        c.id::text as tenant, u.clearance_level as clearance
      from directory.users u join directory.companies c on c.id = u.company_id
      where c.code = 'DEMO' and u.is_active and u.deleted_at is null
      order by u.login_id`;
    return rows.map((r) => ({
      login: r.login,
      name: r.name,
      email: r.email,
      roles: DEMO_ROLES[r.login] ?? [],
      tenantId: r.tenant,
      clearance: r.clearance,
    }));
  } finally {
    await sql.end();
  }
}
