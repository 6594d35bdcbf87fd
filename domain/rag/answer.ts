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
import { generate, type ModelTarget, modelTarget } from "./clients/model.ts";
import type { Principal } from "./principal.ts";
import { searchContexts } from "./search.ts";
import type { Answer, SearchContext } from "./schemas.ts";
import { buildMessages, conceptsIn, type Language, languageOf } from "./prompt.ts";
import { citationFilter, citationsOf, extractiveAnswer } from "./citations.ts";

/** What streaming an answer yields: text as it comes, then the whole answer with its citations. */
export type AnswerEvent = { type: "delta"; text: string } | { type: "done"; answer: Answer };

const NO_EVIDENCE: Record<Language, string> = {
  ko: "제공된 문서에서 이 질문에 답할 근거를 찾지 못했습니다.",
  en: "I could not find evidence in the available documents to answer this question.",
};

/**
 * The vector leg ranks every visible chunk, however unrelated; a context it alone found
 * counts as evidence only this close to the question (cosine similarity).
 */
const MIN_VECTOR_EVIDENCE = 0.5;

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
  const { settings } = await ctx.settings.forTenant(p.tenantId);
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
