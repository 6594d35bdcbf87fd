/**
 * The ingestion job (seed 2, 3; CONTRACT 2.2): fetch the body (HTTP(S), allowed hosts,
 * time and size limits, SHA-256 verified), extract text keeping headings, split into
 * chunks on sentence boundaries, analyze for the Korean full-text and bigram indexes,
 * embed in batches, then replace the document's chunks in one transaction. Network
 * work happens before the transaction opens. Redoing a job leaves exactly one copy of
 * each chunk; a failure leaves the previous version searchable.
 */
import * as documents from "@/sql/rag/documents.ts";
import * as jobs from "@/sql/rag/ingestion_jobs.ts";
import type { JobRow } from "@/sql/rag/ingestion_jobs.ts";
import { markDone } from "@/sql/jobs/outbox.ts";
import { withSystem } from "@/sql/rag/session.ts";
import { AppError, type ErrorCode } from "@/domain/errors.ts";
import type { RagContext } from "./context.ts";
import { budgetedFetcher, type JobLimits } from "./ingest_budget.ts";
import { embedTexts, vectorText } from "./clients/embedding.ts";
import { ExtractionError } from "./extract/mod.ts";
import { analyze, bigrams, toTsvectorText } from "./text/korean.ts";
import { levelRank } from "./principal.ts";
import type { IngestionRequest } from "./schemas.ts";
import type { Settings } from "./schemas.ts";
import { ingestedChunks, ingestedDocuments } from "./metrics.ts";

/**
 * Errors that retrying cannot fix: the job fails at once. `content_unreachable` and `content_timeout`
 * are retried whatever lay behind them (a 404, an unknown name, a refused or reset connection): a
 * different retry path would tell them apart again, by the time a reply takes and what it says. A timeout becomes
 * `content_host_unresponsive` once its host timed out twice lately, or `ingestion_budget_exceeded` when the job's
 * budget ran out (ingest_budget.ts): both final.
 */
const PERMANENT = new Set([
  "checksum_mismatch",
  "content_host_not_allowed",
  "content_host_unresponsive",
  "content_too_large",
  "content_unprocessable",
  "ingestion_budget_exceeded",
  "size_mismatch",
  "unprocessable",
  "unsupported_media_type",
]);

/**
 * The code a job fails with when its body cannot be extracted, by why: a malformed, encrypted or empty file and one
 * past the extraction limits are all the document's content failing (`content_unprocessable`); the message says which.
 */
const EXTRACTION_CODES: Record<ExtractionError["reason"], ErrorCode> = {
  unsupported_media_type: "unsupported_media_type",
  corrupt: "content_unprocessable",
  encrypted: "content_unprocessable",
  empty: "content_unprocessable",
  over_limit: "content_unprocessable",
};

/** A job outcome for the task to act on: done, nothing to do, or a failure to retry. */
export type JobOutcome = "done" | "skipped" | "failed";

/**
 * Takes the job: settles it at once when superseded, finished, or held for file-store approval. The settings are
 * its tenant's (its own approval rules and retrieval tuning), read before the claiming transaction opens: reading
 * them inside it could wait for a second pooled connection while holding the first.
 */
async function claim(
  ctx: RagContext,
  jobId: string,
  outboxId: number | null,
): Promise<{ job: JobRow; settings: Settings; startedAt: Date } | null> {
  const tenantId = await withSystem(ctx.system, async (tx) => (await jobs.getJob(tx, jobId))?.tenantId);
  const { settings } = await ctx.settings.forTenant(tenantId ?? null);
  return await withSystem(ctx.system, async (tx) => {
    const job = await jobs.getJob(tx, jobId);
    const settle = async (status: string) => {
      if (job) await jobs.settleJob(tx, { jobId, status });
      if (outboxId !== null) await markDone(tx, { box: "rag", id: outboxId });
      return null;
    };
    if (!job || ["done", "failed", "superseded"].includes(job.status)) return await settle(job?.status ?? "done");
    if (job.documentVersion !== job.sourceVersion) return await settle("superseded");
    if (settings.lifecycle.fileStoreApprovalRequired && !job.fetchApproved) {
      await documents.documentPendingApproval(tx, job.documentId);
      return await settle("waiting_approval");
    }
    const startedAt = await jobs.startJob(tx, { jobId, documentId: job.documentId });
    return { job, settings, startedAt };
  });
}

/** Fetches, extracts, chunks, analyzes and embeds one version; no transaction is open meanwhile. */
async function prepareChunks(ctx: RagContext, req: IngestionRequest, s: Settings): Promise<documents.ChunkRow[]> {
  const fetched = await ctx.fetchContent(req.contentLocator, req.checksum);
  // After the checksum matched, so the size says nothing the caller did not know.
  if (fetched.body.byteLength !== req.sizeBytes) {
    throw new AppError("size_mismatch", `The body is ${fetched.body.byteLength} bytes, not sizeBytes ${req.sizeBytes}`);
  }
  let chunks;
  try {
    // Out of process: the body is untrusted, and a bomb must cost its own job only.
    chunks = await ctx.extractor.chunks(fetched.body, req.contentType, {
      chunkSize: s.ingestion.chunkSize,
      chunkOverlap: s.ingestion.chunkOverlap,
    });
  } catch (err) {
    if (err instanceof ExtractionError) throw new AppError(EXTRACTION_CODES[err.reason], err.message);
    throw err;
  }
  if (!s.embedding.endpoint) {
    throw new AppError("unavailable", "No embedding endpoint is configured (PUT /api/v1/admin/settings)");
  }
  // The title is indexed with every chunk: questions name documents by their titles.
  const vectors = await embedTexts(chunks.map((c) => `${req.title}\n${c.content}`), {
    endpoint: s.embedding.endpoint,
    model: s.embedding.model,
    batchSize: s.ingestion.batchSize,
    attempts: 3,
    backoffMs: s.ingestion.backoffMs,
    apiKey: ctx.embeddingApiKey,
  });
  return chunks.map((c, i) => {
    const lexemes = analyze(`${req.title}\n${c.content}`);
    return {
      index: c.index,
      content: c.content,
      headingPath: c.headingPath,
      lexemes: lexemes.join(" "),
      lexemeCount: lexemes.length,
      bigrams: toTsvectorText(bigrams(`${req.title}\n${c.content}`)),
      embedding: vectorText(vectors[i]),
    };
  });
}

/**
 * Stores the new version's chunks in place of the old ones, in one transaction of the system role with the job's
 * end and its outbox row's; the chunks carry the tenant, organizations and level of the request they came with.
 */
async function store(
  ctx: RagContext,
  job: JobRow,
  req: IngestionRequest,
  s: Settings,
  chunks: documents.ChunkRow[],
  outboxId: number | null,
) {
  await withSystem(ctx.system, async (tx) => {
    const current = await documents.lockCurrentVersion(tx, job.documentId);
    if (current?.sourceVersion !== job.sourceVersion || current.checksum !== req.checksum) {
      await jobs.settleJob(tx, { jobId: job.id, status: "superseded" });
    } else {
      await documents.replaceChunks(tx, {
        documentId: job.documentId,
        scope: {
          sourceVersion: job.sourceVersion,
          tenantId: job.tenantId,
          organizationIds: req.organizationIds,
          securityLevel: levelRank(req.securityLevel),
        },
        chunks,
        config: s.retrieval.textSearchConfig,
      });
      await documents.documentIndexed(tx, {
        id: job.documentId,
        version: job.sourceVersion,
        checksum: req.checksum,
        chunks: chunks.length,
      });
      await jobs.settleJob(tx, { jobId: job.id, status: "done" });
    }
    if (outboxId !== null) await markDone(tx, { box: "rag", id: outboxId });
  });
}

/** Records a failure; the document's indexed version, if any, stays searchable. */
async function fail(ctx: RagContext, job: JobRow, err: AppError, outboxId: number | null) {
  await withSystem(ctx.system, async (tx) => {
    await documents.documentFailed(tx, { id: job.documentId, error: err.message, code: err.code });
    await jobs.settleJob(tx, { jobId: job.id, status: "failed", error: err.message, code: err.code });
    if (outboxId !== null) await markDone(tx, { box: "rag", id: outboxId });
  });
}

/**
 * Runs one ingestion job. A permanent error fails the job at once; any other is
 * thrown for the stream to retry, and recorded as the failure on the last attempt.
 * The content fetch spends what is left of the job's budget (ingest_budget.ts).
 */
export async function runIngestionJob(
  ctx: RagContext,
  jobId: string,
  outboxId: number | null,
  attempt: { number: number; last: boolean; limits: JobLimits },
): Promise<JobOutcome> {
  const claimed = await claim(ctx, jobId, outboxId);
  if (!claimed) return "skipped";
  const { job, settings, startedAt } = claimed;
  const req = job.request as unknown as IngestionRequest;
  const fetchContent = budgetedFetcher(ctx.fetchContent, {
    tenantId: job.tenantId,
    startedAt,
    retry: attempt.number > 1,
    limits: attempt.limits,
  });
  try {
    const chunks = await prepareChunks({ ...ctx, fetchContent }, req, settings);
    await store(ctx, job, req, settings, chunks, outboxId);
    ingestedDocuments.inc({ outcome: "done" });
    ingestedChunks.inc(chunks.length);
    return "done";
  } catch (err) {
    const appError = err instanceof AppError
      ? err
      : new AppError("unavailable", (err as Error).message ?? String(err), { cause: err });
    ingestedDocuments.inc({ outcome: PERMANENT.has(appError.code) || attempt.last ? "failed" : "retry" });
    if (PERMANENT.has(appError.code)) {
      await fail(ctx, job, appError, outboxId);
      return "failed";
    }
    if (attempt.last) {
      await fail(
        ctx,
        job,
        new AppError(appError.code, `Gave up after ${attempt.number} attempts: ${appError.message}`),
        null,
      );
    }
    throw appError;
  }
}

/**
 * Settles a job the stream gave up on (dead-lettered after its worker failed or died on
 * every delivery): the job and its document version fail with `message`, unless the job
 * already finished or was superseded; the outbox row is done either way.
 */
export async function abandonIngestionJob(ctx: RagContext, jobId: string, outboxId: number | null, message: string) {
  await withSystem(ctx.system, async (tx) => {
    const job = await jobs.getJob(tx, jobId);
    if (job && !["done", "failed", "superseded"].includes(job.status)) {
      if (job.documentVersion === job.sourceVersion) {
        await documents.documentFailed(tx, { id: job.documentId, error: message, code: "unavailable" });
      }
      await jobs.settleJob(tx, { jobId, status: "failed", error: message, code: "unavailable" });
    }
    if (outboxId !== null) await markDone(tx, { box: "rag", id: outboxId });
  });
}
