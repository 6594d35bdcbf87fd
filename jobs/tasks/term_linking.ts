/** Task `term-linking`: link a queued content body to the approved terms it mentions. */
import { dictionaryCache, linkContentBody } from "@/domain/directory/mod.ts";
import type { Dictionary } from "@/domain/directory/mod.ts";
import type { JobDeps, Task } from "../task.ts";

const caches = new WeakMap<JobDeps, () => Promise<Dictionary>>();

/** Links one body (idempotent: a finished job is only acknowledged). */
export const termLinking: Task = {
  name: "term-linking",
  service: "directory",
  concurrency: () => 2,
  maxRetries: () => 5,
  backoffMs: () => 1000,
  async handle(deps, entry) {
    const ctx = deps.directory!;
    if (!caches.has(deps)) caches.set(deps, dictionaryCache(ctx));
    const { jobId } = JSON.parse(entry.fields.payload ?? "{}") as { jobId?: string };
    if (!jobId) return;
    const outboxId = entry.fields.outboxId ? Number(entry.fields.outboxId) : null;
    await linkContentBody(ctx, caches.get(deps)!, jobId, outboxId);
  },
};
