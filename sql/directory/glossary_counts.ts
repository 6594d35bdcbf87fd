/** How many rows the glossary's console lists (terms, revisions, links) match, each counted up to a cap. */
import { type Db, loadQueries } from "@/sql/mod.ts";

const q = loadQueries(new URL("./glossary_counts.sql", import.meta.url), {
  count_terms: { params: ["text?", "text?", "int4"], columns: { total: "int4" } },
  count_revisions: { params: ["text?", "uuid?", "int4"], columns: { total: "int4" } },
  count_links: { params: ["text?", "text?", "uuid?", "int8", "bool", "int4"], columns: { total: "int4" } },
});

/** How many terms of `status` (null: all) have a notation key like `like`, up to `cap`. */
export async function countTerms(db: Db, a: { status: string | null; like: string | null }, cap: number) {
  const [row] = await q.count_terms(db, [a.status, a.like, cap]);
  return row.total;
}

/** How many revisions of `status` (and of `termId`, when given) there are, up to `cap`. */
export async function countRevisions(db: Db, a: { status: string | null; termId: string | null }, cap: number) {
  const [row] = await q.count_revisions(db, [a.status, a.termId, cap]);
  return row.total;
}

/** How many links match the filters of the links list, up to `cap`. */
export async function countLinks(
  db: Db,
  f: {
    contentKey: string | null;
    portalId: string | null;
    termId: string | null;
    since: number;
    includeDeleted: boolean;
  },
  cap: number,
) {
  const [row] = await q.count_links(db, [f.contentKey, f.portalId, f.termId, f.since, f.includeDeleted, cap]);
  return row.total;
}
