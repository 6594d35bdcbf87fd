/**
 * The retrieval test bench: a question searched as the administrator (the same search
 * and audit as `POST /api/v1/search`), and the contexts with each ranking's score and
 * rank. The question is posted, so it stays out of the URL and the browser's history.
 */
import { LEGS, schemas, searchContexts, type SearchOutcome } from "@/domain/rag/mod.ts";
import { FieldError, Title } from "../../_console_kit/mod.ts";
import { type Lang, t } from "../_i18n.ts";
import { parsed, type Screen, shownScore } from "./_screen.ts";

type Asked = { question: string; limit: number; legs?: readonly string[] };

function BenchForm({ lang, asked }: { lang: Lang; asked: Asked }) {
  return (
    <form class="edit" id="bench-form" data-view-post="bench">
      <label>
        <span>{t(lang, "question")}</span> <input name="question" value={asked.question} size={60} required />
      </label>
      <FieldError field="question" />
      <label>
        <span>{t(lang, "limit")}</span>{" "}
        <input type="number" name="limit" value={String(asked.limit)} data-type="number" />
      </label>
      <FieldError field="limit" />
      <div class="choices">
        <span>{t(lang, "legs")}</span> {LEGS.map((leg) => (
          <label class="choice">
            <input
              type="checkbox"
              name="legs"
              value={leg}
              data-type="set"
              data-empty="omit"
              checked={!asked.legs || asked.legs.includes(leg)}
            />{" "}
            {t(lang, leg)}
          </label>
        ))}
      </div>
      <FieldError field="legs" />
      <p class="hint">{t(lang, "benchHint")}</p>
      <button type="submit">{t(lang, "search")}</button>
    </form>
  );
}

function LegCells({ leg, score, rank }: { leg: string; score: number | null; rank: number | null }) {
  return (
    <td class="num" data-leg={leg} data-score={shownScore(score)} data-rank={rank === null ? "-" : String(rank)}>
      {shownScore(score)}
      <div class="hint">{rank === null ? "" : `#${rank}`}</div>
    </td>
  );
}

function Results({ lang, outcome, asked }: { lang: Lang; outcome: SearchOutcome; asked: Asked }) {
  const requested = asked.legs ?? LEGS;
  return (
    <>
      <p id="bench-legs">
        {t(lang, "legsRan")}: {outcome.legs.map((l) => t(lang, l)).join(", ")}
      </p>
      {requested.includes("vector") && !outcome.legs.includes("vector") && (
        <p class="hint">{t(lang, "vectorUnavailable")}</p>
      )}
      {outcome.contexts.length === 0 ? <p class="none">{t(lang, "noContexts")}</p> : (
        <table id="bench-results">
          <thead>
            <tr>
              <th>{t(lang, "rank")}</th>
              <th>{t(lang, "docTitle")}</th>
              <th>{t(lang, "chunkIndex")}</th>
              <th>{t(lang, "securityLevel")}</th>
              <th>{t(lang, "vector")}</th>
              <th>{t(lang, "text")}</th>
              <th>{t(lang, "bigram")}</th>
              <th>{t(lang, "hybrid")}</th>
              <th>{t(lang, "content")}</th>
            </tr>
          </thead>
          <tbody>
            {outcome.contexts.map((c, i) => (
              <tr data-chunk={c.chunkId} data-document={c.documentId}>
                <td class="num">{i + 1}</td>
                <td>{c.title}</td>
                <td class="num">{c.chunkIndex}</td>
                <td>{c.securityLevel}</td>
                <LegCells leg="vector" score={c.vector_score} rank={c.vector_rank} />
                <LegCells leg="text" score={c.text_score} rank={c.text_rank} />
                <LegCells leg="bigram" score={c.bigram_score} rank={c.bigram_rank} />
                <td class="num" data-leg="hybrid" data-score={shownScore(c.hybrid_score)}>
                  {shownScore(c.hybrid_score)}
                </td>
                <td class="excerpt">{c.content.slice(0, 240)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** The bench: the empty form, or (posted) the form with the question and its contexts. */
export async function benchView({ deps, principal, lang, body, log }: Screen) {
  const asked = body === undefined ? undefined : parsed(schemas.SearchRequest, body);
  const outcome = asked && await searchContexts(deps.ctx, principal, asked, "search", log);
  return (
    <section>
      <Title>{t(lang, "bench")}</Title>
      <BenchForm lang={lang} asked={asked ?? { question: "", limit: 10 }} />
      {asked && outcome && <Results lang={lang} outcome={outcome} asked={asked} />}
    </section>
  );
}
