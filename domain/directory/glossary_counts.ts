/** How many rows the glossary's console lists match: what the terms, revisions and links screens show as totals. */
import * as counts from "@/sql/directory/glossary_counts.ts";
import { normalizeNotation } from "@/domain/glossary/mod.ts";
import { type Total, TOTAL_CAP, totalOf } from "@/lib/list_total.ts";
import type { DirectoryContext } from "./context.ts";
import { containsPattern } from "./paging.ts";
import type { LinkListQuery } from "./links.ts";
import type { TermStatus } from "./schemas.ts";

/** How many terms the terms list's filters match (as listTerms), up to TOTAL_CAP. */
export async function countTerms(ctx: DirectoryContext, query: { status?: TermStatus; q?: string }): Promise<Total> {
  const like = query.q ? containsPattern(normalizeNotation(query.q)) : null;
  return totalOf(await counts.countTerms(ctx.sql, { status: query.status ?? null, like }, TOTAL_CAP + 1));
}

/** How many revisions the revisions list's filters match (as listRevisions), up to TOTAL_CAP. */
export async function countRevisions(
  ctx: DirectoryContext,
  query: { status: string; termId?: string },
): Promise<Total> {
  const filter = { status: query.status, termId: query.termId ?? null };
  return totalOf(await counts.countRevisions(ctx.sql, filter, TOTAL_CAP + 1));
}

/** How many links the links list's filters match (as listLinks), up to TOTAL_CAP. */
export async function countLinks(ctx: DirectoryContext, query: Omit<LinkListQuery, "limit">): Promise<Total> {
  const filter = {
    contentKey: query.contentKey ?? null,
    portalId: query.portalId ?? null,
    termId: query.termId ?? null,
    since: query.since ?? 0,
    includeDeleted: query.includeDeleted,
  };
  return totalOf(await counts.countLinks(ctx.sql, filter, TOTAL_CAP + 1));
}
