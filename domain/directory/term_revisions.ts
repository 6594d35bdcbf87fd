/**
 * The glossary's approval gate for edits (issue 15): a term's text reaches every tenant's query expansion and
 * answer prompts, so no portal changes it unreviewed. Before approval only the portal that proposed a term (or
 * an administrator) edits it; once a term has been approved, a portal's edit becomes a pending revision and the
 * term keeps its approved text (the pack, its ETag, the matching dictionary and the linking worker read the
 * term, never a revision) until an administrator approves the revision, which applies it at a new version.
 */
import * as revisions from "@/sql/directory/term_revisions.ts";
import type { RevisionStatus, TermChanges } from "@/sql/directory/term_revisions.ts";
import type { TermRow } from "@/sql/directory/glossary.ts";
import { type Actor, insertAudit } from "@/sql/directory/audit.ts";
import { AppError, notFound } from "@/domain/errors.ts";
import { type DirectoryContext, inLedger, type Tx } from "./context.ts";
import type { Page } from "./paging.ts";
import { applyTermEdit, storedTerm } from "./glossary.ts";
import type { Term, TermRevision } from "./schemas.ts";

export type { RevisionStatus, TermChanges } from "@/sql/directory/term_revisions.ts";

/** What a portal's edit did: applied to a term not yet approved, or held as a revision awaiting review. */
export type PortalEdit = { applied: Term } | { pending: TermRevision };

const EDITABLE = ["definition", "aliases", "abbreviations", "scope"] as const;

/** The fields of `patch` whose values differ from the term's. */
function changesTo(t: TermRow, patch: TermChanges): TermChanges {
  const changes: Record<string, unknown> = {};
  for (const field of EDITABLE) {
    const value = patch[field];
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(t[field])) changes[field] = value;
  }
  return changes as TermChanges;
}

async function revision(tx: Tx, id: string) {
  const row = await revisions.getRevision(tx, id);
  if (!row) throw notFound("The revision");
  return row;
}

/**
 * A portal's edit of a term. A proposed or rejected term is edited in place, by the portal that proposed it
 * only (another portal: 403 portal_mismatch). A term that has been approved (approved or deprecated) is left as
 * it is: the edit becomes this portal's pending revision, replacing the one it had; an edit that changes
 * nothing withdraws it.
 */
export function editTermAsPortal(
  ctx: DirectoryContext,
  actor: Actor,
  portalId: string,
  edit: { id: string; patch: TermChanges },
): Promise<PortalEdit> {
  return inLedger(ctx, "glossary", async (tx, version) => {
    const t = await storedTerm(tx, edit.id);
    if (t.status === "proposed" || t.status === "rejected") {
      if (t.proposedBy !== portalId) {
        throw new AppError("portal_mismatch", "Only the portal that proposed a term may edit it before approval");
      }
      return { applied: await applyTermEdit(tx, version, { actor, term: t, patch: edit.patch }) };
    }
    await revisions.supersedePending(tx, { termId: t.id, proposedBy: portalId });
    const changes = changesTo(t, edit.patch);
    if (Object.keys(changes).length === 0) return { applied: t.doc };
    const id = await revisions.insertRevision(tx, {
      termId: t.id,
      proposedBy: portalId,
      changes,
      baseVersion: t.version,
    });
    await insertAudit(tx, {
      actor,
      action: "term.revision.propose",
      targetType: "term",
      targetId: t.id,
      details: { revisionId: id, fields: Object.keys(changes) },
    });
    return { pending: (await revision(tx, id)).doc };
  });
}

/**
 * An administrator's decision on a revision: approval applies its changes to the term at a new version (the
 * revision never changes once proposed, so what is applied is what was reviewed); deciding again the same way
 * returns it as it is, and any other decision on a decided revision is 409.
 */
export function decideRevision(
  ctx: DirectoryContext,
  actor: Actor,
  id: string,
  decision: "approve" | "reject",
): Promise<TermRevision> {
  return inLedger(ctx, "glossary", async (tx, version) => {
    const r = await revision(tx, id);
    const to = decision === "approve" ? "approved" : "rejected";
    if (r.status === to) return r.doc;
    if (r.status !== "pending") throw new AppError("conflict", `The revision is ${r.status}; it cannot be ${to}`);
    if (to === "approved") {
      await applyTermEdit(tx, version, { actor, term: await storedTerm(tx, r.termId), patch: r.changes });
    }
    await revisions.decideRevision(tx, { id, status: to, decidedBy: `${actor.kind}:${actor.id}` });
    await insertAudit(tx, {
      actor,
      action: `term.revision.${decision}`,
      targetType: "term",
      targetId: r.termId,
      details: { revisionId: id, fields: Object.keys(r.changes) },
    });
    return (await revision(tx, id)).doc;
  });
}

/** One revision. */
export async function getRevision(ctx: DirectoryContext, id: string): Promise<TermRevision> {
  const row = await revisions.getRevision(ctx.sql, id);
  if (!row) throw notFound("The revision");
  return row.doc;
}

/** Revisions oldest first, of one status (the review queue is `pending`) and optionally of one term. */
export async function listRevisions(
  ctx: DirectoryContext,
  query: { status: RevisionStatus; termId?: string; limit: number; cursor?: string },
): Promise<Page> {
  const after = query.cursor ? Number(ctx.cursors.decode("term-revisions", query.cursor, query)[0]) : null;
  const page = await revisions.listRevisions(ctx.sql, {
    status: query.status,
    termId: query.termId ?? null,
    afterSeq: after,
    limit: query.limit,
  });
  return {
    items: page.items,
    nextCursor: page.more ? ctx.cursors.encode("term-revisions", [page.lastSeq!], query) : null,
    dataVersion: page.dataVersion,
  };
}
