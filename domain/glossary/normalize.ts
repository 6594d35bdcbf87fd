/**
 * The one way notations are compared: NFKC, case folding, removal of default-ignorable
 * characters (as Unicode's NFKC_Casefold does), and whitespace folding. The ledger keys
 * notation uniqueness on `normalizeNotation`, and the matcher folds content with
 * `foldText`, the same function applied cluster by cluster, so a notation and the text
 * that contains it fold alike and offsets can be mapped back to the original.
 */

/** A text after folding, with where each of its UTF-16 units came from in the original. */
export interface FoldedText {
  /** The folded text: the concatenation of every cluster's fold, whitespace runs as one space. */
  text: string;
  /** For each unit of `text`, the original offset where its cluster starts. */
  srcStart: Int32Array;
  /** For each unit of `text`, the original offset where its cluster (or whitespace run) ends. */
  srcEnd: Int32Array;
}

interface Folding {
  units: Uint16Array;
  srcStart: Int32Array;
  srcEnd: Int32Array;
  length: number;
  inSpace: boolean;
}

const SPACE = 0x20;
const KNOWN = 1;
const CONTINUES = 2;
const STABLE = 4;
const WHITESPACE = 8;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
// Dotted capital I and dotless small i fold to plain i whatever the locale, so APİ and apı are API.
const TURKISH_I = /[\u0130\u0131]/g;
const ONLY_WHITESPACE = /^\p{White_Space}+$/u;
const MARK = /^\p{M}$/u;
const CACHE_LIMIT = 20_000;

// Facts about each BMP code unit, filled on first sight: most text repeats few of them.
const info = new Uint8Array(0x10000);
const singleFold: string[] = [];
const clusterFold = new Map<string, string>();
// Notations are short and many: folding them reuses one buffer instead of allocating three.
const scratch = newFolding(256);

/** The canonical key of a notation: NFKC, case-folded, whitespace runs as one space, trimmed. */
export function normalizeNotation(s: string): string {
  if (isFolded(s)) return s;
  scratch.length = 0;
  scratch.inSpace = false;
  foldInto(scratch, s);
  let from = 0;
  let to = scratch.length;
  while (from < to && scratch.units[from] === SPACE) from++;
  while (to > from && scratch.units[to - 1] === SPACE) to--;
  return unitsToString(scratch.units, from, to);
}

/** Folds a whole text the way `normalizeNotation` folds a notation, keeping offsets to the original. */
export function foldText(text: string): FoldedText {
  const f = newFolding(text.length + 16);
  foldInto(f, text);
  return { text: unitsToString(f.units, 0, f.length), srcStart: f.srcStart, srcEnd: f.srcEnd };
}

function newFolding(size: number): Folding {
  const units = new Uint16Array(size);
  return { units, srcStart: new Int32Array(size), srcEnd: new Int32Array(size), length: 0, inSpace: false };
}

function foldInto(f: Folding, text: string): void {
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const bits = info[c] || facts(c);
    // The common case, a character that folds to itself and starts no cluster, inline.
    if ((bits & STABLE) !== 0 && (c < 0xd800 || c > 0xdbff) && !continuesAt(text, i + 1)) {
      if (f.length === f.units.length) grow(f);
      f.units[f.length] = c;
      f.srcStart[f.length] = i;
      f.srcEnd[f.length++] = ++i;
      f.inSpace = false;
      continue;
    }
    const end = clusterEnd(text, i);
    if (end === i + 1) emitUnit(f, c, i);
    else emitFold(f, foldCluster(text.slice(i, end)), i, end);
    i = end;
  }
}

// Whether `s` is its own fold: every character folds to itself alone, spaces single and inside.
function isFolded(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === SPACE) {
      if (i === 0 || i === s.length - 1 || s.charCodeAt(i - 1) === SPACE) return false;
    } else if (((info[c] || facts(c)) & (STABLE | CONTINUES)) !== STABLE || (c >= 0xd800 && c <= 0xdfff)) return false;
  }
  return true;
}

function continuesAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (!(c >= 0x300)) return false;
  if (c >= 0xd800 && c <= 0xdbff) return isPairAt(text, i) && MARK.test(text.slice(i, i + 2));
  return ((info[c] || facts(c)) & CONTINUES) !== 0;
}

// NFKC composes a base with the marks (and Hangul medial and final jamo) after it, so
// those are folded together; everything else folds on its own, which is what lets the
// fold of a substring equal the substring of the fold.
function clusterEnd(text: string, i: number): number {
  let j = isPairAt(text, i) ? i + 2 : i + 1;
  while (continuesAt(text, j)) j += isPairAt(text, j) ? 2 : 1;
  return j;
}

function isPairAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0xd800 || c > 0xdbff) return false;
  const d = text.charCodeAt(i + 1);
  return d >= 0xdc00 && d <= 0xdfff;
}

function facts(c: number): number {
  const known = info[c];
  if (known) return known;
  const ch = String.fromCharCode(c);
  const folded = foldCluster(ch);
  let bits = KNOWN;
  if (MARK.test(ch) || (c >= 0x1160 && c < 0x1200) || (c >= 0xd7b0 && c < 0xd800) || c === 0xff9e || c === 0xff9f) {
    bits |= CONTINUES;
  }
  if (ONLY_WHITESPACE.test(folded)) bits |= WHITESPACE;
  else if (folded === ch) bits |= STABLE;
  else singleFold[c] = folded;
  info[c] = bits;
  return bits;
}

function foldCluster(cluster: string): string {
  const cached = clusterFold.get(cluster);
  if (cached !== undefined) return cached;
  const compat = cluster.normalize("NFKC").replace(IGNORABLE, "").replace(TURKISH_I, "i");
  // Upper then lower approximates full case folding: ß and ẞ become ss, ς becomes σ.
  const folded = compat.toUpperCase().toLowerCase().normalize("NFKC");
  if (clusterFold.size >= CACHE_LIMIT) clusterFold.clear();
  clusterFold.set(cluster, folded);
  return folded;
}

function emitUnit(f: Folding, c: number, at: number): void {
  const bits = facts(c);
  if (bits & STABLE) push(f, c, at, at + 1);
  else if (bits & WHITESPACE) push(f, SPACE, at, at + 1);
  else emitFold(f, singleFold[c], at, at + 1);
}

function emitFold(f: Folding, folded: string, from: number, to: number): void {
  if (folded.length === 0) return;
  if (ONLY_WHITESPACE.test(folded)) push(f, SPACE, from, to);
  else for (let k = 0; k < folded.length; k++) push(f, folded.charCodeAt(k), from, to);
}

function push(f: Folding, unit: number, from: number, to: number): void {
  if (unit === SPACE) {
    if (f.inSpace) {
      f.srcEnd[f.length - 1] = to;
      return;
    }
    f.inSpace = true;
  } else f.inSpace = false;
  if (f.length === f.units.length) grow(f);
  f.units[f.length] = unit;
  f.srcStart[f.length] = from;
  f.srcEnd[f.length] = to;
  f.length++;
}

function grow(f: Folding): void {
  const size = f.units.length * 2;
  const units = new Uint16Array(size);
  const srcStart = new Int32Array(size);
  const srcEnd = new Int32Array(size);
  units.set(f.units);
  srcStart.set(f.srcStart);
  srcEnd.set(f.srcEnd);
  f.units = units;
  f.srcStart = srcStart;
  f.srcEnd = srcEnd;
}

// Concatenation is quickest for a notation, `apply` on chunks for a document (spread is ten times slower).
function unitsToString(units: Uint16Array, from: number, to: number): string {
  if (to - from <= 64) {
    let s = "";
    for (let i = from; i < to; i++) s += String.fromCharCode(units[i]);
    return s;
  }
  const parts: string[] = [];
  for (let at = from; at < to; at += 8192) {
    const chunk = units.subarray(at, Math.min(to, at + 8192));
    parts.push(String.fromCharCode.apply(null, chunk as unknown as number[]));
  }
  return parts.join("");
}
