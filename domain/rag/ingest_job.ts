/**
 * The ingestion job (seed 2, 3; CONTRACT 2.2): fetch the body (HTTP(S), allowed hosts,
 * time and size limits, SHA-256 verified), extract text keeping headings, split into
 * chunks on sentence boundaries, analyze for the Korean full-text and bigram indexes,
 * embed in batches, then replace the document's chunks in one transaction. Network
 * work happens before the transaction opens. Redoing a job leaves exactly one copy of
 * each chunk; a failure leaves the previous version searchable.
 */
import * as documents from "@/sql/rag/documents.ts";
import type { JobRow } from "@/sql/rag/documents.ts";
import { markDone } from "@/sql/jobs/outbox.ts";
import { setPrincipal, withPrincipal } from "@/sql/rag/session.ts";
import { AppError } from "@/domain/errors.ts";
import { type RagContext, systemPrincipal, tenantAdmin } from "./context.ts";
import { chunkDocument } from "./chunk.ts";
import { embedTexts, vectorText } from "./embedding_client.ts";
import { ExtractionError, extractText } from "./extract.ts";
import { analyze, bigrams, toTsvectorText } from "./korean.ts";
import { levelRank } from "./principal.ts";
import type { IngestionRequest } from "./schemas.ts";
import type { Settings } from "./settings.ts";

/** Errors that retrying cannot fix: the job fails at once. */
const PERMANENT = new Set([
  "checksum_mismatch",
  "content_host_not_allowed",
  "payload_too_large",
  "unprocessable",
  "unsupported_media_type",
]);

/** A job outcome for the task to act on: done, nothing to do, or a failure to retry. */
export type JobOutcome = "done" | "skipped" | "failed";

/** Takes the job: settles it at once when superseded, finished, or held for file-store approval. */
async function claim(
  ctx: RagContext,
  jobId: string,
  outboxId: number | null,
): Promise<{ job: JobRow; settings: Settings } | null> {
  const { settings } = await ctx.settings.current();
  return await withPrincipal(ctx.sql, systemPrincipal(ctx), async (tx) => {
    const job = await documents.getJob(tx, jobId);
    const settle = async (status: string) => {
      if (job) await documents.settleJob(tx, jobId, status);
      if (outboxId !== null) await markDone(tx, "rag", outboxId);
      return null;
    };
    if (!job || ["done", "failed", "superseded"].includes(job.status)) return await settle(job?.status ?? "done");
    if (job.documentVersion !== job.sourceVersion) return await settle("superseded");
    if (settings.lifecycle.fileStoreApprovalRequired && !job.fetchApproved) {
      await documents.documentPendingApproval(tx, job.documentId);
      return await settle("waiting_approval");
    }
    await documents.startJob(tx, jobId, job.documentId);
    return { job, settings };
  });
}

/** Fetches, extracts, chunks, analyzes and embeds one version; no transaction is open meanwhile. */
async function prepareChunks(ctx: RagContext, req: IngestionRequest, s: Settings): Promise<documents.ChunkRow[]> {
  const fetched = await ctx.fetchContent(req.contentLocator, req.checksum);
  let doc;
  try {
    doc = await extractText(fetched.body, req.contentType);
  } catch (err) {
    if (err instanceof ExtractionError) {
      throw new AppError(
        err.reason === "unsupported_media_type" ? "unsupported_media_type" : "unprocessable",
        err.message,
      );
    }
    throw err;
  }
  const chunks = chunkDocument(doc, { chunkSize: s.ingestion.chunkSize, chunkOverlap: s.ingestion.chunkOverlap });
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
 * Stores the new version's chunks in place of the old ones, in one transaction with the
 * job's end and its outbox row's: the chunks are written as the tenant's administrator,
 * and the outbox (which only the service's jobs may touch) as the system principal.
 */
async function store(
  ctx: RagContext,
  job: JobRow,
  req: IngestionRequest,
  s: Settings,
  chunks: documents.ChunkRow[],
  outboxId: number | null,
) {
  await withPrincipal(ctx.sql, tenantAdmin(ctx, job.tenantId), async (tx) => {
    const current = await documents.lockCurrentVersion(tx, job.documentId);
    if (current?.sourceVersion !== job.sourceVersion || current.checksum !== req.checksum) {
      await documents.settleJob(tx, job.id, "superseded");
    } else {
      await documents.replaceChunks(
        tx,
        job.documentId,
        {
          sourceVersion: job.sourceVersion,
          tenantId: job.tenantId,
          organizationIds: req.organizationIds,
          securityLevel: levelRank(req.securityLevel),
        },
        chunks,
        s.retrieval.textSearchConfig,
      );
      await documents.documentIndexed(tx, job.documentId, job.sourceVersion, req.checksum, chunks.length);
      await documents.settleJob(tx, job.id, "done");
    }
    if (outboxId !== null) {
      await setPrincipal(tx, systemPrincipal(ctx));
      await markDone(tx, "rag", outboxId);
    }
  });
}

/** Records a failure; the document's indexed version, if any, stays searchable. */
async function fail(ctx: RagContext, job: JobRow, err: AppError, outboxId: number | null) {
  await withPrincipal(ctx.sql, systemPrincipal(ctx), async (tx) => {
    await documents.documentFailed(tx, job.documentId, err.message, err.code);
    await documents.settleJob(tx, job.id, "failed", err.message, err.code);
    if (outboxId !== null) await markDone(tx, "rag", outboxId);
  });
}

/**
 * Runs one ingestion job. A permanent error fails the job at once; any other is
 * thrown for the stream to retry, and recorded as the failure on the last attempt.
 */
export async function runIngestionJob(
  ctx: RagContext,
  jobId: string,
  outboxId: number | null,
  attempt: { number: number; last: boolean },
): Promise<JobOutcome> {
  const claimed = await claim(ctx, jobId, outboxId);
  if (!claimed) return "skipped";
  const { job, settings } = claimed;
  const req = job.request as unknown as IngestionRequest;
  try {
    const chunks = await prepareChunks(ctx, req, settings);
    await store(ctx, job, req, settings, chunks, outboxId);
    return "done";
  } catch (err) {
    const appError = err instanceof AppError
      ? err
      : new AppError("unavailable", (err as Error).message ?? String(err), { cause: err });
    if (PERMANENT.has(appError.code)) {
      await fail(ctx, job, appError, outboxId);
      return "failed";
    }
    if (attempt.last) {
      await fail(
        ctx,
        job,
        new AppError("unavailable", `Gave up after ${attempt.number} attempts: ${appError.message}`),
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
  await withPrincipal(ctx.sql, systemPrincipal(ctx), async (tx) => {
    const job = await documents.getJob(tx, jobId);
    if (job && !["done", "failed", "superseded"].includes(job.status)) {
      if (job.documentVersion === job.sourceVersion) {
        await documents.documentFailed(tx, job.documentId, message, "unavailable");
      }
      await documents.settleJob(tx, jobId, "failed", message, "unavailable");
    }
    if (outboxId !== null) await markDone(tx, "rag", outboxId);
  });
}
