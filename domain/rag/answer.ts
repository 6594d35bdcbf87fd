/**
 * Grounded answers (CONTRACT 2.3): search under the caller's principal, give the top
 * `safeContexts` contexts to the model numbered [1]..[n] with instructions to answer
 * only from them and cite, in the question's language, and keep only the citations
 * that name a context actually given. Concepts of the approved ontology pack found in
 * the question go along as interpretation notes, marked as not evidence. Without any
 * context the fixed no-evidence answer is returned and no model is called; without any
 * model the answer is extractive: the contexts' sentences that best match the question.
 */
import type { Logger } from "@/lib/log.ts";
import type { RagContext } from "./context.ts";
import { analyze, bigrams } from "./korean.ts";
import { type ChatMessage, generate, type ModelTarget, modelTarget } from "./llm.ts";
import type { Concept, Ontology } from "./ontology.ts";
import type { Principal } from "./principal.ts";
import { type SearchContext, searchContexts } from "./search.ts";
import { splitSentences } from "./sentences.ts";

/** A citation: the context a marker names. */
export interface Citation {
  marker: number;
  documentId: string;
  sourceDocumentId: string;
  portalId: string;
  title: string;
  chunkIndex: number;
  excerpt: string;
}

/** An answer with its citations. */
export interface Answer {
  answer: string;
  citations: Citation[];
  grounded: boolean;
  mode: "gateway" | "local" | "extractive";
  reason?: "no_evidence" | "no_gateway_mapping";
}

/** What streaming an answer yields: text as it comes, then the whole answer with its citations. */
export type AnswerEvent = { type: "delta"; text: string } | { type: "done"; answer: Answer };

type Language = "ko" | "en";

const NO_EVIDENCE: Record<Language, string> = {
  ko: "제공된 문서에서 이 질문에 답할 근거를 찾지 못했습니다.",
  en: "I could not find evidence in the available documents to answer this question.",
};

const INSTRUCTIONS: Record<Language, string> = {
  ko: [
    "당신은 사내 문서에 근거해 답하는 도우미입니다.",
    "아래 [1]부터 번호가 붙은 문맥만 근거로 한국어로 답하십시오.",
    "근거로 삼은 문장 뒤에 [1]처럼 해당 문맥 번호를 붙이십시오.",
    "문맥에 답이 없으면 모른다고 답하고, 문맥 밖의 지식으로 추측하지 마십시오.",
    "'용어 참고'는 질문의 용어를 해석하는 데만 쓰고 근거로 인용하지 마십시오.",
  ].join("\n"),
  en: [
    "You answer questions from company documents.",
    "Answer in English using only the numbered contexts below, starting at [1].",
    "After each statement, cite the context it comes from as [1], [2] and so on.",
    "If the contexts do not contain the answer, say so; do not guess from outside knowledge.",
    "Use the 'Term notes' only to interpret the question's terms; they are not evidence and are never cited.",
  ].join("\n"),
};

/**
 * The vector leg ranks every visible chunk, however unrelated; a context it alone found
 * counts as evidence only this close to the question (cosine similarity).
 */
const MIN_VECTOR_EVIDENCE = 0.5;

const HANGUL = /[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]/;
const EXCERPT_CHARS = 240;
/** Tokens kept free for the reply when packing the prompt. */
const REPLY_SHARE = 0.25;

/** The question's language: Korean when Hangul makes up at least a third of its letters. */
export function languageOf(text: string): Language {
  let hangul = 0;
  let latin = 0;
  for (const ch of text) {
    if (HANGUL.test(ch)) hangul++;
    else if (/[A-Za-z]/.test(ch)) latin++;
  }
  return hangul > 0 && hangul * 3 >= hangul + latin ? "ko" : "en";
}

/**
 * A conservative token estimate: a Hangul syllable costs about one token in the
 * tokenizers of the models in use, other text about one per four characters.
 */
export function estimateTokens(text: string): number {
  let hangul = 0;
  for (const ch of text) if (HANGUL.test(ch)) hangul++;
  return hangul + Math.ceil((text.length - hangul) / 4);
}

/** Cuts `text` to about `tokens` tokens. */
function cutToTokens(text: string, tokens: number): string {
  if (estimateTokens(text) <= tokens) return text;
  let used = 0;
  let end = 0;
  for (const ch of text) {
    used += HANGUL.test(ch) ? 1 : 0.25;
    if (used > tokens) break;
    end += ch.length;
  }
  return `${text.slice(0, end)}…`;
}

/** Concepts whose notation, alias or abbreviation occurs in the question. */
function conceptsIn(question: string, ontology: Ontology): Concept[] {
  const found = new Set(ontology.matcher.find(question).map((m) => m.termId));
  return ontology.concepts.filter((c) => found.has(c.id));
}

function noteText(c: Concept, lang: Language): string {
  const forms = [...c.aliases, ...c.abbreviations];
  const also = forms.length
    ? (lang === "ko" ? ` (다른 표기: ${forms.join(", ")})` : ` (also: ${forms.join(", ")})`)
    : "";
  return `- ${c.notation}${also}: ${c.definition}`;
}

/** The prompt, packed within `maxTokens`: contexts first (trimmed from the last), then the notes that still fit. */
export function buildMessages(
  question: string,
  contexts: readonly SearchContext[],
  notes: readonly Concept[],
  maxTokens: number,
): ChatMessage[] {
  const lang = languageOf(question);
  const budget = Math.floor(maxTokens * (1 - REPLY_SHARE)) - estimateTokens(INSTRUCTIONS[lang]) -
    estimateTokens(question) - 50;
  let left = Math.max(budget, 0);
  const blocks: string[] = [];
  for (const [i, c] of contexts.entries()) {
    const head = `[${i + 1}] ${c.title}\n`;
    const room = left - estimateTokens(head);
    if (room <= 20 && blocks.length > 0) break;
    const body = cutToTokens(c.content, Math.max(room, 20));
    blocks.push(head + body);
    left -= estimateTokens(head + body);
  }
  const noteLines: string[] = [];
  for (const n of notes) {
    const line = noteText(n, lang);
    if (estimateTokens(line) > left) break;
    noteLines.push(line);
    left -= estimateTokens(line);
  }
  const noteHeader = lang === "ko" ? "용어 참고 (근거 아님):" : "Term notes (not evidence):";
  const contextHeader = lang === "ko" ? "문맥:" : "Contexts:";
  const questionHeader = lang === "ko" ? "질문:" : "Question:";
  return [
    { role: "system", content: INSTRUCTIONS[lang] },
    {
      role: "user",
      content: [
        `${contextHeader}\n${blocks.join("\n\n")}`,
        ...(noteLines.length ? [`${noteHeader}\n${noteLines.join("\n")}`] : []),
        `${questionHeader} ${question}`,
      ].join("\n\n"),
    },
  ];
}

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

/** Sentences of the contexts that best match the question, each with its context's marker. */
export function extractiveAnswer(question: string, contexts: readonly SearchContext[]): string {
  const words = new Set(analyze(question));
  const grams = new Set(bigrams(question));
  const scored = contexts.flatMap((c, i) =>
    splitSentences(c.content).map((sentence, position) => {
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

/** The fixed answer when there is nothing to answer from; no model is called. */
export function noEvidence(question: string, reason: "no_evidence" | "no_gateway_mapping"): Answer {
  return { answer: NO_EVIDENCE[languageOf(question)], citations: [], grounded: false, mode: "extractive", reason };
}

/** An answer ready to be generated: the contexts, and the model call or the text it will be. */
export type PreparedAnswer =
  | { kind: "fixed"; answer: Answer }
  | { kind: "model"; target: ModelTarget; contexts: SearchContext[] };

/** Searches as `p` (audited as `ask`) and decides how the answer is made. */
export async function prepareAnswer(
  ctx: RagContext,
  p: Principal,
  question: string,
  log?: Logger,
): Promise<PreparedAnswer> {
  if (p.tenantId === null) return { kind: "fixed", answer: noEvidence(question, "no_evidence") };
  const { settings } = await ctx.settings.current();
  const found = await searchContexts(ctx, p, { question, limit: settings.retrieval.safeContexts }, "ask", log);
  const contexts = found.contexts.filter((c) =>
    c.text_rank !== null || c.bigram_rank !== null || (c.vector_score ?? 0) >= MIN_VECTOR_EVIDENCE
  );
  if (contexts.length === 0) return { kind: "fixed", answer: noEvidence(question, "no_evidence") };
  const notes = conceptsIn(question, await ctx.ontology.current());
  const messages = buildMessages(question, contexts, notes, settings.llm.maxContextTokens);
  const target = modelTarget(ctx.model, settings.llm, messages);
  if (!target) {
    const answer = extractiveAnswer(question, contexts);
    return {
      kind: "fixed",
      answer: { answer, citations: citationsOf(answer, contexts), grounded: true, mode: "extractive" },
    };
  }
  return { kind: "model", target, contexts };
}

/** Produces the answer as events: text pieces (invalid markers dropped), then the whole answer. */
export async function* answerEvents(prepared: PreparedAnswer): AsyncGenerator<AnswerEvent> {
  if (prepared.kind === "fixed") {
    yield { type: "delta", text: prepared.answer.answer };
    yield { type: "done", answer: prepared.answer };
    return;
  }
  const filter = citationFilter(prepared.contexts.length);
  let text = "";
  for await (const piece of generate(prepared.target)) {
    const out = filter.push(piece);
    text += out;
    if (out) yield { type: "delta", text: out };
  }
  const tail = filter.end();
  text += tail;
  if (tail) yield { type: "delta", text: tail };
  const citations = citationsOf(text, prepared.contexts);
  yield {
    type: "done",
    answer: { answer: text.trim(), citations, grounded: citations.length > 0, mode: prepared.target.mode },
  };
}

/** The whole answer at once. */
export async function completeAnswer(prepared: PreparedAnswer): Promise<Answer> {
  for await (const event of answerEvents(prepared)) if (event.type === "done") return event.answer;
  throw new Error("the answer ended without a result");
}
