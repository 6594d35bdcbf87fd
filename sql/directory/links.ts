/** Statements on content-term links and queued content bodies. */
import { type Db, loadQueries } from "@/sql/mod.ts";
import type { RenderedPage } from "./users.ts";

const q = loadQueries(new URL("./links.sql", import.meta.url), [
  "existing_links",
  "term_states",
  "upsert_links",
  "tombstone_links",
  "tombstone_dictionary_links",
  "list_links",
  "insert_content_body",
  "get_content_body",
  "finish_content_body",
  "fail_content_body",
  "content_body_status",
  "dictionary_links_of_content",
]);

/** Who found a link. */
export type DetectedBy = "dictionary" | "llm" | "manual";

/** A link to write. */
export interface LinkInput {
  contentKey: string;
  termId: string;
  detectedBy: DetectedBy;
  confidence?: number | null;
}

/** The stored state of the given pairs. */
export function existingLinks(db: Db, pairs: Array<{ contentKey: string; termId: string }>) {
  return q.existing_links<
    { contentKey: string; termId: string; detectedBy: DetectedBy; confidence: number | null; deleted: boolean }
  >(
    db,
    [pairs.map((p) => p.contentKey), pairs.map((p) => p.termId)],
  );
}

/** Status and active flag of terms. */
export function termStates(db: Db, ids: string[]) {
  return q.term_states<{ id: string; status: string; isActive: boolean }>(db, [ids]);
}

/** Writes links live at `version`. */
export async function upsertLinks(db: Db, links: LinkInput[], version: number): Promise<void> {
  if (links.length === 0) return;
  await q.upsert_links(db, [links.map((l) => ({ ...l, confidence: l.confidence ?? null })), version]);
}

/** Tombstones a portal's live links by content key and/or term; returns how many. */
export async function tombstoneLinks(
  db: Db,
  portalId: string,
  contentKey: string | null,
  termId: string | null,
  version: number,
) {
  const [row] = await q.tombstone_links<{ tombstoned: number }>(db, [portalId, contentKey, termId, version]);
  return row.tombstoned;
}

/** Tombstones a content's live dictionary links to terms not in `keep`; returns how many. */
export async function tombstoneDictionaryLinks(db: Db, contentKey: string, keep: string[], version: number) {
  const [row] = await q.tombstone_dictionary_links<{ tombstoned: number }>(db, [contentKey, keep, version]);
  return row.tombstoned;
}

/** Filters of the link list. */
export interface LinkFilter {
  contentKey: string | null;
  portalId: string | null;
  termId: string | null;
  since: number;
  includeDeleted: boolean;
  includeTerm: boolean;
}

/** One page of links. */
export async function listLinks(
  db: Db,
  f: LinkFilter,
  after: { version: number; contentKey: string; termId: string } | null,
  limit: number,
) {
  const [row] = await q.list_links<
    RenderedPage & { lastVersion: number | null; lastContentKey: string | null; lastTermId: string | null }
  >(db, [
    f.contentKey,
    f.portalId,
    f.termId,
    f.since,
    f.includeDeleted,
    f.includeTerm,
    after?.version ?? null,
    after?.contentKey ?? null,
    after?.termId ?? null,
    limit,
  ]);
  return row;
}

/** A body to queue. */
export interface ContentBodyInput {
  contentKey: string;
  title?: string;
  body: string;
  contentType: string;
  candidateTerms?: string[];
}

/** Queues a body with its outbox entry; returns the job id. */
export async function insertContentBody(
  db: Db,
  portalId: string,
  b: ContentBodyInput,
  stream: string,
): Promise<string> {
  const [row] = await q.insert_content_body<{ id: string }>(db, [
    portalId,
    b.contentKey,
    b.title ?? null,
    b.body,
    b.contentType,
    b.candidateTerms ?? [],
    stream,
  ]);
  return row.id;
}

/** A queued body. */
export interface ContentBodyRow {
  id: string;
  portalId: string;
  contentKey: string;
  title: string | null;
  body: string | null;
  contentType: string;
  candidateTerms: string[];
  status: string;
  result: Record<string, unknown> | null;
}

/** A queued body, locked. */
export async function getContentBody(db: Db, id: string): Promise<ContentBodyRow | undefined> {
  const [row] = await q.get_content_body<ContentBodyRow>(db, [id]);
  return row;
}

/** Marks a job done with its result, dropping the body. */
export async function finishContentBody(db: Db, id: string, result: Record<string, unknown>): Promise<void> {
  await q.finish_content_body(db, [id, result]);
}

/** Marks a queued job failed with its error and drops its body. */
export async function failContentBody(db: Db, id: string, error: string): Promise<void> {
  await q.fail_content_body(db, [id, error]);
}

/** A job's state. */
export async function contentBodyStatus(db: Db, id: string) {
  const [row] = await q.content_body_status<{
    id: string;
    portalId: string;
    contentKey: string;
    status: string;
    result: Record<string, unknown> | null;
    error: string | null;
    createdAt: Date;
    finishedAt: Date | null;
  }>(db, [id]);
  return row;
}

/** The terms a content is linked to live by dictionary matching. */
export async function dictionaryLinksOfContent(db: Db, contentKey: string): Promise<string[]> {
  return (await q.dictionary_links_of_content<{ termId: string }>(db, [contentKey])).map((r) => r.termId);
}
