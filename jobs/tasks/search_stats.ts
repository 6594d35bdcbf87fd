/** Task `search-stats`: folds the search statistics' deltas into their counts (migration 0100 says why). */
import { foldSearchStatistics } from "@/domain/rag/mod.ts";
import type { Task } from "../task.ts";

/**
 * Every 5 s: a search sums the deltas not folded yet, so the fold only keeps that sum short. Ingestion appends
 * about one delta per distinct term of a document.
 */
export const searchStats: Task = {
  name: "search-stats",
  service: "rag",
  everyMs: () => 5_000,
  async handle(deps) {
    const folded = await foldSearchStatistics(deps.rag!);
    if (folded > 0) deps.log.debug("search statistics folded", { deltas: folded });
  },
};
