/** Task `ingestion`: fetch, extract, chunk, embed and index one document version. */
import { abandonIngestionJob, runIngestionJob } from "@/domain/rag/mod.ts";
import { outboxJob } from "../streams.ts";
import type { Task } from "../task.ts";
import { PermanentJobError } from "../worker.ts";
import { redisHostTimeouts } from "../host_timeouts.ts";

/**
 * Runs one ingestion job; concurrency, retries and backoff follow the live settings. The slots are shared across
 * tenants (`RAG_INGESTION_TENANT_CONCURRENCY` each), so one tenant's backlog of slow documents leaves the others
 * slots; entries from before the tenant was on them share one key.
 */
export const ingestion: Task = {
  name: "ingestion",
  service: "rag",
  concurrency: (deps) => deps.rag!.settings.latest().ingestion.workerCount,
  maxRetries: (deps) => deps.rag!.settings.latest().ingestion.maxRetries,
  backoffMs: (deps) => deps.rag!.settings.latest().ingestion.backoffMs,
  fairness: (deps) => ({
    key: (entry) => tenantOf(entry.fields.payload),
    perKey: () => deps.config.RAG_INGESTION_TENANT_CONCURRENCY,
  }),
  async handle(deps, entry, attempt) {
    const job = outboxJob(entry);
    if (!job) throw new PermanentJobError("the entry carries no job id");
    const { settings } = await deps.rag!.settings.current();
    await runIngestionJob(deps.rag!, job.jobId, job.outboxId, {
      number: attempt,
      last: attempt >= settings.ingestion.maxRetries,
      limits: {
        budgetMs: deps.config.RAG_INGESTION_JOB_BUDGET_SECONDS * 1000,
        hostTimeouts: redisHostTimeouts(
          deps.redis,
          deps.config.REDIS_KEY_PREFIX,
          deps.config.RAG_CONTENT_HOST_TIMEOUT_TTL_SECONDS,
        ),
      },
    });
  },
  async deadLettered(deps, entry, error) {
    const job = outboxJob(entry);
    if (job) await abandonIngestionJob(deps.rag!, job.jobId, job.outboxId, `Dead-lettered: ${error}`);
  },
};

/** The tenant an entry's payload names, or "" when it names none. */
function tenantOf(payload: string | undefined): string {
  try {
    const tenantId = JSON.parse(payload ?? "{}")?.tenantId;
    return typeof tenantId === "string" ? tenantId : "";
  } catch {
    return "";
  }
}
