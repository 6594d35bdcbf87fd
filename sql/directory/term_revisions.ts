/** Statements on pending revisions of glossary terms (the approval gate for edits). */
import { type Db, loadQueries, type RowOf, typed } from "@/sql/mod.ts";
import { RENDERED_PAGE } from "./users.ts";

const q = loadQueries(new URL("./term_revisions.sql", import.meta.url), {
  supersede_pending_revisions: { params: ["uuid", "text"] },
  insert_revision: { params: ["uuid", "text", "jsonb", "int8"], columns: { id: "uuid" } },
  get_revision: {
    params: ["uuid"],
    columns: {
      id: "uuid",
      termId: "uuid",
      status: typed<RevisionStatus>("text"),
      changes: typed<TermChanges>("jsonb"),
      doc: typed<TermRevision>("json"),
    },
  },
  decide_revision: { params: ["uuid", "text", "text"] },
  list_revisions: { params: ["text?", "uuid?", "int8?", "int4"], columns: { ...RENDERED_PAGE, lastSeq: "int8?" } },
  pending_revision_count: { params: ["uuid"], columns: { pending: "int4" } },
});

/** Where a revision stands. */
export type RevisionStatus = "pending" | "approved" | "rejected" | "superseded";

/** The fields a revision changes (only those present). */
export interface TermChanges {
  definition?: string;
  aliases?: string[];
  abbreviations?: string[];
  scope?: string | null;
}

/** A revision's wire record, rendered by term_revision_view. */
export interface TermRevision {
  id: string;
  termId: string;
  notation: string;
  termStatus: "proposed" | "approved" | "rejected" | "deprecated";
  status: RevisionStatus;
  proposedBy: string;
  changes: TermChanges;
  current: TermChanges;
  baseVersion: number;
  termVersion: number;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

/** A revision's stored state and its wire record. */
export type RevisionRow = RowOf<typeof q.get_revision>;

/** Supersedes a proposer's pending revision of a term. */
export async function supersedePending(db: Db, a: { termId: string; proposedBy: string }): Promise<void> {
  await q.supersede_pending_revisions(db, [a.termId, a.proposedBy]);
}

/** Records a pending revision; returns its id. */
export async function insertRevision(
  db: Db,
  a: { termId: string; proposedBy: string; changes: TermChanges; baseVersion: number },
): Promise<string> {
  const [row] = await q.insert_revision(db, [a.termId, a.proposedBy, a.changes, a.baseVersion]);
  return row.id;
}

/** One revision, locked. */
export async function getRevision(db: Db, id: string): Promise<RevisionRow | undefined> {
  const [row] = await q.get_revision(db, [id]);
  return row;
}

/** Records a decision on a pending revision. */
export async function decideRevision(
  db: Db,
  a: { id: string; status: "approved" | "rejected"; decidedBy: string },
): Promise<void> {
  await q.decide_revision(db, [a.id, a.status, a.decidedBy]);
}

/** One page of revisions, oldest first. */
export async function listRevisions(
  db: Db,
  a: { status: RevisionStatus | null; termId: string | null; afterSeq: number | null; limit: number },
) {
  const [row] = await q.list_revisions(db, [a.status, a.termId, a.afterSeq, a.limit]);
  return row;
}

/** How many revisions of a term wait for a decision. */
export async function pendingRevisionCount(db: Db, termId: string): Promise<number> {
  const [row] = await q.pending_revision_count(db, [termId]);
  return row.pending;
}
