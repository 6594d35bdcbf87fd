/**
 * `deno task eval-lexical`: offline quality of the Korean lexical legs on ../shared/eval-ko (dev split).
 * Ranks every passage in memory with BM25 and with simulations of PostgreSQL's ts_rank and
 * ts_rank_cd (OR queries), per leg and fused by RRF, and prints recall@5 and MRR@10 for each,
 * then the analyzer's throughput. It tells which ranking expression the SQL side should use.
 */
import { analyze, bigrams } from "@/domain/rag/mod.ts";

const EVAL_DIR = new URL("../../shared/eval-ko/", import.meta.url);

interface Passage {
  id: string;
  title: string;
  text: string;
}

interface Query {
  id: string;
  text: string;
  relevant_ids: string[];
}

function readJsonl<T>(name: string): T[] {
  return Deno.readTextFileSync(new URL(name, EVAL_DIR)).split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
}

/** recall@5 and MRR@10, exactly as eval-ko/README.md defines them. */
export function score(queries: Query[], ranked: Map<string, string[]>) {
  let r5 = 0, mrr = 0;
  for (const q of queries) {
    const rel = new Set(q.relevant_ids), top = ranked.get(q.id) ?? [];
    r5 += top.slice(0, 5).filter((id) => rel.has(id)).length / rel.size;
    const k = top.slice(0, 10).findIndex((id) => rel.has(id));
    if (k >= 0) mrr += 1 / (k + 1);
  }
  return { recallAt5: r5 / queries.length, mrrAt10: mrr / queries.length };
}

/** An inverted index of one leg: per lexeme, the documents and the 1-based positions in each. */
interface Index {
  postings: Map<string, Map<number, number[]>>;
  length: number[];
  unique: number[];
  avgLength: number;
}

function buildIndex(docs: string[][]): Index {
  const postings = new Map<string, Map<number, number[]>>();
  docs.forEach((lexemes, doc) => {
    lexemes.forEach((l, i) => {
      if (!postings.has(l)) postings.set(l, new Map());
      const inDoc = postings.get(l)!;
      inDoc.set(doc, [...inDoc.get(doc) ?? [], i + 1]);
    });
  });
  const length = docs.map((d) => d.length);
  const unique = docs.map((d) => new Set(d).size);
  return { postings, length, unique, avgLength: length.reduce((a, b) => a + b, 0) / docs.length };
}

/** Scores one document from its matched query lexemes and their positions. */
type Scorer = (matched: Map<string, number[]>, doc: number, index: Index, terms: string[]) => number;

function rank(index: Index, terms: string[], scorer: Scorer, limit: number): number[] {
  const matched = new Map<number, Map<string, number[]>>();
  for (const t of new Set(terms)) {
    for (const [doc, positions] of index.postings.get(t) ?? []) {
      if (!matched.has(doc)) matched.set(doc, new Map());
      matched.get(doc)!.set(t, positions);
    }
  }
  const scored = [...matched].map(([doc, m]) => ({ doc, s: scorer(m, doc, index, terms) }));
  // Ties go to corpus order, as `order by rank desc, id` would do with ids assigned at ingestion.
  scored.sort((a, b) => b.s - a.s || a.doc - b.doc);
  return scored.slice(0, limit).map((x) => x.doc);
}

/** BM25 with k1 = 1.2 and b = 0.75, the README's reference setting. */
const bm25: Scorer = (matched, doc, index) => {
  const n = index.length.length, norm = 1.2 * (1 - 0.75 + 0.75 * index.length[doc] / index.avgLength);
  let s = 0;
  for (const [t, positions] of matched) {
    const df = index.postings.get(t)!.size, tf = positions.length;
    s += Math.log(1 + (n - df + 0.5) / (df + 0.5)) * tf * 2.2 / (tf + norm);
  }
  return s;
};

// PostgreSQL's default weight for unlabelled (D) positions, and the bits of the normalization argument.
const WEIGHT_D = 0.1;
const POSITIONS_PER_LEXEME = 256;

/** ts_rank's calc_rank_or (tsrank.c): per matched lexeme, sum of w/i^2 over its positions, over |query|. */
function tsRankRaw(matched: Map<string, number[]>, terms: string[]): number {
  let s = 0;
  for (const positions of matched.values()) {
    let resj = 0;
    for (let j = 1; j <= Math.min(positions.length, POSITIONS_PER_LEXEME); j++) resj += WEIGHT_D / (j * j);
    s += resj / 1.64493406685;
  }
  return s / new Set(terms).size;
}

/**
 * ts_rank_cd for an OR query: every occurrence of a query lexeme is a one-position cover worth w.
 * Normalization 4 divides by the mean distance between neighbouring covers (NExtent / SumDist).
 */
function tsRankCdRaw(matched: Map<string, number[]>, flags: number): number {
  const covers = [...matched.values()].flatMap((p) => p.slice(0, POSITIONS_PER_LEXEME)).sort((a, b) => a - b);
  let s = WEIGHT_D * covers.length;
  const sumDist = covers.slice(1).reduce((acc, p, i) => p > covers[i] ? acc + 1 / (p - covers[i]) : acc, 0);
  if (flags & 4 && sumDist > 0) s /= covers.length / sumDist;
  return s;
}

/** The normalization bits of tsrank.c; ts_rank_cd divides by ln(length + 1), ts_rank by log2. */
function normalized(raw: number, doc: number, index: Index, flags: number, cd: boolean): number {
  let r = raw;
  const len = index.length[doc], uniq = index.unique[doc];
  if (flags & 1) r /= cd ? Math.log(len + 1) : Math.log2(len + 1);
  if (flags & 2) r /= len;
  if (flags & 8) r /= uniq;
  if (flags & 16) r /= Math.log2(uniq + 1);
  if (flags & 32) r /= r + 1;
  return r;
}

// Both return float4 in PostgreSQL; rounding makes the ties that `order by rank desc, id` sees.
const tsRank = (flags: number): Scorer => (m, doc, index, terms) =>
  Math.fround(normalized(tsRankRaw(m, terms), doc, index, flags, false));
const tsRankCd = (flags: number): Scorer => (m, doc, index) =>
  Math.fround(normalized(tsRankCdRaw(m, flags), doc, index, flags, true));

/** Reciprocal Rank Fusion of ranked lists with k = 60. */
function rrf(lists: number[][], k = 60): number[] {
  const s = new Map<number, number>();
  for (const list of lists) list.forEach((doc, i) => s.set(doc, (s.get(doc) ?? 0) + 1 / (k + i + 1)));
  return [...s].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([doc]) => doc);
}

/** One ranking function as SQL would spell it, with its in-memory scorer. */
type Ranker = [name: string, scorer: Scorer];

const RANKERS: Ranker[] = [
  ["BM25 (k1 1.2, b 0.75)", bm25],
  ...[0, 1, 2, 8, 16].map((n): Ranker => [`ts_rank(tsv, q, ${n})`, tsRank(n)]),
  ...[0, 1, 2, 4, 8, 16].map((n): Ranker => [`ts_rank_cd(tsv, q, ${n})`, tsRankCd(n)]),
];

/** Candidates each leg hands to the fusion, as `retrieval.candidateLimit` does. */
const CANDIDATES = 50;

type Metrics = { recallAt5: number; mrrAt10: number };

/** Each ranker's top passages per query for one leg; `doc` is what gets indexed of a passage. */
function legLists(data: EvalData, lexemes: (text: string) => string[], doc: (p: Passage) => string, rankers: Ranker[]) {
  const index = buildIndex(data.passages.map((p) => lexemes(doc(p))));
  const questions = data.queries.map((q) => lexemes(q.text));
  return new Map(rankers.map(([name, scorer]) => [name, questions.map((t) => rank(index, t, scorer, CANDIDATES))]));
}

interface EvalData {
  passages: Passage[];
  queries: Query[];
}

function metrics(data: EvalData, ranked: number[][]): Metrics {
  const ids = (i: number) => ranked[i].map((d) => data.passages[d].id);
  return score(data.queries, new Map(data.queries.map((q, i) => [q.id, ids(i)])));
}

const cell = (m: Metrics) => `${m.recallAt5.toFixed(3)} / ${m.mrrAt10.toFixed(3)}`;
const fuse = (a: number[][], b: number[][]) => a.map((list, i) => rrf([list, b[i]]));

/**
 * One Markdown table: per ranker, each leg alone and both fused; then BM25 words fused with the best
 * PostgreSQL-native bigram ranking. The first row is the same-run baseline, BM25 over whitespace tokens.
 */
function report(data: EvalData, doc: (p: Passage) => string, rankers: Ranker[]): string {
  const words = legLists(data, (t) => analyze(t), doc, rankers);
  const grams = legLists(data, (t) => bigrams(t), doc, rankers);
  const plain = legLists(data, (t) => t.split(/\s+/).filter((w) => w), doc, [rankers[0]]).get(rankers[0][0])!;
  const lines = [
    "| ranking (OR query) | words: analyze() | bigrams() | RRF(words, bigrams), k 60 |",
    "| --- | --- | --- | --- |",
    `| baseline: ${rankers[0][0]} over whitespace tokens | ${cell(metrics(data, plain))} | | |`,
  ];
  for (const [name] of rankers) {
    const w = words.get(name)!, g = grams.get(name)!;
    lines.push(
      `| ${name} | ${cell(metrics(data, w))} | ${cell(metrics(data, g))} | ${cell(metrics(data, fuse(w, g)))} |`,
    );
  }
  const native = rankers.filter(([name]) => name.startsWith("ts_rank")).map(([name]) => name);
  const best = native.sort((a, b) => metrics(data, grams.get(b)!).mrrAt10 - metrics(data, grams.get(a)!).mrrAt10)[0];
  const bm25Name = rankers[0][0];
  const mixed = fuse(words.get(bm25Name)!, grams.get(best)!);
  lines.push(`| words ${bm25Name} + bigrams ${best} | | | ${cell(metrics(data, mixed))} |`);
  return lines.join("\n");
}

/** Megabytes of UTF-8 text per second that `fn` turns into lexemes, best of three passes. */
function throughput(texts: string[], fn: (text: string) => string[]): number {
  const bytes = texts.reduce((n, t) => n + new TextEncoder().encode(t).length, 0);
  let best = Infinity;
  for (let pass = 0; pass < 3; pass++) {
    const start = performance.now();
    for (const t of texts) fn(t);
    best = Math.min(best, performance.now() - start);
  }
  return bytes / 1e6 / (best / 1000);
}

if (import.meta.main) {
  const data = { passages: readJsonl<Passage>("corpus.jsonl"), queries: readJsonl<Query>("queries.jsonl") };
  console.log(
    `eval-ko dev: ${data.passages.length} passages, ${data.queries.length} queries; ` +
      `cells are recall@5 / MRR@10; top ${CANDIDATES} per leg.\n\nPassage text only (as the README's reference numbers):\n`,
  );
  console.log(report(data, (p) => p.text, RANKERS));
  console.log("\nPassage title indexed with its text (what the service can do with a document's title):\n");
  console.log(
    report(data, (p) => `${p.title} ${p.text}`, RANKERS.filter(([n]) => /^BM25|ts_rank\(tsv, q, 1\)/.test(n))),
  );
  const texts = data.passages.map((p) => p.text);
  console.log(
    `\nthroughput on the corpus: analyze() ${throughput(texts, analyze).toFixed(1)} MB/s, ` +
      `bigrams() ${throughput(texts, bigrams).toFixed(1)} MB/s; baseline in the same run: ` +
      `whitespace split ${throughput(texts, (t) => t.split(/\s+/)).toFixed(1)} MB/s, ` +
      `NFKC alone ${throughput(texts, (t) => [t.normalize("NFKC")]).toFixed(1)} MB/s`,
  );
}
