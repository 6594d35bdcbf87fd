/**
 * Acronyms in a text that may name something the glossary does not know yet: the worker
 * proposes those no term knows, so a reviewer sees "RAG" the first time content uses it.
 * A candidate is a run of 2 to 10 capital Latin letters and digits standing alone among
 * letters and digits of other scripts too ("RAG는" and "클라우드API" count, "RAGtime" and
 * "A4" do not); a plural "s" is dropped ("LLMs" is LLM).
 */
import { normalizeNotation } from "./normalize.ts";

// Runs of letters, digits and underscores outside Hangul: Hangul next to an acronym is a particle
// or another word, and an underscore joins identifiers such as DATABASE_URL, which are no acronyms.
const NON_HANGUL_WORD = /[[\p{L}\p{N}\p{M}_]--\p{Script=Hangul}]+/gv;
const ACRONYM = /^([A-Z0-9]{1,9}[A-Z]s|[A-Z0-9]{2,10})$/;
// Section and list numbering (I to XXXIX) is written in capitals but names nothing.
const ROMAN_NUMERAL = /^X{0,3}(IX|IV|V?I{0,3})$/;
const NOISE = new Set(["OK", "AM", "PM"]);

/**
 * The acronym candidates of `text` in order of first appearance, each in its NFKC form
 * (full-width ＲＡＧ is RAG) and once per notation key. Candidates need two letters or
 * more and at most two digits, which drops numbers, grid references and hex identifiers.
 */
export function findAcronyms(text: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  for (const [word] of text.normalize("NFKC").matchAll(NON_HANGUL_WORD)) {
    if (!ACRONYM.test(word)) continue;
    const acronym = word.endsWith("s") ? word.slice(0, -1) : word;
    const key = normalizeNotation(acronym);
    if (!isCandidate(acronym) || seen.has(key)) continue;
    seen.add(key);
    found.push(acronym);
  }
  return found;
}

function isCandidate(acronym: string): boolean {
  const letters = acronym.replace(/[^A-Z]/g, "").length;
  const digits = acronym.length - letters;
  return letters >= 2 && digits <= 2 && !ROMAN_NUMERAL.test(acronym) && !NOISE.has(acronym);
}
