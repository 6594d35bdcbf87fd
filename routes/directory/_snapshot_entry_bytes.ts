/**
 * The fast path of a snapshot entry: reads the raw bytes of one ordinary entry and writes its canonical
 * assignments (the exact bytes of `canonicalAssignments`) without decoding, parsing into objects or encoding
 * again. Parsing, validating and re-encoding 100,000 entries through JSON.parse and objects was most of a
 * publication's time, a third of it collecting their garbage.
 *
 * It takes only what it can read with certainty: whitespace anywhere, members in any order, strings without
 * escapes whose characters are valid UTF-8 in the Basic Multilingual Plane (so byte order is the UTF-16 order
 * the canonical sort uses, and a character is one UTF-16 unit for the length limits). Anything else (escapes,
 * other characters, unknown or repeated members, wrong types, limits exceeded) returns null and goes the slow
 * way: JSON.parse and the schema, which then accept it or say precisely what is wrong. A test holds the two
 * paths to the same answer. The canonical order and JSON are not written here: both follow the declarations of
 * domain/directory/canonical_assignments.ts (bytes compare as the UTF-16 units of their characters here).
 */
import {
  ASSIGNMENT_KINDS,
  CANONICAL_MEMBERS,
  CANONICAL_ORDER,
  schemas,
  type SnapshotEntry,
} from "@/domain/directory/mod.ts";

const { MAX_ASSIGNMENTS } = schemas;
const QUOTE = 0x22, BACKSLASH = 0x5c, COLON = 0x3a, COMMA = 0x2c;
const LBRACE = 0x7b, RBRACE = 0x7d, LBRACKET = 0x5b, RBRACKET = 0x5d;
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const KINDS = ASSIGNMENT_KINDS.map(ascii);
const NULL = ascii("null");
const USER_ID = ascii("userId"), ASSIGNMENTS = ascii("assignments");
const KIND = ascii("kind"), KEY = ascii("key"), LABEL = ascii("label"), SCOPE = ascii("scope");
const KIND_JSON = ASSIGNMENT_KINDS.map((k) => ascii(`"${k}"`));
/** Hex digit values, -1 for other bytes. */
const HEX = new Int8Array(256).fill(-1);
for (let i = 0; i < 16; i++) {
  HEX["0123456789abcdef".charCodeAt(i)] = i;
  HEX["0123456789ABCDEF".charCodeAt(i)] = i;
}
/** The user ID's character codes, lower case, on their way to a string. */
const idCodes: number[] = new Array(36).fill(0);
/** Canonical bytes are written into this block until it is full; each entry holds a view of its part. */
let arena = new Uint8Array(0), arenaAt = 0;

// One entry's assignments as offsets into its bytes; a scope start of -1 is null.
const kind = new Int32Array(MAX_ASSIGNMENTS);
const keyAt = new Int32Array(MAX_ASSIGNMENTS), keyEnd = new Int32Array(MAX_ASSIGNMENTS);
const labelAt = new Int32Array(MAX_ASSIGNMENTS), labelEnd = new Int32Array(MAX_ASSIGNMENTS);
const scopeAt = new Int32Array(MAX_ASSIGNMENTS), scopeEnd = new Int32Array(MAX_ASSIGNMENTS);

/** Where the last string read ended (its closing quote) and how many UTF-16 units it held. */
let stringEnd = 0, stringUnits = 0;

function skipSpace(b: Uint8Array, p: number): number {
  for (let c = b[p]; c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09; c = b[++p]);
  return p;
}

/**
 * Reads a string whose opening quote is at `p`; false for an escape, a control character, a character
 * outside the Basic Multilingual Plane or bytes that are not UTF-8. Sets stringEnd and stringUnits.
 */
function readString(b: Uint8Array, p: number): boolean {
  if (b[p] !== QUOTE) return false;
  let units = 0;
  for (p++;; units++) {
    const c = b[p];
    if (c === QUOTE) break;
    if (c < 0x80) {
      if (c < 0x20 || c === BACKSLASH) return false;
      p++;
    } else if (c >= 0xc2 && c <= 0xdf) {
      if ((b[p + 1] & 0xc0) !== 0x80) return false;
      p += 2;
    } else if (c >= 0xe0 && c <= 0xef) {
      const c1 = b[p + 1];
      // E0 needs A0-BF (no overlong forms); ED needs 80-9F (no surrogates).
      const low = c === 0xe0 ? 0xa0 : 0x80, high = c === 0xed ? 0x9f : 0xbf;
      if (!(c1 >= low && c1 <= high) || (b[p + 2] & 0xc0) !== 0x80) return false;
      p += 3;
    } else return false; // four-byte characters, stray continuation bytes, the end of the bytes
  }
  stringEnd = p;
  stringUnits = units;
  return true;
}

/** Whether the bytes from `p` to `end` (exclusive) are `word`. */
function equals(b: Uint8Array, p: number, end: number, word: Uint8Array): boolean {
  if (end - p !== word.length) return false;
  for (let i = 0; i < word.length; i++) if (b[p + i] !== word[i]) return false;
  return true;
}

function compareBytes(b: Uint8Array, x: number, xEnd: number, y: number, yEnd: number): number {
  const n = Math.min(xEnd - x, yEnd - y);
  for (let i = 0; i < n; i++) {
    const d = b[x + i] - b[y + i];
    if (d !== 0) return d;
  }
  return (xEnd - x) - (yEnd - y);
}

/** Where each text field of the slots is: its start and end arrays (a start of -1 is an absent scope). */
const TEXT = {
  key: { at: keyAt, end: keyEnd },
  label: { at: labelAt, end: labelEnd },
  scope: { at: scopeAt, end: scopeEnd },
} as const;
const ORDER = CANONICAL_ORDER.map((field) => field === "kind" ? null : TEXT[field]);

/** The canonical order of slots `i` and `j`, field by field as CANONICAL_ORDER lists them. */
function compare(b: Uint8Array, i: number, j: number): number {
  for (let k = 0; k < ORDER.length; k++) {
    const f = ORDER[k];
    let d: number;
    if (f === null) d = kind[i] - kind[j];
    else {
      const x = f.at[i], y = f.at[j];
      d = x < 0 || y < 0 ? (x < 0 ? 0 : 1) - (y < 0 ? 0 : 1) : compareBytes(b, x, f.end[i], y, f.end[j]);
    }
    if (d !== 0) return d;
  }
  return 0;
}

/** Reads one assignment object at `p` into slot `n`; returns the index after it, or -1. */
function readAssignment(b: Uint8Array, p: number, n: number): number {
  if (b[p] !== LBRACE) return -1;
  let seen = 0; // bits: kind 1, key 2, label 4, scope 8
  scopeAt[n] = -1;
  p = skipSpace(b, p + 1);
  for (;;) {
    if (!readString(b, p)) return -1;
    const name = p + 1, nameEnd = stringEnd;
    p = skipSpace(b, stringEnd + 1);
    if (b[p] !== COLON) return -1;
    p = skipSpace(b, p + 1);
    let bit: number;
    if (equals(b, name, nameEnd, SCOPE) && b[p] !== QUOTE) {
      if (!equals(b, p, p + 4, NULL)) return -1;
      p += 4;
      bit = 8;
    } else {
      if (!readString(b, p)) return -1;
      const at = p + 1, end = stringEnd, units = stringUnits;
      p = stringEnd + 1;
      if (equals(b, name, nameEnd, KIND)) {
        let k = 0;
        while (k < KINDS.length && !equals(b, at, end, KINDS[k])) k++;
        if (k === KINDS.length) return -1;
        kind[n] = k;
        bit = 1;
      } else if (equals(b, name, nameEnd, KEY)) {
        if (units < 1 || units > 300) return -1;
        keyAt[n] = at, keyEnd[n] = end, bit = 2;
      } else if (equals(b, name, nameEnd, LABEL)) {
        if (units < 1 || units > 500) return -1;
        labelAt[n] = at, labelEnd[n] = end, bit = 4;
      } else if (equals(b, name, nameEnd, SCOPE)) {
        if (units > 500) return -1;
        scopeAt[n] = at, scopeEnd[n] = end, bit = 8;
      } else return -1;
    }
    if (seen & bit) return -1;
    seen |= bit;
    p = skipSpace(b, p);
    if (b[p] === RBRACE) return (seen & 7) === 7 ? p + 1 : -1;
    if (b[p] !== COMMA) return -1;
    p = skipSpace(b, p + 1);
  }
}

/** The user ID at `p` (the 36 characters inside its quotes), lower case, or null unless a UUID of the schema. */
function readUserId(b: Uint8Array, p: number): string | null {
  if (b[p] !== QUOTE || b[p + 37] !== QUOTE) return null;
  for (let i = 0; i < 36; i++) {
    const c = b[p + 1 + i];
    if (i === 8 || i === 13 || i === 18 || i === 23 ? c !== 0x2d : HEX[c] < 0) return null;
    idCodes[i] = c >= 0x41 && c <= 0x46 ? c + 0x20 : c;
  }
  const version = HEX[b[p + 15]], variant = HEX[b[p + 20]];
  if (version < 1 || version > 8 || variant < 8 || variant > 11) return null;
  return String.fromCharCode.apply(null, idCodes);
}

/** Copies bytes `from`..`to` of `b` into `out` at `at`; returns the index after them. */
function put(out: Uint8Array, at: number, b: Uint8Array, from: number, to: number): number {
  for (let i = from; i < to; i++) out[at++] = b[i];
  return at;
}

/** Each member of an assignment's JSON as CANONICAL_MEMBERS orders them: the bytes before its value, and where it is. */
const MEMBERS = CANONICAL_MEMBERS.map((member, i) => ({
  before: ascii(`${i === 0 ? "{" : ","}"${member}":`),
  text: member === "kind" ? null : TEXT[member],
}));
/** The bytes of an assignment's JSON besides its values, its key's and label's quotes and its closing brace. */
const FIXED = MEMBERS.reduce((n, m) => n + m.before.length, 0) + 4 + 1;

/** Writes the first `n` assignments read, sorted and without repeats, as canonical JSON. */
function canonical(b: Uint8Array, n: number): { bytes: Uint8Array; count: number } {
  const list: number[] = [];
  for (let i = 0; i < n; i++) list.push(i);
  list.sort((i, j) => compare(b, i, j));
  let size = 2;
  for (const i of list) {
    size += FIXED + KIND_JSON[kind[i]].length + (keyEnd[i] - keyAt[i]) + (labelEnd[i] - labelAt[i]) +
      (scopeAt[i] < 0 ? NULL.length : scopeEnd[i] - scopeAt[i] + 2) + 1;
  }
  if (arena.length - arenaAt < size) arena = new Uint8Array(Math.max(size, 1 << 20)), arenaAt = 0;
  const out = arena;
  const start = arenaAt;
  let at = start, count = 0;
  out[at++] = LBRACKET;
  for (let x = 0; x < n; x++) {
    const i = list[x];
    if (x > 0 && compare(b, list[x - 1], i) === 0) continue;
    if (count++ > 0) out[at++] = COMMA;
    for (let k = 0; k < MEMBERS.length; k++) {
      const m = MEMBERS[k];
      at = put(out, at, m.before, 0, m.before.length);
      if (m.text === null) at = put(out, at, KIND_JSON[kind[i]], 0, KIND_JSON[kind[i]].length);
      else if (m.text.at[i] < 0) at = put(out, at, NULL, 0, NULL.length);
      else {
        out[at++] = QUOTE;
        at = put(out, at, b, m.text.at[i], m.text.end[i]);
        out[at++] = QUOTE;
      }
    }
    out[at++] = RBRACE;
  }
  out[at++] = RBRACKET;
  arenaAt = at;
  return { bytes: out.subarray(start, at), count };
}

/** Reads one entry's bytes (an object, as the body reader cut it out); null when it is not an ordinary one. */
export function entryFromBytes(b: Uint8Array): SnapshotEntry | null {
  let userId: string | null = null;
  let assignments = -1; // how many were read; -1 until the member is seen
  let p = skipSpace(b, 0);
  if (b[p] !== LBRACE) return null;
  p = skipSpace(b, p + 1);
  for (;;) {
    if (!readString(b, p)) return null;
    const name = p + 1, nameEnd = stringEnd;
    p = skipSpace(b, stringEnd + 1);
    if (b[p] !== COLON) return null;
    p = skipSpace(b, p + 1);
    if (equals(b, name, nameEnd, USER_ID) && userId === null) {
      userId = readUserId(b, p);
      if (userId === null) return null;
      p += 38;
    } else if (equals(b, name, nameEnd, ASSIGNMENTS) && assignments < 0) {
      if (b[p] !== LBRACKET) return null;
      assignments = 0;
      p = skipSpace(b, p + 1);
      if (b[p] === RBRACKET) p++;
      else {
        for (;;) {
          if (assignments === MAX_ASSIGNMENTS) return null;
          p = readAssignment(b, p, assignments++);
          if (p < 0) return null;
          p = skipSpace(b, p);
          if (b[p] === RBRACKET) break;
          if (b[p] !== COMMA) return null;
          p = skipSpace(b, p + 1);
        }
        p++;
      }
    } else return null;
    p = skipSpace(b, p);
    if (b[p] === RBRACE) break;
    if (b[p] !== COMMA) return null;
    p = skipSpace(b, p + 1);
  }
  if (userId === null || assignments < 0 || skipSpace(b, p + 1) !== b.length) return null;
  const { bytes, count } = canonical(b, assignments);
  return { userId, assignments: bytes, count };
}
