/** Task `ingestion`: fetch, extract, chunk, embed and index one document version. */
import { runIngestionJob } from "@/domain/rag/ingest_job.ts";
import type { Task } from "../task.ts";

/** Runs one ingestion job; concurrency, retries and backoff follow the live settings. */
export const ingestion: Task = {
  name: "ingestion",
  service: "rag",
  concurrency: (deps) => deps.rag!.settings.latest().ingestion.workerCount,
  maxRetries: (deps) => deps.rag!.settings.latest().ingestion.maxRetries,
  backoffMs: (deps) => deps.rag!.settings.latest().ingestion.backoffMs,
  async handle(deps, entry, attempt) {
    const { jobId } = JSON.parse(entry.fields.payload ?? "{}") as { jobId?: string };
    if (!jobId) return;
    const outboxId = entry.fields.outboxId ? Number(entry.fields.outboxId) : null;
    const { settings } = await deps.rag!.settings.current();
    await runIngestionJob(deps.rag!, jobId, outboxId, {
      number: attempt,
      last: attempt >= settings.ingestion.maxRetries,
    });
  },
};
