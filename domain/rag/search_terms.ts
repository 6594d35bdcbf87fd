/**
 * Which question terms the lexical legs read chunks by (issue 17). Scoring every chunk that holds any
 * question term is linear in the corpus, because common lexemes and bigrams match most of it. A leg
 * reads the chunks holding its rarest terms instead, taking terms from the rarest up while the chunks
 * they match (their document frequencies, summed: an upper bound) stay within a budget, and always the
 * rarest one; the statement then scores those chunks with every term, common ones included. Document
 * frequencies are the caller's own (search_statistics: sums over the classes it may see), so what an
 * invisible chunk holds changes neither a score nor which terms are read. A caller who sees few chunks is
 * served by testing each of them with every term instead (scansVisible).
 */
import { compactSearchStats, type HybridQuery, type SearchScope, searchStatistics } from "@/sql/rag/search.ts";
import { type PrincipalTx, withSystem } from "@/sql/rag/session.ts";
import type { RagContext } from "./context.ts";
import { toTsqueryText } from "./text/korean.ts";

/**
 * The matches a lexical leg may read, in document frequencies summed over its candidate terms: 20 times
 * the leg's length, at least 1,000. Measured at 100,000 chunks (bench/RESULTS.md): the text leg's ten best
 * were those of reading by every term for every question at 1% and 10% visibility and for 16 or 17 of 20 at
 * 100%; on eval-ko an unlimited budget gave the same recall and MRR.
 */
export function matchBudget(candidates: number): number {
  return Math.max(1000, 20 * candidates);
}

/**
 * Whether the lexical legs test each of the caller's `visible` chunks with every question term instead of
 * reading the candidate terms' index entries: their posting lists hold every organization's chunks, so for a
 * caller who sees little they cost more than the caller's whole share. Up to twice the match budget.
 */
export function scansVisible(visible: number, budget: number): boolean {
  return visible <= 2 * budget;
}

/** The terms to read chunks by: the rarest first while their summed frequencies stay within `budget`. */
export function candidateTerms(frequencies: ReadonlyMap<string, number>, budget: number): string[] {
  const byRarity = [...frequencies].filter(([, df]) => df > 0).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  const out: string[] = [];
  let matches = 0;
  for (const [term, df] of byRarity) {
    if (out.length > 0 && matches + df > budget) break;
    out.push(term);
    matches += df;
  }
  return out;
}

/** The lexical part of a search: what the question asks for, before statistics. */
export interface LexicalAsk {
  /** The question's distinct word lexemes (empty: no text leg) and bigrams (empty: no bigram leg). */
  wordLexemes: string[];
  bigrams: string[];
  candidates: number;
}

/** The fused statement's lexical parameters for `ask`, from the caller's statistics read in `tx`. */
export async function lexicalQuery(
  tx: PrincipalTx,
  scope: SearchScope,
  ask: LexicalAsk,
): Promise<
  Pick<HybridQuery, "words" | "wordLexemes" | "wordFrequencies" | "bigrams" | "bigramQuery" | "corpus" | "scanVisible">
> {
  const rows = await searchStatistics(tx, scope, ask.wordLexemes, ask.bigrams);
  const df = { w: new Map<string, number>(), b: new Map<string, number>() };
  let visible = 0, matches = 0, matchedLength = 0;
  for (const r of rows) {
    if (r.kind === "n") visible = r.chunks;
    else df[r.kind as "w" | "b"].set(r.term, r.chunks);
    if (r.kind === "w") matches += r.chunks, matchedLength += r.lexemes;
  }
  // BM25 takes N and the mean length from the chunks holding any question lexeme, as when it read them all (eval-ko
  // lost recall@5 and MRR@10 with the whole visible corpus instead): N as the union of the lexemes' chunks would be
  // if they held them independently, the mean length as the frequency-weighted mean of their chunks' lengths.
  let missed = 1;
  for (const n of df.w.values()) missed *= 1 - n / visible;
  const corpus = matches > 0
    ? { chunks: Math.max(1, Math.round(visible * (1 - missed))), meanLength: matchedLength / matches }
    : { chunks: 0, meanLength: 1 };
  const scanVisible = scansVisible(visible, matchBudget(ask.candidates));
  // A scan of the caller's chunks scores every chunk holding any question term, as no index bounds it anyway.
  const budget = scanVisible ? Infinity : matchBudget(ask.candidates);
  const tsquery = (terms: string[]) => toTsqueryText(terms) || null;
  return {
    scanVisible,
    words: tsquery(candidateTerms(df.w, budget)),
    wordLexemes: ask.wordLexemes,
    wordFrequencies: ask.wordLexemes.map((l) => df.w.get(l) ?? 0),
    bigrams: tsquery(candidateTerms(df.b, budget)),
    bigramQuery: tsquery(ask.bigrams),
    corpus,
  };
}

/** Folds the statistics' deltas into their counts (the `search-stats` task); how many deltas it folded. */
export async function foldSearchStatistics(ctx: RagContext): Promise<number> {
  return await withSystem(ctx.system, (tx) => compactSearchStats(tx));
}
