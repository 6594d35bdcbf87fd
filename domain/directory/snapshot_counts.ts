/** How many rows the dashboard's per-portal lists hold: what its entries and changes screens show as totals. */
import * as counts from "@/sql/directory/snapshot_counts.ts";
import { type Total, TOTAL_CAP, totalOf } from "@/lib/list_total.ts";
import type { DirectoryContext } from "./context.ts";

/** How many entries of the portal's latest snapshot the entries list shows (as portalSnapshotEntries), up to TOTAL_CAP. */
export async function countPortalEntries(
  ctx: DirectoryContext,
  query: { portalId: string; driftOnly: boolean },
): Promise<Total> {
  return totalOf(await counts.countPortalEntries(ctx.sql, query, TOTAL_CAP + 1));
}

/** How many users the portal's latest snapshot changed (as portalSnapshotChanges), up to TOTAL_CAP. */
export async function countPortalChanges(ctx: DirectoryContext, portalId: string): Promise<Total> {
  return totalOf(await counts.countPortalChanges(ctx.sql, portalId, TOTAL_CAP + 1));
}
