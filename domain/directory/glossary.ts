/**
 * Glossary terms (seed 1.4, 3, 4 and CONTRACT 1.3 rule 5): portals propose, only
 * an administrator approves or rejects, and a REST update never changes a status.
 * Notations compare after NFKC, case and whitespace folding, so ＡＰＩ and api are
 * one term. Approval links the content named in the term's evidence.
 */
import * as glossary from "@/sql/directory/glossary.ts";
import type { TermRow } from "@/sql/directory/glossary.ts";
import { type Actor, insertAudit } from "@/sql/directory/audit.ts";
import { normalizeNotation } from "@/domain/glossary/mod.ts";
import { AppError, notFound } from "@/domain/errors.ts";
import { type DirectoryContext, inLedger, type Tx } from "./context.ts";
import { containsPattern, type Page } from "./paging.ts";
import { applyLinks } from "./links.ts";
import type { AdminTermPatch, ProposalResult, Term, TermProposal, TermStatus } from "./schemas.ts";

export type { Term, TermStatus } from "./schemas.ts";

/** The fields a term update may change; admins may also rename and (de)activate. */
export type TermPatch = Omit<AdminTermPatch, "status">;

const portalOf = (contentKey: string) => contentKey.split(":")[0];

/** Proposes terms in the glossary ledger's transaction `tx`; existing notations (any status) are skipped. */
export async function proposeIn(
  tx: Tx,
  version: () => Promise<number>,
  portalId: string | null,
  terms: TermProposal[],
) {
  const keyed = terms.map((t) => ({ ...t, notationKey: normalizeNotation(t.notation) }));
  const existing = new Map(
    (await glossary.termsByKeys(tx, keyed.map((t) => t.notationKey))).map((r) => [r.notationKey, r.id]),
  );
  const result: ProposalResult = { proposed: [], skipped: [] };
  const fresh: typeof keyed = [];
  const batchIndex = new Map<string, number>();
  for (const t of keyed) {
    const known = existing.get(t.notationKey);
    if (known) result.skipped.push({ notation: t.notation, reason: "exists", termId: known });
    else if (batchIndex.has(t.notationKey)) result.skipped.push({ notation: t.notation, reason: "exists", termId: "" });
    else {
      batchIndex.set(t.notationKey, fresh.length);
      fresh.push(t);
    }
  }
  if (fresh.length > 0) {
    const inserted = await glossary.insertProposals(tx, { proposals: fresh, portalId, version: await version() });
    result.proposed = inserted;
    const idOf = new Map(fresh.map((t, i) => [t.notationKey, inserted[i].id]));
    for (const s of result.skipped) if (s.termId === "") s.termId = idOf.get(normalizeNotation(s.notation))!;
  }
  return result;
}

/**
 * Proposes terms for a portal: always `proposed`, whatever the request says. Evidence
 * must name the portal's own content (403 portal_mismatch), since approval links it.
 */
export function proposeTerms(
  ctx: DirectoryContext,
  actor: Actor,
  portalId: string,
  terms: TermProposal[],
): Promise<ProposalResult> {
  for (const t of terms) {
    for (const e of t.evidence ?? []) {
      if (portalOf(e.contentKey) !== portalId) {
        throw new AppError("portal_mismatch", "Evidence may only name the calling portal's own content");
      }
    }
  }
  return inLedger(ctx, "glossary", async (tx, version) => {
    const result = await proposeIn(tx, version, portalId, terms);
    if (result.proposed.length > 0) {
      await insertAudit(tx, { actor, action: "term.propose", details: { proposed: result.proposed.map((p) => p.id) } });
    }
    return result;
  });
}

/** A term, locked for the rest of the transaction; 404 when absent. */
export async function storedTerm(tx: Tx, id: string): Promise<TermRow> {
  const row = await glossary.getTerm(tx, id);
  if (!row) throw notFound("The term");
  return row;
}

/**
 * Writes an edit to the term `t` (locked in the glossary ledger's transaction `tx`) at a new version and audits
 * it; its status is never touched here (no silent approval). Returns the term as stored.
 */
export async function applyTermEdit(
  tx: Tx,
  version: () => Promise<number>,
  edit: { actor: Actor; term: TermRow; patch: TermPatch },
): Promise<Term> {
  const { actor, term: t, patch } = edit;
  const notation = patch.notation ?? t.notation;
  const next = {
    id: t.id,
    notation,
    notationKey: normalizeNotation(notation),
    definition: patch.definition ?? t.definition,
    aliases: patch.aliases ?? t.aliases,
    abbreviations: patch.abbreviations ?? t.abbreviations,
    scope: patch.scope !== undefined ? patch.scope : t.scope,
    isActive: patch.isActive ?? t.isActive,
  };
  if (next.notationKey !== t.notationKey && (await glossary.termsByKeys(tx, [next.notationKey])).length > 0) {
    throw new AppError("conflict", "Another term already has this notation");
  }
  await glossary.updateTerm(tx, { term: next, version: await version() });
  await insertAudit(tx, {
    actor,
    action: "term.update",
    targetType: "term",
    targetId: t.id,
    details: { fields: Object.keys(patch) },
  });
  return (await storedTerm(tx, t.id)).doc;
}

/** An administrator's edit of a term, applied at once whatever its status (an administrator is the reviewer). */
export function updateTerm(ctx: DirectoryContext, actor: Actor, id: string, patch: TermPatch): Promise<Term> {
  return inLedger(
    ctx,
    "glossary",
    async (tx, version) => await applyTermEdit(tx, version, { actor, term: await storedTerm(tx, id), patch }),
  );
}

const DECISIONS: Record<"approve" | "reject" | "deprecate", { to: TermStatus; from: TermStatus[] }> = {
  approve: { to: "approved", from: ["proposed", "rejected", "deprecated"] },
  reject: { to: "rejected", from: ["proposed"] },
  deprecate: { to: "deprecated", from: ["approved"] },
};

/**
 * An administrator's decision on a term. Approval also creates `dictionary` links
 * for the content named in the term's evidence, each owned by its content key's portal.
 * With `seen`, the version of the term the administrator reviewed: a term edited since
 * is 409 version_conflict carrying the term as it is now, so what is approved is what was read.
 */
export function decideTerm(
  ctx: DirectoryContext,
  actor: Actor,
  id: string,
  decision: keyof typeof DECISIONS,
  options: { seen?: number } = {},
): Promise<Term> {
  return inLedger(ctx, "glossary", async (tx, version) => {
    const t = await storedTerm(tx, id);
    const { to, from } = DECISIONS[decision];
    if (t.status === to) return t.doc;
    if (options.seen !== undefined && options.seen !== t.version) {
      throw new AppError("version_conflict", "The term changed since it was reviewed; its current record is in data", {
        extra: { data: t.doc },
      });
    }
    if (!from.includes(t.status)) throw new AppError("conflict", `A ${t.status} term cannot be ${to}`);
    await glossary.decideTerm(tx, { id, status: to, decidedBy: `${actor.kind}:${actor.id}`, version: await version() });
    if (to === "approved") {
      const keys = [...new Set(t.evidence.filter((e) => e.kind === "content").map((e) => e.contentKey))];
      await applyLinks(
        tx,
        version,
        keys.map((contentKey) => ({ contentKey, termId: id, detectedBy: "dictionary" as const })),
      );
    }
    await insertAudit(tx, {
      actor,
      action: `term.${decision}`,
      targetType: "term",
      targetId: id,
      details: { from: t.status },
    });
    return (await storedTerm(tx, id)).doc;
  });
}

/** One term with its relations. */
export async function getTermWithRelations(ctx: DirectoryContext, id: string) {
  const t = await glossary.getTerm(ctx.sql, id);
  if (!t) throw notFound("The term");
  return { ...t.doc, relations: await glossary.relationsOfTerm(ctx.sql, id) };
}

/** Lists terms (optionally of one status, optionally matching a notation fragment) by id. */
export async function listTerms(
  ctx: DirectoryContext,
  query: { status?: TermStatus; q?: string; limit: number; cursor?: string },
): Promise<Page> {
  const after = query.cursor ? String(ctx.cursors.decode("terms", query.cursor, query)[0]) : null;
  const like = query.q ? containsPattern(normalizeNotation(query.q)) : null;
  const page = await glossary.listTerms(ctx.sql, {
    status: query.status ?? null,
    like,
    afterId: after,
    limit: query.limit,
  });
  return {
    items: page.items,
    nextCursor: page.more ? ctx.cursors.encode("terms", [page.lastId!], query) : null,
    dataVersion: page.dataVersion,
  };
}

/**
 * The matching dictionary: approved, active terms (id, notation, aliases,
 * abbreviations, definition). With `since`, the terms changed after it, and a
 * tombstone for each term that stopped being approved and active.
 */
export async function matchingTerms(
  ctx: DirectoryContext,
  query: { scope: string[]; since?: number; limit: number; cursor?: string },
): Promise<Page> {
  const after = query.cursor ? ctx.cursors.decode("matching-terms", query.cursor, query) : null;
  const page = await glossary.matchingTerms(ctx.sql, {
    since: query.since ?? 0,
    scopes: query.scope,
    after: after ? { version: Number(after[0]), id: String(after[1]) } : null,
    limit: query.limit,
  });
  return {
    items: page.items,
    nextCursor: page.more ? ctx.cursors.encode("matching-terms", [page.lastVersion!, page.lastId!], query) : null,
    dataVersion: page.dataVersion,
  };
}
