/**
 * Korean text analysis for PostgreSQL full-text search. PostgreSQL has no Korean parser, so the
 * lexemes are made here, at ingestion and at query time, and PostgreSQL only stores and matches them.
 */
import {
  AFTER_PAST,
  endingRules,
  finalIndex,
  josaRules,
  PLURAL,
  QUESTION_WORDS,
  type SuffixRule,
} from "./korean_endings.ts";

/**
 * NFKC (full-width and compatibility forms), lower case, no default-ignorable characters (soft
 * hyphens and zero-width spaces would split a word in two), and single spaces.
 */
export function normalize(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\p{Default_Ignorable_Code_Point}/gu, "")
    .replace(/\s+/gu, " ").trim();
}

/** A run of one script; `glued` when no space precedes it (it follows a bracket, a quote, a number or a word). */
interface Run {
  text: string;
  hangul: boolean;
  glued: boolean;
}

// Hangul; a number with thousands separators or a decimal point; other letters and digits (Latin, Hanja).
const RUN =
  /(\p{Script=Hangul}+)|(\p{Nd}+(?:,\p{Nd}{3}(?!\p{Nd}))*(?:\.\p{Nd}+)?)|[[\p{L}\p{M}\p{Nd}]--\p{Script=Hangul}]+/gv;

function runs(normalized: string): Run[] {
  return [...normalized.matchAll(RUN)].map((m) => ({
    text: m[2] ? m[0].replaceAll(",", "") : m[0],
    hangul: m[1] !== undefined,
    glued: m.index > 0 && normalized[m.index - 1] !== " ",
  }));
}

/** Rules by suffix, and whether that suffix is a particle (after which an ending may still be stripped). */
type SuffixTable = Map<string, { rules: SuffixRule[]; josa: boolean }>;

function bySuffix(rules: SuffixRule[], josa: ReadonlySet<string>): SuffixTable {
  const table: SuffixTable = new Map();
  for (const r of rules) {
    const entry = table.get(r.suffix) ?? { rules: [], josa: josa.has(r.suffix) };
    entry.rules.push(r);
    table.set(r.suffix, entry);
  }
  return table;
}

const JOSA_SUFFIXES = new Set(josaRules().map((r) => r.suffix));
const ENDINGS = bySuffix(endingRules(), JOSA_SUFFIXES);
const ANY_SUFFIX = bySuffix([...josaRules(), ...endingRules()], JOSA_SUFFIXES);
const LONGEST = Math.max(...[...ANY_SUFFIX.keys()].map((s) => s.length));

const RIEUL = 8;

function attaches(stem: string, rule: SuffixRule): boolean {
  if (stem.length < rule.minStem) return false;
  const final = finalIndex(stem.at(-1)!);
  if (rule.attach === "consonant") return final > 0;
  if (rule.attach === "vowel") return final === 0;
  if (rule.attach === "vowel_or_rieul") return final === 0 || final === RIEUL;
  return true;
}

/** The stem left by the longest suffix in `table` whose guards pass, and whether that suffix was a particle. */
function stripLongest(word: string, table: SuffixTable): { stem: string; josa: boolean } | null {
  for (let len = Math.min(LONGEST, word.length - 1); len >= 1; len--) {
    const entry = table.get(word.slice(-len));
    if (!entry) continue;
    const stem = word.slice(0, -len);
    if (entry.rules.some((r) => attaches(stem, r))) return { stem, josa: entry.josa };
  }
  return null;
}

// Vowels whose syllable can hold a contracted past tense (났 = 나+았, 졌 = 지+었); not ㅣ, so 있다 stays.
const PAST_VOWELS = new Set([0, 1, 4, 6, 9, 10, 14]);
const PAST_ENDINGS: ReadonlySet<string> = new Set(AFTER_PAST);
const SSANG_SIOT = 20;
const LONGEST_PAST_ENDING = Math.max(...AFTER_PAST.map((e) => e.length));

/** Strips a contracted past tense: 태어났다 -> 태어나, 갔으며 -> 가. Returns null when there is none. */
function stripFusedPast(word: string): string | null {
  for (let len = Math.min(LONGEST_PAST_ENDING, word.length - 2); len >= 1; len--) {
    const syllable = word[word.length - len - 1];
    if (finalIndex(syllable) !== SSANG_SIOT || !PAST_ENDINGS.has(word.slice(-len))) continue;
    const code = syllable.charCodeAt(0) - 0xac00;
    if (!PAST_VOWELS.has(Math.floor((code % 588) / 28))) continue;
    return word.slice(0, -len - 1) + String.fromCharCode(syllable.charCodeAt(0) - SSANG_SIOT);
  }
  return null;
}

/**
 * Strips particles and endings from one Hangul word by longest suffix match, keeping at least one
 * syllable (more where the suffix table says so): 정부와의 -> 정부, 지명수배되었다 -> 지명수배.
 */
export function stem(word: string): string {
  const first = stripLongest(word, ANY_SUFFIX), fused = stripFusedPast(word);
  let out = word;
  // On a tie the contracted past wins: it removed the tense too (이뤄졌을 -> 이뤄져, not 이뤄졌).
  if (first && (!fused || first.stem.length < fused.length)) {
    out = first.stem;
    // A particle may follow a nominalised predicate (발표하기를, 지명수배됨을): strip its ending too.
    if (first.josa) out = stripLongest(out, ENDINGS)?.stem ?? stripFusedPast(out) ?? out;
  } else if (fused) out = fused;
  if (out.length > PLURAL.minStem && out.endsWith(PLURAL.suffix)) out = out.slice(0, -1);
  return out;
}

/** Whether a whole Hangul run is a particle or ending (the 는 of API는, the 에서 of 《도둑들》에서). */
function isBareSuffix(text: string): boolean {
  return ANY_SUFFIX.has(text) || PAST_ENDINGS.has(text);
}

/**
 * Full-text lexemes in text order: Hangul words stemmed, numbers (1,300 -> 1300) and other words kept
 * whole. Hangul glued to a number or word is a word of its own (1989년에 -> 1989, 년) unless it is
 * only a particle (API는 -> api). Question words are dropped.
 */
export function analyze(text: string): string[] {
  const out: string[] = [];
  for (const run of runs(normalize(text))) {
    if (!run.hangul) out.push(run.text);
    else if (!(run.glued && isBareSuffix(run.text)) && !QUESTION_WORDS.has(run.text)) {
      const s = stem(run.text);
      if (!QUESTION_WORDS.has(s)) out.push(s);
    }
  }
  return out;
}

/**
 * Overlapping character bigrams of each run of letters and digits, across scripts (1989년 gives
 * 19 98 89 9년), so a substring finds its word inside a compound; a one-character run gives itself.
 */
export function bigrams(text: string): string[] {
  const out: string[] = [];
  for (const [run] of normalize(text).matchAll(/[\p{L}\p{M}\p{Nd}]+/gu)) {
    const chars = Array.from(run);
    if (chars.length === 1) out.push(chars[0]);
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  }
  return out;
}

// PostgreSQL's limits: a lexeme under 2 KiB, positions up to 16383, at most 256 positions per lexeme.
const MAX_LEXEME_BYTES = 2047;
const MAX_POSITION = 16383;
const MAX_POSITIONS = 256;
const utf8 = new TextEncoder();

/** Quotes a lexeme for tsvector/tsquery input: inside '...', a quote is doubled and a backslash escaped. */
function quote(lexeme: string): string {
  return `'${lexeme.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

function fits(lexeme: string): boolean {
  return lexeme.length > 0 && (lexeme.length * 3 <= MAX_LEXEME_BYTES || utf8.encode(lexeme).length <= MAX_LEXEME_BYTES);
}

/**
 * A tsvector literal for `$1::tsvector`: each lexeme quoted, with its 1-based positions
 * (`'국가':1,7 'api':2`). The cast stores lexemes verbatim, with no parser or dictionary in between,
 * and the positions keep term frequency for ts_rank and BM25 (`unnest(tsv)` gives them back).
 */
export function toTsvectorText(lexemes: readonly string[]): string {
  const positions = new Map<string, number[]>();
  lexemes.forEach((lexeme, i) => {
    if (!fits(lexeme)) return;
    const list = positions.get(lexeme) ?? [];
    if (list.length < MAX_POSITIONS) list.push(Math.min(i + 1, MAX_POSITION));
    positions.set(lexeme, list);
  });
  return [...positions].map(([lexeme, list]) => `${quote(lexeme)}:${[...new Set(list)].join(",")}`).join(" ");
}

/**
 * A tsquery for `$1::tsquery`: the distinct lexemes, each quoted so that nothing in the question
 * (& | ! ( ) < > : * or quotes) acts as an operator, joined by `|` (any term matches and the ranking
 * orders the matches; recall first) or `&`. The cast reads the lexemes verbatim; `to_tsquery('korean',
 * $1)` would re-parse each one and split any that hold punctuation. An empty string means no lexemes:
 * skip the leg rather than send it.
 */
export function toTsqueryText(lexemes: readonly string[], mode: "or" | "and" = "or"): string {
  return queryLexemes(lexemes).map(quote).join(mode === "or" ? " | " : " & ");
}

/** The distinct lexemes a tsquery built by toTsqueryText holds, as BM25 scores them. */
export function queryLexemes(lexemes: readonly string[]): string[] {
  return [...new Set(lexemes)].filter(fits);
}

/** An approved glossary term's written forms, as GET /glossary/matching-terms gives them. */
export interface GlossaryForms {
  notation: string;
  aliases?: readonly string[];
  abbreviations?: readonly string[];
}

/** Query expansion map: a form's lexemes joined by one space -> the lexemes to search as well. */
export type Synonyms = ReadonlyMap<string, readonly string[]>;

/**
 * Builds the expansion map from approved terms. The notation and every alias or abbreviation find the
 * term's full forms (notation and aliases), so a question using any form also finds documents written
 * with the others. Abbreviations are looked up but never added: two or three Latin letters match too
 * many unrelated documents to search them on behalf of a question that spelled the term out.
 */
export function buildSynonyms(terms: readonly GlossaryForms[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const term of terms) {
    const full = [term.notation, ...term.aliases ?? []].map(analyze).filter((l) => l.length > 0);
    const forms = [...full, ...(term.abbreviations ?? []).map(analyze).filter((l) => l.length > 0)];
    for (const form of forms) {
      const key = form.join(" ");
      const others = full.filter((f) => f.join(" ") !== key).flat();
      map.set(key, [...new Set([...map.get(key) ?? [], ...others])]);
    }
  }
  return map;
}

// Longest glossary form, in lexemes, that `expandQuery` looks for.
const MAX_FORM_LEXEMES = 6;

/**
 * The question's lexemes followed by those of every glossary form found in them as a run of
 * consecutive lexemes (인공 지능, or ai), without repeats.
 */
export function expandQuery(lexemes: readonly string[], synonyms: Synonyms): string[] {
  const out = [...lexemes];
  const seen = new Set(lexemes);
  for (let i = 0; i < lexemes.length; i++) {
    for (let n = 1; n <= MAX_FORM_LEXEMES && i + n <= lexemes.length; n++) {
      for (const lexeme of synonyms.get(lexemes.slice(i, i + n).join(" ")) ?? []) {
        if (!seen.has(lexeme)) out.push(lexeme);
        seen.add(lexeme);
      }
    }
  }
  return out;
}
