/**
 * Accepting a document (CONTRACT 2.2): the body's attributes are trusted only within
 * the caller's principal, the locator must pass the content-host rules, and the
 * document and its job are written with the outbox row in one transaction, so an
 * accepted document is never forgotten, even when Redis is down at that moment.
 *
 * A document's key is (tenant, portal, source document id). Who may register under a
 * portal is decided from the credential alone: an administrator of the tenant, a token
 * that speaks for the portal (claim `portal_id`), or, for a portal in `RAG_OPEN_PORTALS`,
 * any user of the tenant. An existing document is replaced only by its registrant, an
 * administrator of its tenant or its portal (the registry's update policy says the same).
 * Every such refusal is the one 403 below, whether the document exists, is visible or not.
 */
import * as documents from "@/sql/rag/documents.ts";
import * as jobs from "@/sql/rag/ingestion_jobs.ts";
import { unseenOrganizations } from "@/sql/rag/organizations.ts";
import { type PrincipalTx, withPrincipal, withSystem } from "@/sql/rag/session.ts";
import { isSupportedMediaType, SUPPORTED_MEDIA_TYPES } from "./extract/mod.ts";
import { AppError } from "@/domain/errors.ts";
import { dbPrincipal, type RagContext } from "./context.ts";
import { assertDirectoryFresh } from "./organizations.ts";
import { levelRank, type Principal } from "./principal.ts";
import type { IngestionRequest, IngestionResult } from "./schemas.ts";
import { checkContentUrl } from "./fetch/url_policy.ts";

/** The stream ingestion jobs travel on (under the Redis key prefix). */
export const INGESTION_STREAM = "rag:ingestion";

/**
 * Refuses attributes the principal may not give (403): the tenant must be its own
 * (admins too); organizations only its own or the public bucket, a level at most its
 * clearance and the registrant itself (admins are exempt from those three).
 */
export function authorizeAttributes(p: Principal, req: IngestionRequest, publicOrgId: string): void {
  const deny = (why: string) => new AppError("forbidden", `The document may not be registered by this user: ${why}`);
  if (p.tenantId === null || req.tenantId.toLowerCase() !== p.tenantId) throw deny("tenantId is not the user's tenant");
  if (p.isAdmin) return;
  const allowed = new Set([p.organizationId, publicOrgId]);
  if (req.organizationIds.some((o) => !allowed.has(o.toLowerCase()))) {
    throw deny("an organization is neither the user's nor the public bucket");
  }
  if (levelRank(req.securityLevel) > p.clearance) throw deny("securityLevel is above the user's clearance");
  if (req.registrant.id !== p.sub) throw deny("registrant.id is not the user");
}

/** The one refusal of a registration by who is asking: it never says whether the document exists. */
function mayNotRegister(cause?: unknown): AppError {
  return new AppError(
    "forbidden",
    "The document may not be registered by this user: only its registrant, an administrator of its tenant " +
      "or its own portal may register or replace it",
    { cause },
  );
}

/** Refuses a caller that may not register documents of `portalId` at all (an administrator, its portal, or open). */
function authorizePortal(ctx: RagContext, p: Principal, portalId: string): void {
  if (!p.isAdmin && p.portalId !== portalId && !ctx.isOpenPortal(portalId)) throw mayNotRegister();
}

/** Whether the caller may replace an existing document: its registrant, an administrator, or its portal. */
function mayReplace(p: Principal, existing: { registrantId: string; portalId: string }): boolean {
  return p.isAdmin || existing.registrantId === p.sub || existing.portalId === p.portalId;
}

function unknownOrganization(ids: string[], cause?: unknown): AppError {
  return new AppError(
    "organization_not_found",
    `Organization ${ids.join(", ")} is not in tb_organization for this tenant ` +
      "(tb_ai_document_registry_organization_id_fkey)",
    { cause },
  );
}

/** Turns database refusals into the contract's errors. */
function translate(err: unknown): unknown {
  const e = err as { code?: string; constraint_name?: string; detail?: string };
  if (e?.code === "23503" && e.constraint_name?.endsWith("organization_id_fkey")) {
    const id = /\(organization_id\)=\(([^)]+)\)/.exec(e.detail ?? "")?.[1];
    return unknownOrganization(id ? [id] : [], err);
  }
  // A policy refusal, or a key taken by a document this principal may not see: both are the same refusal.
  if (e?.code === "42501" || (e?.code === "23505" && e.constraint_name === "tb_ai_document_registry_source_key")) {
    return mayNotRegister(err);
  }
  return err;
}

/**
 * Refuses a job beyond the caller's cap on unfinished jobs (429), before anything is written: one user's backlog
 * must not fill the workers' queue for everyone. A job held for file-store approval is not queued and not counted.
 */
async function assertQueueRoom(ctx: RagContext, tx: PrincipalTx, who: { tenantId: string; subject: string }) {
  const queued = await jobs.lockQueuedBy(tx, who);
  if (queued >= ctx.maxQueuedJobsPerUser) {
    throw new AppError(
      "too_many_queued",
      `This user already has ${queued} documents queued or being indexed (at most ${ctx.maxQueuedJobsPerUser}); ` +
        "retry once some are indexed",
      { headers: { "retry-after": "30" } },
    );
  }
}

/** Records the document and queues its job; answers at once, or once the job settles when `wait`. */
export async function acceptDocument(
  ctx: RagContext,
  p: Principal,
  req: IngestionRequest,
  wait: boolean,
): Promise<IngestionResult> {
  await assertDirectoryFresh(ctx);
  authorizeAttributes(p, req, ctx.publicOrgId);
  authorizePortal(ctx, p, req.portalId);
  if (req.sizeBytes > ctx.maxDocumentBytes) {
    throw new AppError("payload_too_large", `Documents may be at most ${ctx.maxDocumentBytes} bytes`);
  }
  checkContentUrl(req.contentLocator, ctx.urlPolicy);
  if (!isSupportedMediaType(req.contentType)) {
    throw new AppError(
      "unsupported_media_type",
      `contentType ${req.contentType} is not supported; supported: ${SUPPORTED_MEDIA_TYPES.join(", ")}`,
    );
  }
  // The tenant's own lifecycle rules (file-store and publication approval) apply to its documents.
  const { settings } = await ctx.settings.forTenant(p.tenantId);
  const orgs = [...new Set(req.organizationIds.map((o) => o.toLowerCase()))];
  const tenantId = req.tenantId.toLowerCase();
  let accepted: { documentId: string; jobId?: string; chunkCount?: number; pending: boolean };
  try {
    accepted = await withPrincipal(ctx.sql, dbPrincipal(ctx, p), async (tx) => {
      const key = { tenantId, portalId: req.portalId, sourceDocumentId: req.sourceDocumentId };
      await documents.lockSource(tx, key);
      // The foreign key proves an organization exists; this proves it is the tenant's (or the public bucket).
      const unseen = await unseenOrganizations(tx, orgs);
      if (unseen.length > 0) throw unknownOrganization(unseen);
      const existing = await documents.findDocument(tx, key);
      if (existing && !mayReplace(p, existing)) throw mayNotRegister();
      if (
        existing && !existing.deletedAt && existing.status === "indexed" &&
        existing.indexedVersion === req.sourceVersion && existing.indexedChecksum === req.checksum
      ) return { documentId: existing.id, chunkCount: existing.chunkCount, pending: false };
      const pending = settings.lifecycle.fileStoreApprovalRequired && !existing?.fetchApproved;
      if (!pending) await assertQueueRoom(ctx, tx, { tenantId, subject: p.sub });
      // A document this principal may not see is absent here; inserting it again fails on its key, the same 403.
      const documentId = existing?.id ?? crypto.randomUUID();
      const attributes = {
        portalId: req.portalId,
        sourceDocumentId: req.sourceDocumentId,
        sourceVersion: req.sourceVersion,
        tenantId,
        organizationIds: orgs,
        securityLevel: levelRank(req.securityLevel),
        classification: req.classification ?? "",
        title: req.title,
        contentLocator: req.contentLocator,
        checksum: req.checksum,
        contentType: req.contentType,
        registrantId: req.registrant.id,
        registrantDepartmentCode: req.registrant.departmentCode,
        sizeBytes: req.sizeBytes,
      };
      const status = pending ? "pending_approval" : "queued";
      if (existing) {
        if (!await documents.updateDocument(tx, { id: documentId, attributes, status })) throw mayNotRegister();
      } else {
        const published = !settings.lifecycle.publicationApprovalRequired;
        await documents.insertDocument(tx, { id: documentId, attributes, status, published });
      }
      await documents.setDocumentOrganizations(tx, { documentId, organizationIds: orgs, tenantId });
      const job = await jobs.insertJob(tx, {
        documentId,
        tenantId,
        version: req.sourceVersion,
        request: { ...req, organizationIds: orgs },
        stream: INGESTION_STREAM,
        submittedBy: p.sub,
      });
      return { documentId, jobId: job.id, pending };
    });
  } catch (err) {
    throw translate(err);
  }
  if (!accepted.jobId) {
    return {
      indexed: true,
      documentId: accepted.documentId,
      chunkCount: accepted.chunkCount!,
      sourceVersion: req.sourceVersion,
    };
  }
  if (accepted.pending) return { indexed: false, documentId: accepted.documentId, status: "pending_approval" };
  if (!wait) return { indexed: false, documentId: accepted.documentId, status: "queued" };
  return await awaitJob(ctx, accepted.jobId, accepted.documentId, req.sourceVersion);
}

const WAIT_MS = 120_000;

/** Waits for the job; a failure answers with the job's error, a long job with 202 still queued. */
async function awaitJob(
  ctx: RagContext,
  jobId: string,
  documentId: string,
  version: string,
): Promise<IngestionResult> {
  await ctx.waitForJob(jobId, WAIT_MS);
  // The outcome of the job this very request created: an administrator may have registered a document above its
  // own clearance, which it cannot read back, yet it is owed the answer.
  const outcome = await withSystem(ctx.system, (tx) => jobs.jobOutcome(tx, jobId));
  if (outcome?.status === "done") {
    return { indexed: true, documentId, chunkCount: outcome.chunkCount, sourceVersion: version };
  }
  if (outcome?.status === "failed") {
    const code = (outcome.errorCode ?? "unprocessable") as ConstructorParameters<typeof AppError>[0];
    throw new AppError(code, outcome.error ?? "The document could not be ingested", { extra: { documentId } });
  }
  if (outcome?.status === "waiting_approval") return { indexed: false, documentId, status: "pending_approval" };
  return { indexed: false, documentId, status: outcome?.status === "running" ? "indexing" : "queued" };
}
