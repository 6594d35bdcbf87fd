/** Statements on glossary terms, relations and the ontology pack. */
import { type Db, loadQueries } from "@/sql/mod.ts";
import type { RenderedPage } from "./users.ts";

const q = loadQueries(new URL("./glossary.sql", import.meta.url), [
  "terms_by_keys",
  "insert_proposals",
  "get_term",
  "update_term",
  "decide_term",
  "list_terms",
  "matching_terms",
  "dictionary",
  "known_surfaces",
  "dictionary_version",
  "pack_version",
  "pack_concepts",
  "pack_relations",
  "broader_path_exists",
  "insert_relation",
  "delete_relation",
  "relations_of_term",
]);

/** A term's status. */
export type TermStatus = "proposed" | "approved" | "rejected" | "deprecated";

/** Where a term was seen. */
export interface Evidence {
  kind: "content";
  contentKey: string;
  excerpt?: string;
}

/** A term's wire record, rendered by term_view. */
export interface Term {
  id: string;
  notation: string;
  aliases: string[];
  abbreviations: string[];
  definition: string;
  scope: string | null;
  status: TermStatus;
  isActive: boolean;
  evidence: Evidence[];
  proposedBy: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A term's stored fields and its wire record. */
export interface TermRow {
  id: string;
  notation: string;
  notationKey: string;
  aliases: string[];
  abbreviations: string[];
  definition: string;
  scope: string | null;
  status: TermStatus;
  isActive: boolean;
  evidence: Evidence[];
  version: number;
  doc: Term;
}

/** A proposal to insert. */
export interface NewProposal {
  notation: string;
  notationKey: string;
  definition?: string;
  aliases?: string[];
  abbreviations?: string[];
  scope?: string | null;
  evidence?: Evidence[];
}

/** Terms holding the given notation keys. */
export function termsByKeys(db: Db, keys: string[]) {
  return q.terms_by_keys<{ id: string; notationKey: string; status: TermStatus }>(db, [keys]);
}

/** Inserts proposed terms; returns their ids and notations in order. */
export function insertProposals(db: Db, proposals: NewProposal[], portalId: string | null, version: number) {
  return q.insert_proposals<{ id: string; notation: string }>(db, [
    proposals as unknown as Record<string, unknown>[],
    portalId,
    version,
  ]);
}

/** One term, locked. */
export async function getTerm(db: Db, id: string): Promise<TermRow | undefined> {
  const [row] = await q.get_term<TermRow>(db, [id]);
  return row;
}

/** Writes a term's editable fields. */
export async function updateTerm(
  db: Db,
  t: Pick<
    TermRow,
    "id" | "notation" | "notationKey" | "definition" | "aliases" | "abbreviations" | "scope" | "isActive"
  >,
  version: number,
): Promise<void> {
  await q.update_term(db, [
    t.id,
    t.notation,
    t.notationKey,
    t.definition,
    t.aliases,
    t.abbreviations,
    t.scope,
    t.isActive,
    version,
  ]);
}

/** Records a status decision. */
export async function decideTerm(
  db: Db,
  id: string,
  status: TermStatus,
  decidedBy: string,
  version: number,
): Promise<void> {
  await q.decide_term(db, [id, status, decidedBy, version]);
}

/** One page of terms. */
export async function listTerms(
  db: Db,
  status: TermStatus | null,
  like: string | null,
  afterId: string | null,
  limit: number,
) {
  const [row] = await q.list_terms<RenderedPage & { lastId: string | null }>(db, [status, like, afterId, limit]);
  return row;
}

/** One page of the matching dictionary. */
export async function matchingTerms(
  db: Db,
  since: number,
  scopes: string[],
  after: { version: number; id: string } | null,
  limit: number,
) {
  const [row] = await q.matching_terms<RenderedPage & { lastVersion: number | null; lastId: string | null }>(db, [
    since,
    scopes,
    after?.version ?? null,
    after?.id ?? null,
    limit,
  ]);
  return row;
}

/** Approved, active terms' surfaces. */
export function dictionary(db: Db) {
  return q.dictionary<{ id: string; notation: string; aliases: string[]; abbreviations: string[] }>(db);
}

/** Every term's surfaces, whatever its status. */
export function knownSurfaces(db: Db) {
  return q.known_surfaces<{ notation: string; aliases: string[]; abbreviations: string[] }>(db);
}

/** A fingerprint that changes whenever the matching dictionary does (and only then). */
export async function dictionaryVersion(db: Db): Promise<string> {
  const [row] = await q.dictionary_version<{ version: string }>(db);
  return row.version;
}

/** The version the ontology pack was last possibly changed at. */
export async function packVersion(db: Db): Promise<number> {
  const [row] = await q.pack_version<{ version: number }>(db);
  return row.version;
}

/** Approved, active concepts in the scopes. */
export function packConcepts(db: Db, scopes: string[], since: number) {
  return q.pack_concepts<
    {
      id: string;
      notation: string;
      aliases: string[];
      abbreviations: string[];
      definition: string;
      scope: string | null;
    }
  >(
    db,
    [scopes, since],
  );
}

/** Live relations among approved, active concepts in the scopes. */
export function packRelations(db: Db, scopes: string[], since: number) {
  return q.pack_relations<{ sourceId: string; type: string; targetId: string }>(db, [scopes, since]);
}

/** Whether `from` reaches `to` through broader steps. */
export async function broaderPathExists(db: Db, from: string, to: string): Promise<boolean> {
  const [row] = await q.broader_path_exists<{ found: boolean }>(db, [from, to]);
  return row.found;
}

/** Creates a relation; returns its id. */
export async function insertRelation(
  db: Db,
  r: { sourceId: string; type: string; targetTermId: string | null; targetRef: string | null },
  version: number,
): Promise<string> {
  const [row] = await q.insert_relation<{ id: string }>(db, [r.sourceId, r.type, r.targetTermId, r.targetRef, version]);
  return row.id;
}

/** Tombstones a relation; false when absent. */
export async function deleteRelation(db: Db, id: string, version: number): Promise<boolean> {
  return (await q.delete_relation(db, [id, version])).length === 1;
}

/** The live relations a term takes part in. */
export function relationsOfTerm(db: Db, termId: string) {
  return q.relations_of_term<{
    id: string;
    sourceId: string;
    type: string;
    targetId: string;
    sourceNotation: string;
    targetNotation: string | null;
  }>(db, [termId]);
}
