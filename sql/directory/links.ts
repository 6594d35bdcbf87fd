/** Statements on content-term links and queued content bodies. */
import { type Db, loadQueries, type RowOf, typed } from "@/sql/mod.ts";
import { RENDERED_PAGE } from "./users.ts";

const q = loadQueries(new URL("./links.sql", import.meta.url), {
  existing_links: {
    params: ["_text", "_uuid"],
    columns: {
      contentKey: "text",
      termId: "uuid",
      detectedBy: typed<DetectedBy>("text"),
      confidence: "float4?",
      deleted: "bool",
    },
  },
  term_states: { params: ["_uuid"], columns: { id: "uuid", status: "text", isActive: "bool" } },
  upsert_links: { params: ["jsonb", "int8"] },
  tombstone_links: { params: ["text", "text?", "uuid?", "int8"], columns: { tombstoned: "int4" } },
  tombstone_dictionary_links: { params: ["text", "_uuid", "int8"], columns: { tombstoned: "int4" } },
  list_links: {
    params: ["text?", "text?", "uuid?", "int8", "bool", "bool", "int8?", "text?", "uuid?", "int4"],
    columns: { ...RENDERED_PAGE, lastVersion: "int8?", lastContentKey: "text?", lastTermId: "uuid?" },
  },
  insert_content_body: {
    params: ["text", "text", "text?", "text", "text", "_text", "text"],
    columns: { id: "uuid", outboxId: "int8" },
  },
  get_content_body: {
    params: ["uuid"],
    columns: {
      id: "uuid",
      portalId: "text",
      contentKey: "text",
      title: "text?",
      body: "text?",
      contentType: "text",
      candidateTerms: "_text",
      status: "text",
      result: typed<Record<string, unknown> | null>("jsonb?"),
    },
  },
  finish_content_body: { params: ["uuid", "jsonb"] },
  fail_content_body: { params: ["uuid", "text"] },
  content_body_status: {
    params: ["uuid"],
    columns: {
      id: "uuid",
      portalId: "text",
      contentKey: "text",
      status: "text",
      result: typed<Record<string, unknown> | null>("jsonb?"),
      error: "text?",
      createdAt: "timestamptz",
      finishedAt: "timestamptz?",
    },
  },
  dictionary_links_of_content: { params: ["text"], columns: { termId: "uuid" } },
});

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
  return q.existing_links(
    db,
    [pairs.map((p) => p.contentKey), pairs.map((p) => p.termId)],
  );
}

/** Status and active flag of terms. */
export function termStates(db: Db, ids: string[]) {
  return q.term_states(db, [ids]);
}

/** Writes links live at `version`. */
export async function upsertLinks(db: Db, a: { links: LinkInput[]; version: number }): Promise<void> {
  if (a.links.length === 0) return;
  await q.upsert_links(db, [a.links.map((l) => ({ ...l, confidence: l.confidence ?? null })), a.version]);
}

/** Tombstones a portal's live links by content key and/or term; returns how many. */
export async function tombstoneLinks(
  db: Db,
  a: { portalId: string; contentKey: string | null; termId: string | null; version: number },
) {
  const [row] = await q.tombstone_links(db, [a.portalId, a.contentKey, a.termId, a.version]);
  return row.tombstoned;
}

/** Tombstones a content's live dictionary links to terms not in `keep`; returns how many. */
export async function tombstoneDictionaryLinks(
  db: Db,
  a: { contentKey: string; keep: string[]; version: number },
) {
  const [row] = await q.tombstone_dictionary_links(db, [a.contentKey, a.keep, a.version]);
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
  a: { filter: LinkFilter; after: { version: number; contentKey: string; termId: string } | null; limit: number },
) {
  const { filter: f, after } = a;
  const [row] = await q.list_links(db, [
    f.contentKey,
    f.portalId,
    f.termId,
    f.since,
    f.includeDeleted,
    f.includeTerm,
    after?.version ?? null,
    after?.contentKey ?? null,
    after?.termId ?? null,
    a.limit,
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
  a: { portalId: string; body: ContentBodyInput; stream: string },
): Promise<string> {
  const b = a.body;
  const [row] = await q.insert_content_body(db, [
    a.portalId,
    b.contentKey,
    b.title ?? null,
    b.body,
    b.contentType,
    b.candidateTerms ?? [],
    a.stream,
  ]);
  return row.id;
}

/** A queued body. */
export type ContentBodyRow = RowOf<typeof q.get_content_body>;

/** A queued body, locked. */
export async function getContentBody(db: Db, id: string): Promise<ContentBodyRow | undefined> {
  const [row] = await q.get_content_body(db, [id]);
  return row;
}

/** Marks a job done with its result, dropping the body. */
export async function finishContentBody(db: Db, a: { id: string; result: Record<string, unknown> }): Promise<void> {
  await q.finish_content_body(db, [a.id, a.result]);
}

/** Marks a queued job failed with its error and drops its body. */
export async function failContentBody(db: Db, a: { id: string; error: string }): Promise<void> {
  await q.fail_content_body(db, [a.id, a.error]);
}

/** A job's state. */
export async function contentBodyStatus(db: Db, id: string) {
  const [row] = await q.content_body_status(db, [id]);
  return row;
}

/** The terms a content is linked to live by dictionary matching. */
export async function dictionaryLinksOfContent(db: Db, contentKey: string): Promise<string[]> {
  return (await q.dictionary_links_of_content(db, [contentKey])).map((r) => r.termId);
}
