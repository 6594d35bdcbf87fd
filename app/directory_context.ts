/** The directory context built from the configuration: one builder for the service and the operator scripts. */
import type { Config } from "@/lib/config.ts";
import type { Sql } from "@/sql/mod.ts";
import { ReadPools } from "@/sql/read_pools.ts";
import { cursorSecret } from "@/sql/directory/ledger.ts";
import * as directory from "@/domain/directory/mod.ts";
import { webhookOutbound } from "./webhook_outbound.ts";

/**
/**
 * Builds the directory context on the request pool `sql` and the publications' pool `publications` (opened with
 * SNAPSHOT_PUBLICATION_SLOTS connections); it reads the installation's cursor secret. With `replicas`, portals' list
 * reads may go to them, checked against what `shown` says each portal has seen.
 */
export async function createDirectoryContext(
  config: Config,
  pools: { sql: Sql; publications: Sql },
  scaleOut: { replicas: Sql[]; shown: directory.ShownVersions } = { replicas: [], shown: noneShown },
): Promise<directory.DirectoryContext> {
  const { sql } = pools;
  return {
    sql,
    reads: new ReadPools(sql, scaleOut.replicas),
    shown: scaleOut.shown,
    publications: directory.createPublications(pools.publications, {
      slots: config.SNAPSHOT_PUBLICATION_SLOTS,
      spoolDir: config.SNAPSHOT_SPOOL_DIR,
    }),
    cursors: directory.createCursorCodec(await cursorSecret(sql)),
    tombstoneRetentionDays: config.TOMBSTONE_RETENTION_DAYS,
    syncStaleAfterSeconds: config.SYNC_STALE_AFTER_SECONDS,
    knownPortals: [...new Set(config.PORTAL_API_KEYS_JSON.map((k) => k.portalId))],
    installationOperators: config.INSTALLATION_OPERATORS,
    webhooks: webhookOutbound(config),
    userTokens: directory.createUserTokenSigner({
      secret: config.CENTRAL_JWT_SECRET,
      privateKeyPem: config.CENTRAL_JWT_PRIVATE_KEY,
      issuer: config.CENTRAL_JWT_ISSUER,
      audience: config.CENTRAL_JWT_AUDIENCE,
    }),
  };
}

/** Without replicas nothing needs remembering: every read is the primary's. */
const noneShown: directory.ShownVersions = { highest: () => Promise.resolve(0), record: () => {} };
