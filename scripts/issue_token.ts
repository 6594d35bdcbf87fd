/**
 * Prints a user token for the retrieval service:
 * `deno task issue-token <userId|loginId> [--ttl 900] [--rag-admin] [--operator] [--portal <portalId>]`.
 * Same rules as the admin API (active employees only; `--operator` only for users in INSTALLATION_OPERATORS),
 * audited as the operator script.
 */
import { issueUserToken } from "@/domain/directory/mod.ts";
import { usersByLogin } from "@/sql/directory/users.ts";
import { directoryScriptContext } from "@/app/scripts.ts";

/** Issues a token for a user named by id or login id, as the operator script. */
export async function issueTokenFor(
  who: string,
  o: { ttlSeconds: number; ragAdmin: boolean; operator?: boolean; portalId?: string },
) {
  const ctx = await directoryScriptContext(1);
  try {
    const isId = /^[0-9a-f-]{36}$/i.test(who);
    const userId = isId ? who : (await usersByLogin(ctx.sql, [who.toLowerCase()]))[0]?.id;
    if (!userId) throw new Error(`no user with login id ${who}`);
    const issued = await issueUserToken(ctx, { kind: "system", id: "issue-token", label: "operator script" }, {
      userId,
      ...o,
    });
    return { userId, ...issued };
  } finally {
    await ctx.sql.end();
  }
}

/** `issue-token`: prints the token on stdout (and who it is for on stderr); the exit status. */
export async function issueTokenCommand(
  who: string,
  o: { ttlSeconds: number; ragAdmin: boolean; operator: boolean; portalId?: string },
): Promise<number> {
  const issued = await issueTokenFor(who, o);
  console.error(`token for ${issued.userId}, expires ${issued.expiresAt}`);
  console.log(issued.token);
  return 0;
}
