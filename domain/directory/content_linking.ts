/**
 * Content bodies and the term-linking work (seed 4 rule 7): a portal queues a body,
 * the worker strips its markup, finds every approved, active term with the automaton
 * of the current dictionary, pushes `dictionary` links, tombstones the `dictionary`
 * links it no longer finds (never `manual` or `llm`), proposes unknown candidate terms
 * and acronyms with the content as evidence, then drops the body. Redoing a job
 * changes nothing.
 */
import * as links from "@/sql/directory/links.ts";
import type { ContentBodyInput, ContentBodyRow } from "@/sql/directory/links.ts";
import * as glossary from "@/sql/directory/glossary.ts";
import { markDone } from "@/sql/jobs/outbox.ts";
import { type Actor, insertAudit } from "@/sql/directory/audit.ts";
import {
  buildMatcher,
  findAcronyms,
  type MarkupType,
  normalizeNotation,
  stripMarkup,
  type TermMatcher,
} from "@/domain/glossary/mod.ts";
import { AppError, notFound } from "@/domain/errors.ts";
import { type DirectoryContext, inLedger } from "./context.ts";
import { proposeIn } from "./glossary.ts";
import type { ContentBodyStatus, TermProposal } from "./schemas.ts";
import { applyLinks, portalOfContentKey } from "./links.ts";

/** The stream term-linking jobs travel on (under the Redis key prefix). */
export const TERM_LINKING_STREAM = "directory:term-linking";

/** The media types a content body may have. */
export const CONTENT_TYPES: readonly MarkupType[] = ["text/html", "text/markdown", "text/plain"];

/** Queues a portal's content body for linking; the key must be the portal's own. */
export async function queueContentBody(ctx: DirectoryContext, actor: Actor, portalId: string, input: ContentBodyInput) {
  if (portalOfContentKey(input.contentKey) !== portalId) {
    throw new AppError("portal_mismatch", "The content key must start with the calling portal's ID");
  }
  const jobId = await links.insertContentBody(ctx.sql, { portalId, body: input, stream: TERM_LINKING_STREAM });
  await insertAudit(ctx.sql, {
    actor,
    action: "content_body.queue",
    targetType: "content",
    targetId: input.contentKey,
    details: { jobId },
  });
  return { jobId };
}

/** A job's state, for the portal that queued it. */
export async function contentBodyStatus(
  ctx: DirectoryContext,
  portalId: string,
  jobId: string,
): Promise<ContentBodyStatus> {
  const row = await links.contentBodyStatus(ctx.sql, jobId);
  if (!row || row.portalId !== portalId) throw notFound("The content body job");
  return {
    ...row,
    // The table's check constraint holds the status to these three.
    status: row.status as ContentBodyStatus["status"],
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The automaton of one dictionary version, with every known surface to tell unknown words apart. */
export interface Dictionary {
  version: string;
  matcher: TermMatcher;
  known: Set<string>;
}

/** Keeps one dictionary per glossary version: rebuilt only when the terms' version moves. */
export function dictionaryCache(ctx: DirectoryContext) {
  let current: Dictionary | undefined;
  return async (): Promise<Dictionary> => {
    const version = await glossary.dictionaryVersion(ctx.sql);
    if (current?.version === version) return current;
    const [terms, surfaces] = await Promise.all([glossary.dictionary(ctx.sql), glossary.knownSurfaces(ctx.sql)]);
    const entries = terms.flatMap((t) =>
      [t.notation, ...t.aliases, ...t.abbreviations].map((surface) => ({ termId: t.id, surface }))
    );
    const known = new Set(
      surfaces.flatMap((s) => [s.notation, ...s.aliases, ...s.abbreviations]).map(normalizeNotation),
    );
    current = { version, matcher: buildMatcher(entries), known };
    return current;
  };
}

function excerpt(text: string, word: string): string | undefined {
  const at = text.indexOf(word);
  if (at < 0) return undefined;
  return text.slice(Math.max(0, at - 40), at + word.length + 40).replace(/\s+/g, " ").trim();
}

/** Unknown candidate terms and acronyms of a body, as proposals with the content as evidence. */
function unknownTerms(job: ContentBodyRow, text: string, known: Set<string>): TermProposal[] {
  const seen = new Set<string>();
  const out: TermProposal[] = [];
  for (const word of [...job.candidateTerms, ...findAcronyms(text)]) {
    const key = normalizeNotation(word);
    if (key === "" || known.has(key) || seen.has(key)) continue;
    seen.add(key);
    out.push({
      notation: word.trim(),
      evidence: [{ kind: "content", contentKey: job.contentKey, excerpt: excerpt(text, word) }],
    });
  }
  return out;
}

/** Runs one term-linking job; a job already done is only acknowledged. */
export async function linkContentBody(
  ctx: DirectoryContext,
  dictionary: () => Promise<Dictionary>,
  jobId: string,
  outboxId: number | null,
) {
  const dict = await dictionary();
  return await inLedger(ctx, "glossary", async (tx, version) => {
    const job = await links.getContentBody(tx, jobId);
    if (!job || job.status !== "queued" || job.body === null) {
      if (outboxId !== null) await markDone(tx, { box: "directory", id: outboxId });
      return job?.result ?? null;
    }
    const text = stripMarkup([job.title ?? "", job.body].join("\n"), job.contentType as MarkupType);
    const found = [...new Set(dict.matcher.find(text).map((m) => m.termId))].sort();
    const pushed = await applyLinks(
      tx,
      version,
      found.map((termId) => ({ contentKey: job.contentKey, termId, detectedBy: "dictionary" as const })),
    );
    const stale = (await links.dictionaryLinksOfContent(tx, job.contentKey)).filter((id) => !found.includes(id));
    const tombstoned = stale.length
      ? await links.tombstoneDictionaryLinks(tx, { contentKey: job.contentKey, keep: found, version: await version() })
      : 0;
    const proposals = await proposeIn(tx, version, job.portalId, unknownTerms(job, text, dict.known));
    const result = {
      dictionaryVersion: dict.version,
      termsFound: found.length,
      linksUpserted: pushed.upserted,
      linksUnchanged: pushed.unchanged,
      linksTombstoned: tombstoned,
      proposed: proposals.proposed.map((p) => p.notation),
    };
    await links.finishContentBody(tx, { id: jobId, result });
    if (outboxId !== null) await markDone(tx, { box: "directory", id: outboxId });
    return result;
  });
}

/** Records that the stream gave up on a job (dead letter): it fails with the error and its body is dropped. */
export async function failContentBody(ctx: DirectoryContext, jobId: string, outboxId: number | null, error: string) {
  await ctx.sql.begin(async (tx) => {
    await links.failContentBody(tx, { id: jobId, error: error.slice(0, 2000) });
    if (outboxId !== null) await markDone(tx, { box: "directory", id: outboxId });
  });
}
