/**
 * Content-term links (CONTRACT 1.3 rules 1, 4, 6): one row per (content key, term),
 * pushed in idempotent batches. Only approved, active terms link; a `dictionary` push
 * never overwrites or revives a pair held as `manual` or `llm`; a tombstoned pair
 * pushed again comes back live; a portal only ever changes its own links.
 */
import * as links from "@/sql/directory/links.ts";
import type { DetectedBy, LinkInput } from "@/sql/directory/links.ts";
import { type Actor, insertAudit } from "@/sql/directory/audit.ts";
import { AppError, notFound } from "@/domain/errors.ts";
import { type DirectoryContext, inLedger, type Tx } from "./context.ts";
import type { Page } from "./paging.ts";
import type { Link, LinkPushResult, ManualLink } from "./schemas.ts";

export type { DetectedBy, LinkInput } from "@/sql/directory/links.ts";

/** Why a link in a push was not written. */
export type SkipReason = LinkPushResult["skipped"][number]["reason"];

/** Manual outranks llm, which outranks dictionary: a push never replaces a pair of a higher rank. */
const RANK: Record<DetectedBy, number> = { dictionary: 0, llm: 1, manual: 2 };

/** The first segment of a content key is the portal that owns it. */
export const portalOfContentKey = (contentKey: string) => contentKey.split(":")[0];

/** Applies a batch of links in the glossary ledger's transaction `tx`. */
export async function applyLinks(tx: Tx, version: () => Promise<number>, batch: LinkInput[]): Promise<LinkPushResult> {
  const result: LinkPushResult = { upserted: 0, unchanged: 0, skipped: [] };
  if (batch.length === 0) return result;
  const terms = new Map((await links.termStates(tx, [...new Set(batch.map((l) => l.termId))])).map((t) => [t.id, t]));
  const existing = new Map((await links.existingLinks(tx, batch)).map((e) => [`${e.contentKey}\n${e.termId}`, e]));
  const seen = new Set<string>();
  const writes: LinkInput[] = [];
  for (const l of batch) {
    const key = `${l.contentKey}\n${l.termId}`;
    const term = terms.get(l.termId);
    const skip = (reason: SkipReason) => result.skipped.push({ contentKey: l.contentKey, termId: l.termId, reason });
    if (!term) skip("unknown_term");
    else if (term.status !== "approved") skip("not_approved");
    else if (!term.isActive) skip("inactive");
    else if (seen.has(key)) result.unchanged++;
    else {
      seen.add(key);
      const old = existing.get(key);
      if (old && RANK[old.detectedBy] > RANK[l.detectedBy]) skip("protected");
      else if (
        old && !old.deleted && old.detectedBy === l.detectedBy && (old.confidence ?? null) === (l.confidence ?? null)
      ) {
        result.unchanged++;
      } else writes.push(l);
    }
  }
  if (writes.length > 0) await links.upsertLinks(tx, { links: writes, version: await version() });
  result.upserted = writes.length;
  return result;
}

/** Pushes a portal's links: every content key must be the portal's own (403 portal_mismatch otherwise). */
export function pushLinks(
  ctx: DirectoryContext,
  actor: Actor,
  portalId: string,
  batch: LinkInput[],
): Promise<LinkPushResult> {
  if (batch.some((l) => portalOfContentKey(l.contentKey) !== portalId)) {
    throw new AppError("portal_mismatch", "Content keys must start with the calling portal's ID");
  }
  return inLedger(ctx, "glossary", async (tx, version) => {
    const result = await applyLinks(tx, version, batch);
    if (result.upserted > 0) {
      await insertAudit(tx, {
        actor,
        action: "links.push",
        details: { upserted: result.upserted, skipped: result.skipped.length },
      });
    }
    return result;
  });
}

/**
 * An administrator links a content to a term by hand: the term must be approved and active (404 when unknown,
 * 422 naming termId otherwise). The link is `manual`, which outranks what the linking worker and dictionary
 * pushes find, so they never override or tombstone it. Returns the link as stored, and whether it was written
 * (a manual link already there with the same confidence is left as it is).
 */
export async function linkManually(
  ctx: DirectoryContext,
  actor: Actor,
  link: ManualLink,
): Promise<{ link: Link; written: boolean }> {
  const written = await inLedger(ctx, "glossary", async (tx, version) => {
    const [term] = await links.termStates(tx, [link.termId]);
    if (!term) throw notFound("The term");
    if (term.status !== "approved" || !term.isActive) {
      throw new AppError("unprocessable", "Only an approved, active term can be linked", {
        errors: [{ path: "termId", message: term.isActive ? `the term is ${term.status}` : "the term is inactive" }],
      });
    }
    const result = await applyLinks(tx, version, [{ ...link, detectedBy: "manual" }]);
    if (result.upserted > 0) {
      await insertAudit(tx, {
        actor,
        action: "links.manual",
        targetType: "content",
        targetId: link.contentKey,
        details: { termId: link.termId, confidence: link.confidence ?? null },
      });
    }
    return result.upserted > 0;
  });
  const page = await listLinks(ctx, {
    contentKey: link.contentKey,
    termId: link.termId,
    includeTerm: true,
    includeDeleted: false,
    limit: 1,
  });
  return { link: (JSON.parse(page.items) as Link[])[0], written };
}

/**
 * Tombstones a portal's live links selected by content key and/or term (one is
 * required). Another portal's ID, or a content key of another portal, is 403.
 */
export function deleteLinks(
  ctx: DirectoryContext,
  actor: Actor,
  callerPortalId: string,
  query: { contentKey?: string; termId?: string; portalId?: string },
): Promise<{ tombstoned: number }> {
  const portalId = query.portalId ?? callerPortalId;
  if (portalId !== callerPortalId || (query.contentKey && portalOfContentKey(query.contentKey) !== callerPortalId)) {
    throw new AppError("portal_mismatch", "A portal may only delete its own links");
  }
  return inLedger(ctx, "glossary", async (tx, version) => {
    const tombstoned = await links.tombstoneLinks(tx, {
      portalId,
      contentKey: query.contentKey ?? null,
      termId: query.termId ?? null,
      version: await version(),
    });
    if (tombstoned > 0) await insertAudit(tx, { actor, action: "links.delete", details: { ...query, tombstoned } });
    return { tombstoned };
  });
}

/** Query of the link list. */
export interface LinkListQuery {
  contentKey?: string;
  portalId?: string;
  termId?: string;
  since?: number;
  includeTerm: boolean;
  includeDeleted: boolean;
  limit: number;
  cursor?: string;
}

/** Lists links in version order, tombstones included by default. */
export async function listLinks(ctx: DirectoryContext, query: LinkListQuery): Promise<Page> {
  // `includeTerm` shapes each item, not which items: a walk may switch it between pages.
  const filters = { ...query, includeTerm: undefined };
  const after = query.cursor ? ctx.cursors.decode("links", query.cursor, filters) : null;
  const page = await links.listLinks(ctx.sql, {
    filter: {
      contentKey: query.contentKey ?? null,
      portalId: query.portalId ?? null,
      termId: query.termId ?? null,
      since: query.since ?? 0,
      includeDeleted: query.includeDeleted,
      includeTerm: query.includeTerm,
    },
    after: after ? { version: Number(after[0]), contentKey: String(after[1]), termId: String(after[2]) } : null,
    limit: query.limit,
  });
  return {
    items: page.items,
    nextCursor: page.more
      ? ctx.cursors.encode("links", [page.lastVersion!, page.lastContentKey!, page.lastTermId!], filters)
      : null,
    dataVersion: page.dataVersion,
  };
}
