/** Task `term-linking`: link a queued content body to the approved terms it mentions. */
import { dictionaryCache, failContentBody, linkContentBody } from "@/domain/directory/mod.ts";
import type { Dictionary } from "@/domain/directory/mod.ts";
import { outboxJob } from "../streams.ts";
import type { JobDeps, Task } from "../task.ts";
import { PermanentJobError } from "../worker.ts";

const caches = new WeakMap<JobDeps, () => Promise<Dictionary>>();

/** Links one body (idempotent: a finished job is only acknowledged). */
export const termLinking: Task = {
  name: "term-linking",
  service: "directory",
  concurrency: () => 2,
  maxRetries: () => 5,
  backoffMs: () => 1000,
  async handle(deps, entry) {
    const job = outboxJob(entry);
    if (!job) throw new PermanentJobError("the entry carries no job id");
    const ctx = deps.directory!;
    if (!caches.has(deps)) caches.set(deps, dictionaryCache(ctx));
    await linkContentBody(ctx, caches.get(deps)!, job.jobId, job.outboxId);
  },
  async deadLettered(deps, entry, error) {
    const job = outboxJob(entry);
    if (job) await failContentBody(deps.directory!, job.jobId, job.outboxId, error);
  },
};
