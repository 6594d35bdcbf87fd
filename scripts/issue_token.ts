/**
 * Prints a user token for the retrieval service:
 * `deno task issue-token <userId|loginId> [--ttl 900] [--rag-admin] [--operator] [--portal <portalId>]`.
 * Same rules as the admin API (active employees only; `--operator` only for users in INSTALLATION_OPERATORS),
 * audited as the operator script.
 */
import { parseArgs } from "node:util";
import { isPortalId } from "@/lib/portal_ids.ts";
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

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    args: Deno.args,
    allowPositionals: true,
    options: {
      ttl: { type: "string", default: "900" },
      "rag-admin": { type: "boolean" },
      operator: { type: "boolean" },
      portal: { type: "string" },
    },
  });
  const portalId = values.portal?.trim();
  const who = positionals[0];
  const ttl = Number(values.ttl);
  if (
    !who || !Number.isInteger(ttl) || ttl < 60 || ttl > 3600 ||
    (portalId !== undefined && !isPortalId(portalId))
  ) {
    console.error(
      "usage: deno task issue-token <userId|loginId> [--ttl 60..3600] [--rag-admin] [--operator] [--portal <portalId>]",
    );
    Deno.exit(2);
  }
  try {
    const issued = await issueTokenFor(who, {
      ttlSeconds: ttl,
      ragAdmin: values["rag-admin"] ?? false,
      operator: values.operator ?? false,
      portalId,
    });
    console.error(`token for ${issued.userId}, expires ${issued.expiresAt}`);
    console.log(issued.token);
  } catch (err) {
    console.error(`issue-token: ${(err as Error).message}`);
    Deno.exitCode = 1;
  }
}
