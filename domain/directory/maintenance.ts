/** Ledger housekeeping: tombstones leave after TOMBSTONE_RETENTION_DAYS, and the purge horizon rises with them. */
import { purgeCompanyDepartures, purgeUserTombstones } from "@/sql/directory/users.ts";
import { purgeDepartmentTombstones } from "@/sql/directory/departments.ts";
import { markPurgedThrough } from "@/sql/directory/ledger.ts";
import { purgeGroupTombstones } from "@/sql/directory/user_groups.ts";
import type { DirectoryContext } from "./context.ts";

/**
 * Deletes user, department and group tombstones (and moves out of companies) past retention; a change feed
 * older than what was purged then answers 410 resync_required.
 */
export async function purgeTombstones(ctx: DirectoryContext): Promise<number> {
  return await ctx.sql.begin(async (tx) => {
    const u = await purgeUserTombstones(tx, ctx.tombstoneRetentionDays);
    const m = await purgeCompanyDepartures(tx, ctx.tombstoneRetentionDays);
    const d = await purgeDepartmentTombstones(tx, ctx.tombstoneRetentionDays);
    const g = await purgeGroupTombstones(tx, ctx.tombstoneRetentionDays);
    const horizon = Math.max(u.maxVersion ?? 0, m.maxVersion ?? 0, d.maxVersion ?? 0);
    if (horizon > 0) await markPurgedThrough(tx, { ledger: "directory", version: horizon });
    if (g.maxVersion) await markPurgedThrough(tx, { ledger: "groups", version: g.maxVersion });
    return u.purged + m.purged + d.purged + g.purged;
  });
}
