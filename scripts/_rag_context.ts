/** A retrieval context for operator scripts, on the application role, without workers, HTTP or a job listener. */
import { connect } from "@/sql/mod.ts";
import { assertRoleCannotBypassRls } from "@/sql/safety.ts";
import type { RagContext } from "@/domain/rag/context.ts";
import { createRagContext } from "@/lib/rag_context.ts";
import { scriptConfig } from "./_runtime_config.ts";

/** Opens a retrieval context on DATABASE_URL (refusing a role that could bypass row-level security); call `sql.end()` when done. */
export async function ragScriptContext(pool = 2): Promise<RagContext> {
  const config = scriptConfig();
  const sql = connect(config.DATABASE_URL, { max: pool, applicationName: "backbone-script", statementTimeoutMs: 0 });
  try {
    await assertRoleCannotBypassRls(sql);
  } catch (err) {
    await sql.end();
    throw err;
  }
  return createRagContext(config, sql, {
    // Scripts hand work to the running service's workers; they never wait on one job.
    waitForJob: () => Promise.reject(new Error("operator scripts do not wait for single ingestion jobs")),
  });
}
