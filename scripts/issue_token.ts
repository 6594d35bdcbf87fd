/**
 * Prints a user token for the retrieval service: `deno task issue-token <userId|loginId> [--ttl 900] [--rag-admin]`.
 * Same rules as the admin API (active employees only), audited as the operator script.
 */
import { parseArgs } from "node:util";
import { createUserTokenSigner, issueUserToken } from "@/domain/directory/mod.ts";
import { usersByLogin } from "@/sql/directory/users.ts";
import { directoryContext, scriptConfig } from "./_runtime_config.ts";

/** Issues a token for a user named by id or login id, as the operator script. */
export async function issueTokenFor(who: string, o: { ttlSeconds: number; ragAdmin: boolean }) {
  const config = scriptConfig();
  const ctx = await directoryContext(1);
  try {
    ctx.userTokens = createUserTokenSigner({
      secret: config.CENTRAL_JWT_SECRET,
      privateKeyPem: config.CENTRAL_JWT_PRIVATE_KEY,
      issuer: config.CENTRAL_JWT_ISSUER,
      audience: config.CENTRAL_JWT_AUDIENCE,
    });
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
    options: { ttl: { type: "string", default: "900" }, "rag-admin": { type: "boolean" } },
  });
  const who = positionals[0];
  const ttl = Number(values.ttl);
  if (!who || !Number.isInteger(ttl) || ttl < 60 || ttl > 3600) {
    console.error("usage: deno task issue-token <userId|loginId> [--ttl 60..3600] [--rag-admin]");
    Deno.exit(2);
  }
  try {
    const issued = await issueTokenFor(who, { ttlSeconds: ttl, ragAdmin: values["rag-admin"] ?? false });
    console.error(`token for ${issued.userId}, expires ${issued.expiresAt}`);
    console.log(issued.token);
  } catch (err) {
    console.error(`issue-token: ${(err as Error).message}`);
    Deno.exitCode = 1;
  }
}
