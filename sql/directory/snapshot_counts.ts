/** How many rows the dashboard's per-portal lists (latest entries, latest changes) hold, counted up to a cap. */
import { type Db, loadQueries } from "@/sql/mod.ts";

const q = loadQueries(new URL("./snapshot_counts.sql", import.meta.url), {
  count_portal_entries: { params: ["text", "bool", "int4"], columns: { total: "int4" } },
  count_portal_changes: { params: ["text", "int4"], columns: { total: "int4" } },
});

/** How many entries the portal's latest snapshot holds (only drifting users when `driftOnly`), up to `cap`. */
export async function countPortalEntries(db: Db, a: { portalId: string; driftOnly: boolean }, cap: number) {
  const [row] = await q.count_portal_entries(db, [a.portalId, a.driftOnly, cap]);
  return row.total;
}

/** How many users the portal's latest snapshot changed, up to `cap`. */
export async function countPortalChanges(db: Db, portalId: string, cap: number) {
  const [row] = await q.count_portal_changes(db, [portalId, cap]);
  return row.total;
}
