/**
 * The prompt of a grounded answer: the question's language, the numbered contexts and the interpretation notes,
 * packed within the model's context budget.
 */
import type { ChatMessage } from "./clients/model.ts";
import type { Ontology } from "./ontology.ts";
import type { Concept } from "./clients/directory.ts";
import type { SearchContext } from "./schemas.ts";

/** The two languages an answer is given in. */
export type Language = "ko" | "en";

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

const HANGUL = /[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]/;
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
export function conceptsIn(question: string, ontology: Ontology): Concept[] {
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
