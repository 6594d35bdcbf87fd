/** Ledger housekeeping: tombstones leave after TOMBSTONE_RETENTION_DAYS, and the purge horizon rises with them. */
import { purgeUserTombstones } from "@/sql/directory/users.ts";
import { purgeDepartmentTombstones } from "@/sql/directory/departments.ts";
import { markPurgedThrough } from "@/sql/directory/ledger.ts";
import type { DirectoryContext } from "./context.ts";

/** Deletes user and department tombstones past retention; a change feed older than them then answers 410. */
export async function purgeTombstones(ctx: DirectoryContext): Promise<number> {
  return await ctx.sql.begin(async (tx) => {
    const u = await purgeUserTombstones(tx, ctx.tombstoneRetentionDays);
    const d = await purgeDepartmentTombstones(tx, ctx.tombstoneRetentionDays);
    const horizon = Math.max(u.maxVersion ?? 0, d.maxVersion ?? 0);
    if (horizon > 0) await markPurgedThrough(tx, "directory", horizon);
    return u.purged + d.purged;
  });
}
