/**
 * Contexts for operator scripts run on the server (`deno task import-users`, `reindex`, ...): the same
 * builders as the service, on small pools of the request and system roles, without workers, HTTP or a job listener.
 */
import { type Config, loadConfig } from "@/lib/config.ts";
import { connect, type Sql } from "@/sql/mod.ts";
import { assertRequestRole } from "@/sql/safety.ts";
import { openSystemPool } from "@/sql/rag/session.ts";
import type { DirectoryContext } from "@/domain/directory/mod.ts";
import type { RagContext } from "@/domain/rag/mod.ts";
import { createDirectoryContext } from "./directory_context.ts";
import { createRagContext } from "./rag_context.ts";

/** Loads the configuration from the environment (scripts run with --env-file=.env.local). */
export function scriptConfig(): Config {
  return loadConfig(Deno.env.toObject());
}

/** Opens a pool on DATABASE_URL, refusing a role that could bypass row-level security or is the system. */
async function scriptPool(config: Config, max: number): Promise<Sql> {
  const sql = connect(config.DATABASE_URL, { max, applicationName: "backbone-script", statementTimeoutMs: 0 });
  try {
    await assertRequestRole(sql);
  } catch (err) {
    await sql.end();
    throw err;
  }
  return sql;
}

/** Opens a directory context; call `ctx.sql.end()` when done. */
export async function directoryScriptContext(pool = 4): Promise<DirectoryContext> {
  const config = scriptConfig();
  const sql = await scriptPool(config, pool);
  // Scripts publish no snapshots; the context's publication slots share their one pool.
  return await createDirectoryContext(config, { sql, publications: sql });
}

/** Opens a retrieval context; call `ctx.sql.end()` and `ctx.system.end()` when done. */
export async function ragScriptContext(pool = 2): Promise<RagContext> {
  const config = scriptConfig();
  const sql = await scriptPool(config, pool);
  const system = await openSystemPool(config.DATABASE_SYSTEM_URL!, {
    max: pool,
    applicationName: "backbone-script",
    statementTimeoutMs: 0,
  }).catch(async (err) => {
    await sql.end();
    throw err;
  });
  return createRagContext(config, { sql, system, search: sql }, {
    // Scripts hand work to the running service's workers; they never wait on one job.
    waitForJob: () => Promise.reject(new Error("operator scripts do not wait for single ingestion jobs")),
  });
}
