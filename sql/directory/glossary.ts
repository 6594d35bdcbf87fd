/** Statements on glossary terms, relations and the ontology pack. */
import { type Db, loadQueries, type RowOf, typed } from "@/sql/mod.ts";
import { RENDERED_PAGE } from "./users.ts";

const q = loadQueries(new URL("./glossary.sql", import.meta.url), {
  terms_by_keys: { params: ["_text"], columns: { id: "uuid", notationKey: "text", status: typed<TermStatus>("text") } },
  insert_proposals: { params: ["jsonb", "text?", "int8"], columns: { id: "uuid", notation: "text" } },
  get_term: {
    params: ["uuid"],
    columns: {
      id: "uuid",
      notation: "text",
      notationKey: "text",
      aliases: "_text",
      abbreviations: "_text",
      definition: "text",
      scope: "text?",
      status: typed<TermStatus>("text"),
      isActive: "bool",
      evidence: typed<Evidence[]>("jsonb"),
      proposedBy: "text?",
      version: "int8",
      doc: typed<Term>("json"),
    },
  },
  update_term: { params: ["uuid", "text", "text", "text", "_text", "_text", "text?", "bool", "int8"] },
  decide_term: { params: ["uuid", "text", "text", "int8"] },
  list_terms: { params: ["text?", "text?", "uuid?", "int4"], columns: { ...RENDERED_PAGE, lastId: "uuid?" } },
  matching_terms: {
    params: ["int8", "_text", "int8?", "uuid?", "int4"],
    columns: { ...RENDERED_PAGE, lastVersion: "int8?", lastId: "uuid?" },
  },
  dictionary: { columns: { id: "uuid", notation: "text", aliases: "_text", abbreviations: "_text" } },
  known_surfaces: { columns: { notation: "text", aliases: "_text", abbreviations: "_text" } },
  dictionary_version: { columns: { version: "text" } },
  pack_version: { columns: { version: "int8" } },
  pack_concepts: {
    params: ["_text", "int8"],
    columns: {
      id: "uuid",
      notation: "text",
      aliases: "_text",
      abbreviations: "_text",
      definition: "text",
      scope: "text?",
    },
  },
  pack_relations: { params: ["_text", "int8"], columns: { sourceId: "uuid", type: "text", targetId: "text" } },
  broader_path_exists: { params: ["uuid", "uuid"], columns: { found: "bool" } },
  insert_relation: { params: ["uuid", "text", "uuid?", "text?", "int8"], columns: { id: "uuid" } },
  delete_relation: { params: ["uuid", "int8"], columns: { id: "uuid" } },
  relations_of_term: {
    params: ["uuid"],
    columns: {
      id: "uuid",
      sourceId: "uuid",
      type: "text",
      targetId: "text",
      sourceNotation: "text",
      // The target is a term through a left join, or an outside reference with no notation.
      targetNotation: "text?",
    },
  },
});

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
export type TermRow = RowOf<typeof q.get_term>;

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
  return q.terms_by_keys(db, [keys]);
}

/** Inserts proposed terms; returns their ids and notations in order. */
export function insertProposals(
  db: Db,
  a: { proposals: NewProposal[]; portalId: string | null; version: number },
) {
  return q.insert_proposals(db, [a.proposals, a.portalId, a.version]);
}

/** One term, locked. */
export async function getTerm(db: Db, id: string): Promise<TermRow | undefined> {
  const [row] = await q.get_term(db, [id]);
  return row;
}

/** Writes a term's editable fields. */
export async function updateTerm(
  db: Db,
  a: {
    term: Pick<
      TermRow,
      "id" | "notation" | "notationKey" | "definition" | "aliases" | "abbreviations" | "scope" | "isActive"
    >;
    version: number;
  },
): Promise<void> {
  const t = a.term;
  await q.update_term(db, [
    t.id,
    t.notation,
    t.notationKey,
    t.definition,
    t.aliases,
    t.abbreviations,
    t.scope,
    t.isActive,
    a.version,
  ]);
}

/** Records a status decision. */
export async function decideTerm(
  db: Db,
  a: { id: string; status: TermStatus; decidedBy: string; version: number },
): Promise<void> {
  await q.decide_term(db, [a.id, a.status, a.decidedBy, a.version]);
}

/** One page of terms. */
export async function listTerms(
  db: Db,
  a: { status: TermStatus | null; like: string | null; afterId: string | null; limit: number },
) {
  const [row] = await q.list_terms(db, [a.status, a.like, a.afterId, a.limit]);
  return row;
}

/** One page of the matching dictionary. */
export async function matchingTerms(
  db: Db,
  a: { since: number; scopes: string[]; after: { version: number; id: string } | null; limit: number },
) {
  const [row] = await q.matching_terms(db, [a.since, a.scopes, a.after?.version ?? null, a.after?.id ?? null, a.limit]);
  return row;
}

/** Approved, active terms' surfaces. */
export function dictionary(db: Db) {
  return q.dictionary(db);
}

/** Every term's surfaces, whatever its status. */
export function knownSurfaces(db: Db) {
  return q.known_surfaces(db);
}

/** A fingerprint that changes whenever the matching dictionary does (and only then). */
export async function dictionaryVersion(db: Db): Promise<string> {
  const [row] = await q.dictionary_version(db);
  return row.version;
}

/** The version the ontology pack was last possibly changed at. */
export async function packVersion(db: Db): Promise<number> {
  const [row] = await q.pack_version(db);
  return row.version;
}

/** Approved, active concepts in the scopes. */
export function packConcepts(db: Db, a: { scopes: string[]; since: number }) {
  return q.pack_concepts(db, [a.scopes, a.since]);
}

/** Live relations among approved, active concepts in the scopes. */
export function packRelations(db: Db, a: { scopes: string[]; since: number }) {
  return q.pack_relations(db, [a.scopes, a.since]);
}

/** Whether `from` reaches `to` through broader steps. */
export async function broaderPathExists(db: Db, a: { from: string; to: string }): Promise<boolean> {
  const [row] = await q.broader_path_exists(db, [a.from, a.to]);
  return row.found;
}

/** Creates a relation; returns its id. */
export async function insertRelation(
  db: Db,
  a: {
    relation: { sourceId: string; type: string; targetTermId: string | null; targetRef: string | null };
    version: number;
  },
): Promise<string> {
  const r = a.relation;
  const [row] = await q.insert_relation(db, [r.sourceId, r.type, r.targetTermId, r.targetRef, a.version]);
  return row.id;
}

/** Tombstones a relation; false when absent. */
export async function deleteRelation(db: Db, a: { id: string; version: number }): Promise<boolean> {
  return (await q.delete_relation(db, [a.id, a.version])).length === 1;
}

/** The live relations a term takes part in. */
export function relationsOfTerm(db: Db, termId: string) {
  return q.relations_of_term(db, [termId]);
}
