/**
 * Finds a glossary's terms in a text with one Aho-Corasick automaton over folded UTF-16
 * units, built once per dictionary version. Transitions live in one open-addressing hash
 * of typed arrays (plus a dense table for the root, where most steps land), so a scan
 * costs a few array reads per unit whatever the dictionary's size. Every occurrence the
 * automaton reports is checked against cluster and word boundaries (word_boundary.ts);
 * of those that pass, the longest at each start wins, and the text is read left to right
 * so a chosen occurrence hides every other that overlaps it (leftmost-longest).
 */
import { type FoldedText, foldText, normalizeNotation } from "./normalize.ts";
import { isWordEnd, isWordStart } from "./word_boundary.ts";

/** One surface of a term: its notation, an alias or an abbreviation. */
export interface TermSurface {
  termId: string;
  surface: string;
}

/** A term found in a text; `start` and `end` are UTF-16 offsets into the original text, end exclusive. */
export interface TermMatch {
  termId: string;
  /** The dictionary surface that matched, as it was given to `buildMatcher`. */
  surface: string;
  start: number;
  end: number;
}

/** A dictionary compiled once, then used to find its terms in any number of texts. */
export interface TermMatcher {
  /** How many distinct folded surfaces the automaton holds. */
  readonly patterns: number;
  /**
   * The leftmost-longest, non-overlapping occurrences in `text`, in text order. A surface
   * that several terms share yields one match per term at the same offsets.
   */
  find(text: string): TermMatch[];
}

/** Open addressing with linear probing; a slot is three ints side by side so a probe reads one cache line. */
interface EdgeTable {
  shift: number;
  mask: number;
  /** Per slot: source node + 1 (0 marks an empty slot), unit, target node. */
  slots: Int32Array;
}

interface Trie {
  nodes: number;
  edges: EdgeTable;
  firstChild: Int32Array;
  nextSibling: Int32Array;
  unitOf: Uint16Array;
  output: Int32Array;
}

/** The terms each pattern stands for: the first to bring its surface, then any others that share it. */
interface Owners {
  first: TermSurface[];
  more: Map<number, TermSurface[]>;
}

interface Automaton {
  rootNext: Int32Array;
  edges: EdgeTable;
  fail: Int32Array;
  /** The pattern that ends at a node, or -1. */
  output: Int32Array;
  /** The nearest node on a node's failure chain that has an output, or -1. */
  dict: Int32Array;
  patternLength: Int32Array;
}

/** Compiles every surface (folded with `normalizeNotation`) into one automaton; empty surfaces are ignored. */
export function buildMatcher(entries: Iterable<TermSurface>): TermMatcher {
  const { keys, sources } = foldSurfaces(entries);
  const trie = newTrie(keys.reduce((n, key) => n + key.length, 1));
  const owners: Owners = { first: [], more: new Map() };
  const lengths: number[] = [];
  keys.forEach((key, i) => {
    const node = insert(trie, key);
    if (trie.output[node] < 0) {
      trie.output[node] = owners.first.push(sources[i]) - 1;
      lengths.push(key.length);
    } else addOwner(owners, trie.output[node], sources[i]);
  });
  const automaton: Automaton = {
    rootNext: rootTable(trie),
    edges: trie.edges,
    fail: new Int32Array(trie.nodes),
    output: trie.output,
    dict: new Int32Array(trie.nodes).fill(-1),
    patternLength: Int32Array.from(lengths),
  };
  linkFailures(trie, automaton);
  return {
    patterns: lengths.length,
    find(text) {
      const folded = foldText(text);
      return select(folded, scan(automaton, folded), owners);
    },
  };
}

function foldSurfaces(entries: Iterable<TermSurface>): { keys: string[]; sources: TermSurface[] } {
  const keys: string[] = [];
  const sources: TermSurface[] = [];
  for (const entry of entries) {
    const key = normalizeNotation(entry.surface);
    if (key.length === 0) continue;
    keys.push(key);
    sources.push(entry);
  }
  return { keys, sources };
}

// A surface shared by several terms is rare (an ambiguous abbreviation), so only those get a list.
function addOwner(owners: Owners, pattern: number, entry: TermSurface): void {
  const all = [owners.first[pattern], ...owners.more.get(pattern) ?? []];
  if (all.some((o) => o.termId === entry.termId)) return;
  owners.more.set(pattern, [...all.slice(1), entry]);
}

function newTrie(capacity: number): Trie {
  return {
    nodes: 1,
    edges: edgeTable(capacity * 1.5),
    firstChild: new Int32Array(capacity).fill(-1),
    nextSibling: new Int32Array(capacity).fill(-1),
    unitOf: new Uint16Array(capacity),
    output: new Int32Array(capacity).fill(-1),
  };
}

function insert(trie: Trie, key: string): number {
  let node = 0;
  let k = 0;
  for (; k < key.length; k++) {
    const next = edgeGet(trie.edges, node, key.charCodeAt(k));
    if (next < 0) break;
    node = next;
  }
  // Past the first new node every node is new: no lookup needed.
  for (; k < key.length; k++) node = addChild(trie, node, key.charCodeAt(k));
  return node;
}

function addChild(trie: Trie, node: number, unit: number): number {
  const child = trie.nodes++;
  edgeSet(trie.edges, node, unit, child);
  trie.unitOf[child] = unit;
  trie.nextSibling[child] = trie.firstChild[node];
  trie.firstChild[node] = child;
  return child;
}

function rootTable(trie: Trie): Int32Array {
  const table = new Int32Array(0x10000).fill(-1);
  for (let c = trie.firstChild[0]; c >= 0; c = trie.nextSibling[c]) table[trie.unitOf[c]] = c;
  return table;
}

// Breadth first, so a node's failure target (always shallower) is linked before the node.
function linkFailures(trie: Trie, a: Automaton): void {
  const queue = new Int32Array(trie.nodes);
  let tail = 0;
  for (let c = trie.firstChild[0]; c >= 0; c = trie.nextSibling[c]) queue[tail++] = c;
  for (let head = 0; head < tail; head++) {
    const u = queue[head];
    for (let v = trie.firstChild[u]; v >= 0; v = trie.nextSibling[v]) {
      const f = u === 0 ? 0 : stepFrom(a, a.fail[u], trie.unitOf[v]);
      a.fail[v] = f;
      a.dict[v] = a.output[f] >= 0 ? f : a.dict[f];
      queue[tail++] = v;
    }
  }
}

function stepFrom(a: Automaton, state: number, unit: number): number {
  for (;;) {
    const next = state === 0 ? a.rootNext[unit] : edgeGet(a.edges, state, unit);
    if (next >= 0) return next;
    if (state === 0) return 0;
    state = a.fail[state];
  }
}

// For each folded offset, the longest pattern that starts there and passes the boundary checks.
function scan(a: Automaton, folded: FoldedText): { length: Int32Array; pattern: Int32Array } {
  const text = folded.text;
  const length = new Int32Array(text.length);
  const pattern = new Int32Array(text.length);
  let state = 0;
  for (let i = 0; i < text.length; i++) {
    state = stepFrom(a, state, text.charCodeAt(i));
    for (let v = a.output[state] >= 0 ? state : a.dict[state]; v >= 0; v = a.dict[v]) {
      const p = a.output[v];
      const len = a.patternLength[p];
      const start = i + 1 - len;
      if (len > length[start] && isOccurrence(folded, start, i + 1)) {
        length[start] = len;
        pattern[start] = p;
      }
    }
  }
  return { length, pattern };
}

/** Whether folded `[start, end)` is a whole-cluster, whole-word occurrence (particles allowed after it). */
export function isOccurrence(folded: FoldedText, start: number, end: number): boolean {
  const { srcStart, text } = folded;
  if (start > 0 && srcStart[start] === srcStart[start - 1]) return false;
  if (end < text.length && srcStart[end] === srcStart[end - 1]) return false;
  return isWordStart(text, start) && isWordEnd(text, end);
}

function select(folded: FoldedText, best: { length: Int32Array; pattern: Int32Array }, owners: Owners): TermMatch[] {
  const matches: TermMatch[] = [];
  for (let s = 0; s < best.length.length;) {
    const len = best.length[s];
    if (len === 0) {
      s++;
      continue;
    }
    const start = folded.srcStart[s];
    const end = folded.srcEnd[s + len - 1];
    const p = best.pattern[s];
    const first = owners.first[p];
    matches.push({ termId: first.termId, surface: first.surface, start, end });
    for (const o of owners.more.get(p) ?? []) matches.push({ termId: o.termId, surface: o.surface, start, end });
    s += len;
  }
  return matches;
}

function edgeTable(minSlots: number): EdgeTable {
  const bits = Math.max(4, Math.ceil(Math.log2(minSlots)));
  return { shift: 32 - bits, mask: 2 ** bits - 1, slots: new Int32Array(3 * 2 ** bits) };
}

function edgeSlot(t: EdgeTable, node: number, unit: number): number {
  return (Math.imul(node, 0x9e3779b1) ^ Math.imul(unit + 1, 0x85ebca77)) >>> t.shift;
}

function edgeGet(t: EdgeTable, node: number, unit: number): number {
  const slots = t.slots;
  for (let h = edgeSlot(t, node, unit);; h = (h + 1) & t.mask) {
    const owner = slots[3 * h];
    if (owner === 0) return -1;
    if (owner === node + 1 && slots[3 * h + 1] === unit) return slots[3 * h + 2];
  }
}

function edgeSet(t: EdgeTable, node: number, unit: number, target: number): void {
  let h = edgeSlot(t, node, unit);
  while (t.slots[3 * h] !== 0) h = (h + 1) & t.mask;
  t.slots[3 * h] = node + 1;
  t.slots[3 * h + 1] = unit;
  t.slots[3 * h + 2] = target;
}
