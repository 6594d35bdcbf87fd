/** Configuration and a directory context for operator scripts run on the server. */
import { loadConfig } from "@/lib/config.ts";
import { connect } from "@/sql/mod.ts";
import { cursorSecret } from "@/sql/directory/ledger.ts";
import { createCursorCodec, type DirectoryContext } from "@/domain/directory/mod.ts";

/** Loads the configuration from the environment (scripts run with --env-file=.env.local). */
export function scriptConfig() {
  return loadConfig(Deno.env.toObject());
}

/** Opens a directory context on the application role; call `sql.end()` when done. */
export async function directoryContext(pool = 4): Promise<DirectoryContext> {
  const config = scriptConfig();
  const sql = connect(config.DATABASE_URL, { max: pool, applicationName: "backbone-script", statementTimeoutMs: 0 });
  return {
    sql,
    cursors: createCursorCodec(await cursorSecret(sql)),
    tombstoneRetentionDays: config.TOMBSTONE_RETENTION_DAYS,
    syncStaleAfterSeconds: config.SYNC_STALE_AFTER_SECONDS,
    knownPortals: [],
  };
}
