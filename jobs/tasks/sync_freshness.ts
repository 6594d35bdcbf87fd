/** Task `sync-freshness`: portals whose last successful sync is too old become STALE. */
import { markStaleSyncs } from "@/domain/directory/mod.ts";
import type { Task } from "../task.ts";

/** Marks stale sync records; running it twice in a row changes nothing the second time. */
export const syncFreshness: Task = {
  name: "sync-freshness",
  service: "directory",
  // A tenth of the threshold: a portal is marked STALE at most 10% late.
  everyMs: (deps) => Math.min(60_000, Math.max(1000, deps.directory!.syncStaleAfterSeconds * 100)),
  async handle(deps) {
    const marked = await markStaleSyncs(deps.directory!, {
      kind: "system",
      id: "sync-freshness",
      label: "freshness job",
    });
    if (marked > 0) deps.log.info("sync records marked stale", { count: marked });
  },
};
