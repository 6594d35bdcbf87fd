/** Task `ingestion`: fetch, extract, chunk, embed and index one document version. */
import { abandonIngestionJob, runIngestionJob } from "@/domain/rag/mod.ts";
import { outboxJob } from "../streams.ts";
import type { Task } from "../task.ts";
import { PermanentJobError } from "../worker.ts";

/** Runs one ingestion job; concurrency, retries and backoff follow the live settings. */
export const ingestion: Task = {
  name: "ingestion",
  service: "rag",
  concurrency: (deps) => deps.rag!.settings.latest().ingestion.workerCount,
  maxRetries: (deps) => deps.rag!.settings.latest().ingestion.maxRetries,
  backoffMs: (deps) => deps.rag!.settings.latest().ingestion.backoffMs,
  async handle(deps, entry, attempt) {
    const job = outboxJob(entry);
    if (!job) throw new PermanentJobError("the entry carries no job id");
    const { settings } = await deps.rag!.settings.current();
    await runIngestionJob(deps.rag!, job.jobId, job.outboxId, {
      number: attempt,
      last: attempt >= settings.ingestion.maxRetries,
    });
  },
  async deadLettered(deps, entry, error) {
    const job = outboxJob(entry);
    if (job) await abandonIngestionJob(deps.rag!, job.jobId, job.outboxId, `Dead-lettered: ${error}`);
  },
};
