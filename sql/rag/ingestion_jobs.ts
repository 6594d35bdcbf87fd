/** Statements on ingestion jobs: queueing, claiming, settling and requeueing. */
import { loadQueries, type RowOf, typed } from "@/sql/mod.ts";
import type { PrincipalTx, RagTx, SystemTx } from "./session.ts";

const q = loadQueries(new URL("./ingestion_jobs.sql", import.meta.url), {
  insert_job: { params: ["uuid", "uuid", "uuid", "text", "jsonb", "text", "text?"] },
  lock_queued_by: { params: ["uuid", "text"] },
  queued_by: { params: ["uuid", "text"], columns: { queued: "int4" } },
  get_job: {
    params: ["uuid"],
    columns: {
      id: "uuid",
      documentId: "uuid",
      tenantId: "uuid",
      sourceVersion: "text",
      request: typed<Record<string, unknown>>("jsonb"),
      status: "text",
      attempts: "int4",
      documentVersion: "text",
      fetchApproved: "bool",
      published: "bool",
      indexedVersion: "text?",
      documentStatus: "text",
    },
  },
  job_outcome: {
    params: ["uuid"],
    columns: {
      status: "text",
      error: "text?",
      errorCode: "text?",
      chunkCount: "int4",
      indexedVersion: "text?",
      documentId: "uuid",
    },
  },
  start_job: { params: ["uuid", "uuid"], columns: { startedAt: "timestamptz!" } },
  settle_job: { params: ["uuid", "text", "text?", "text?"] },
  waiting_job: { params: ["uuid"], columns: { id: "uuid" } },
  requeue_job: { params: ["uuid", "text"] },
});

/** A job with its document's state. */
export type JobRow = RowOf<typeof q.get_job>;

/** Records and queues an ingestion job on behalf of `submittedBy`; returns its id. */
export async function insertJob(
  tx: RagTx,
  a: {
    documentId: string;
    tenantId: string;
    version: string;
    request: Record<string, unknown>;
    stream: string;
    /** Null for the service's own work (a reindex), which no user's cap counts. */
    submittedBy: string | null;
  },
) {
  const id = crypto.randomUUID();
  await q.insert_job(tx, [id, a.documentId, a.tenantId, a.version, a.request, a.stream, a.submittedBy]);
  return { id };
}

/** How many unfinished jobs a user queued, counted under a lock held until the transaction ends. */
export async function lockQueuedBy(tx: PrincipalTx, a: { tenantId: string; subject: string }): Promise<number> {
  await q.lock_queued_by(tx, [a.tenantId, a.subject]);
  const [row] = await q.queued_by(tx, [a.tenantId, a.subject]);
  return row.queued;
}

/** A job, locked. */
export async function getJob(tx: SystemTx, id: string): Promise<JobRow | undefined> {
  const [row] = await q.get_job(tx, [id]);
  return row;
}

/** A job's outcome. */
export async function jobOutcome(tx: SystemTx, id: string) {
  const [row] = await q.job_outcome(tx, [id]);
  return row;
}

/** Marks a job running and its document indexing; returns when its first attempt started. */
export async function startJob(tx: SystemTx, a: { jobId: string; documentId: string }): Promise<Date> {
  const [row] = await q.start_job(tx, [a.jobId, a.documentId]);
  return row.startedAt;
}

/** Records a job's end (with its error and error code when it failed) and wakes its waiter. */
export async function settleJob(
  tx: SystemTx,
  a: { jobId: string; status: string; error?: string; code?: string },
): Promise<void> {
  await q.settle_job(tx, [a.jobId, a.status, a.error ?? null, a.code ?? null]);
}

/** The job waiting for a document's approval. */
export async function waitingJob(tx: PrincipalTx, documentId: string): Promise<string | undefined> {
  const [row] = await q.waiting_job(tx, [documentId]);
  return row?.id;
}

/** Queues a job again. */
export async function requeueJob(tx: PrincipalTx, a: { jobId: string; stream: string }): Promise<void> {
  await q.requeue_job(tx, [a.jobId, a.stream]);
}
