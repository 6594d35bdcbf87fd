/**
 * Citations: markers that name a given context pass, others are dropped as the text streams; the citations an
 * answer's markers name; and the extractive answer made of the contexts' best sentences.
 */
import { analyze, bigrams } from "./text/korean.ts";
import { splitSentences } from "./text/sentences.ts";
import type { Citation, SearchContext } from "./schemas.ts";

const EXCERPT_CHARS = 240;

/**
 * Drops citation markers that name no given context, as text streams through: a `[`
 * followed by digits is held until its `]` shows whether it may pass.
 */
export function citationFilter(given: number) {
  let held = "";
  const flushHeld = () => {
    const out = held;
    held = "";
    return out;
  };
  return {
    push(piece: string): string {
      let out = "";
      for (const ch of piece) {
        if (held) {
          if (ch === "]") {
            const n = Number(held.slice(1));
            const keep = held.length > 1 && n >= 1 && n <= given;
            out += keep ? `${held}]` : "";
            held = "";
            continue;
          }
          if (/[0-9]/.test(ch) && held.length < 4) {
            held += ch;
            continue;
          }
          out += flushHeld();
        }
        if (ch === "[") held = "[";
        else out += ch;
      }
      return out;
    },
    end: flushHeld,
  };
}

/** The citations an answer's markers name, in order of first use. */
export function citationsOf(answer: string, contexts: readonly SearchContext[]): Citation[] {
  const seen = new Set<number>();
  for (const m of answer.matchAll(/\[(\d{1,3})\]/g)) {
    const n = Number(m[1]);
    if (n >= 1 && n <= contexts.length) seen.add(n);
  }
  return [...seen].map((n) => {
    const c = contexts[n - 1];
    return {
      marker: n,
      documentId: c.documentId,
      sourceDocumentId: c.sourceDocumentId,
      portalId: c.portalId,
      title: c.title,
      chunkIndex: c.chunkIndex,
      excerpt: c.content.length > EXCERPT_CHARS ? `${c.content.slice(0, EXCERPT_CHARS)}…` : c.content,
    };
  });
}

/**
 * A chunk's text without its heading line: a chunk under headings begins with their path on a line of its own
 * (text/chunk.ts), which names the section but is not a sentence of it and must never be quoted as one.
 */
function bodyOf(c: SearchContext): string {
  if (c.headingPath.length === 0) return c.content;
  const lineEnd = c.content.indexOf("\n");
  return lineEnd < 0 ? "" : c.content.slice(lineEnd + 1);
}

/** Sentences of the contexts that best match the question, each with its context's marker. */
export function extractiveAnswer(question: string, contexts: readonly SearchContext[]): string {
  const words = new Set(analyze(question));
  const grams = new Set(bigrams(question));
  const scored = contexts.flatMap((c, i) =>
    splitSentences(bodyOf(c)).map((sentence, position) => {
      const shared = analyze(sentence).filter((w) => words.has(w)).length;
      const sharedGrams = bigrams(sentence).filter((g) => grams.has(g)).length;
      return { sentence: sentence.trim(), marker: i + 1, position, score: shared * 2 + sharedGrams / 4 };
    })
  ).filter((s) => s.sentence.length > 0);
  const best = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || a.marker - b.marker).slice(0, 3);
  const picked = best.length ? best : scored.slice(0, 1);
  picked.sort((a, b) => a.marker - b.marker || a.position - b.position);
  return picked.map((s) => `${s.sentence} [${s.marker}]`).join(" ");
}
