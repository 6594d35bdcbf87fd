/** Task `retention`: purge documents not re-ingested within lifecycle.retentionDays. */
import { applyRetention } from "@/domain/rag/mod.ts";
import type { Task } from "../task.ts";

/** Hourly; retentionDays 0 keeps everything. */
export const retention: Task = {
  name: "retention",
  service: "rag",
  everyMs: () => 3_600_000,
  async handle(deps) {
    const purged = await applyRetention(deps.rag!);
    if (purged > 0) deps.log.info("documents past retention purged", { count: purged });
  },
};
