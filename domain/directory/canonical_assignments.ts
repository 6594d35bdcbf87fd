/**
 * The canonical form of a snapshot entry's assignments, so that equal sets are equal bytes (the changes view and
 * the storage rely on it). The rule is declared here once, as data: the kinds' order, the fields the order
 * compares in turn, and the members of an assignment's JSON. Two writers follow it: `canonicalAssignments` over
 * decoded strings, and the snapshot body's byte-level fast path (routes/directory/_snapshot_entry_bytes.ts),
 * which compares and copies an entry's UTF-8 bytes without decoding them (three times faster on ordinary
 * entries); tests/unit/snapshot_entry_test.ts holds the two to the same bytes.
 */

/** The assignment kinds, in canonical order. */
export const ASSIGNMENT_KINDS = ["GROUP", "ROLE", "PERMISSION"] as const;

/** An assignment as stored: scope is null when the portal gave none. */
export interface Assignment {
  kind: typeof ASSIGNMENT_KINDS[number];
  key: string;
  label: string;
  scope: string | null;
}

/**
 * The canonical order: these fields compared in turn, a kind by its place in ASSIGNMENT_KINDS, a text by its
 * UTF-16 code units, and an absent (null) scope before any scope, the empty one included, so the order is total.
 * Assignments equal in all of them are one: the canonical form keeps it once.
 */
export const CANONICAL_ORDER = ["kind", "key", "scope", "label"] as const satisfies readonly (keyof Assignment)[];

/** The members of an assignment's canonical JSON, in order; each is always written, an absent scope as null. */
export const CANONICAL_MEMBERS = ["kind", "key", "label", "scope"] as const satisfies readonly (keyof Assignment)[];

const RANK = new Map<string, number>(ASSIGNMENT_KINDS.map((k, i) => [k, i]));

function compareField(field: typeof CANONICAL_ORDER[number], x: Assignment, y: Assignment): number {
  if (field === "kind") return RANK.get(x.kind)! - RANK.get(y.kind)!;
  const a = x[field], b = y[field];
  if (a === null || b === null) return (a === null ? 0 : 1) - (b === null ? 0 : 1);
  return a < b ? -1 : a > b ? 1 : 0;
}

function compare(x: Assignment, y: Assignment): number {
  for (const field of CANONICAL_ORDER) {
    const d = compareField(field, x, y);
    if (d !== 0) return d;
  }
  return 0;
}

// deno-lint-ignore no-control-regex -- control characters are exactly what JSON must escape
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
/** A JSON string literal: most keys and labels need no escape, and skipping JSON.stringify halves the cost. */
const quoted = (s: string) => NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;

function elementText(a: Assignment): string {
  let text = "";
  for (const member of CANONICAL_MEMBERS) {
    const value = a[member];
    text += `${text === "" ? "{" : ","}"${member}":${value === null ? "null" : quoted(value)}`;
  }
  return text + "}";
}

/** Sorts and deduplicates assignments into their canonical JSON text; `count` is how many remain. */
export function canonicalAssignments(
  list: Array<Omit<Assignment, "scope"> & { scope?: string | null }>,
): { json: string; count: number } {
  const items: Assignment[] = list.map((a) => ({ kind: a.kind, key: a.key, label: a.label, scope: a.scope ?? null }));
  items.sort(compare);
  let json = "[";
  let count = 0;
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && compare(items[i - 1], items[i]) === 0) continue;
    json += (count++ === 0 ? "" : ",") + elementText(items[i]);
  }
  return { json: json + "]", count };
}
