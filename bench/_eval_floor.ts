/**
 * The relevance floor's effect on eval-ko (part of `deno task eval`): the floor is calibrated for the run's embedding
 * model from the dev split itself (domain/rag/vector_floor.ts, as `deno task calibrate-floor` does), then the fusion
 * answers the eval-ko questions and a set of questions the corpus does not answer with no floor and with the floor at
 * several miss rates. Reports recall@5 and MRR@10, results per question and the share of them only the vector leg
 * found.
 */
import {
  applyVectorFloor,
  calibrateVectorFloor,
  chooseFloor,
  type FloorCalibration,
  type RagContext,
} from "@/domain/rag/mod.ts";
import { floorReport } from "@/scripts/calibrate_floor.ts";
import { score } from "./eval_lexical.ts";
import type { Query } from "./eval.ts";

/**
 * Questions eval-ko's Wikipedia passages do not answer: an employee's questions about their own workplace, the
 * kind a portal's search gets and the corpus has nothing on.
 */
const OFF_TOPIC = [
  "이번 달 법인카드 한도가 얼마인가요?",
  "사내 와이파이 비밀번호를 알려주세요",
  "연차 휴가 신청은 어디서 하나요?",
  "출장비 정산 영수증은 언제까지 제출해야 하나요?",
  "회의실 예약을 취소하려면 어떻게 하나요?",
  "신입사원 온보딩 교육 일정이 궁금합니다",
  "사원증을 잃어버렸을 때 재발급 절차는?",
  "재택근무 신청 양식은 어디에 있나요?",
  "급여 명세서는 어디서 확인하나요?",
  "노트북 교체 요청은 누구에게 하나요?",
  "주차 등록은 어떻게 하나요?",
  "복지 포인트 사용 기한이 언제까지인가요?",
  "야근 식대 청구 방법을 알려주세요",
  "보안 교육 이수 여부를 확인하고 싶어요",
  "퇴직금 중간정산이 가능한가요?",
  "택배 수령은 몇 층에서 하나요?",
  "비밀번호 초기화는 어떻게 하나요?",
  "구내식당 이번 주 메뉴가 뭐예요?",
  "건강검진 병원 예약은 어떻게 하나요?",
  "명함 신청은 어디서 하나요?",
];

/** One returned context, as far as the floor is concerned. */
interface Context {
  documentId: string;
  text_rank: number | null;
  bigram_rank: number | null;
}

/** One pass over some questions: the documents each got, and how many results (only the vector leg's) there were. */
interface Pass {
  lists: Map<string, string[]>;
  results: number;
  questions: number;
  vectorOnly: number;
}

async function searchAll(url: string, token: string, questions: { id: string; text: string }[], legs?: string[]) {
  const pass: Pass = { lists: new Map(), results: 0, questions: questions.length, vectorOnly: 0 };
  for (const q of questions) {
    const res = await fetch(`${url}/api/v1/search`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ question: q.text, limit: 10, ...(legs ? { legs } : {}) }),
    });
    if (!res.ok) throw new Error(`search answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    const cs = (await res.json()).contexts as Context[];
    pass.results += cs.length;
    pass.vectorOnly += cs.filter((c) => c.text_rank === null && c.bigram_rank === null).length;
    pass.lists.set(q.id, cs.map((c) => c.documentId));
  }
  return pass;
}

/** One floor tried: the quantile of the relevant similarities it is, and both passes under it. */
interface Trial {
  missRate: number | null;
  floor: number | null;
  evalPass: Pass;
  offPass: Pass;
  scores: { recallAt5: number; mrrAt10: number };
  /** The same with the vector leg alone, where every result is the vector leg's. */
  vector: { evalPass: Pass; offPass: Pass; scores: { recallAt5: number; mrrAt10: number } };
}

/** What the floor changed, for the report. */
export interface FloorEffect {
  calibration: FloorCalibration;
  queries: number;
  offTopic: number;
  trials: Trial[];
}

/** The miss rates tried: calibrate-floor's default first, then higher floors to show the trade-off. */
const MISS_RATES = [0.01, 0.1, 0.25];

/**
 * Calibrates the floor on `queries`, then answers both question sets with no floor and with the floor at each
 * miss rate (every passage the labels call relevant counts, whether or not a lexical leg finds it too).
 */
export async function floorEffect(
  e: { ctx: RagContext; url: string; token: string; passages: { id: string; title: string; text: string }[] },
  queries: Query[],
  toPassage: (documentId: string) => string,
): Promise<FloorEffect> {
  const calibration = await calibrateVectorFloor(e.ctx, { passages: e.passages, questions: queries }, {
    top: 10,
    missRate: MISS_RATES[0],
  });
  const offTopic = OFF_TOPIC.map((text, i) => ({ id: `off-${i}`, text }));
  const asPassages = (p: Pass) =>
    new Map([...p.lists].map(([id, docs]): [string, string[]] => [id, [...new Set(docs.map(toPassage))]]));
  const passes = async (legs?: string[]) => {
    const evalPass = await searchAll(e.url, e.token, queries, legs);
    const offPass = await searchAll(e.url, e.token, offTopic, legs);
    return { evalPass, offPass, scores: score(queries, asPassages(evalPass)) };
  };
  const trial = async (missRate: number | null, floor: number | null): Promise<Trial> => ({
    missRate,
    floor,
    ...await passes(),
    vector: await passes(["vector"]),
  });
  const trials = [await trial(null, null)];
  for (const missRate of MISS_RATES) {
    const { floor } = chooseFloor(calibration.relevant, calibration.irrelevant, missRate);
    await applyVectorFloor(e.ctx, "bench:eval", { model: calibration.model, floor });
    // The service re-reads its settings' version every 2 s.
    await new Promise((r) => setTimeout(r, 2_500));
    trials.push(await trial(missRate, floor));
  }
  return { calibration, queries: queries.length, offTopic: offTopic.length, trials };
}

const f3 = (n: number) => n.toFixed(3);
const pct = (n: number, d: number) => `${d ? (100 * n / d).toFixed(1) : "0.0"}%`;
const perQ = (p: Pass) => (p.results / p.questions).toFixed(2);

function row(name: string, t: { evalPass: Pass; offPass: Pass; scores: { recallAt5: number; mrrAt10: number } }) {
  const e = t.evalPass, o = t.offPass;
  return `| ${name} | ${f3(t.scores.recallAt5)} | ${f3(t.scores.mrrAt10)} | ${perQ(e)} | ${
    pct(e.vectorOnly, e.results)
  } | ${perQ(o)} | ${pct(o.vectorOnly, o.results)} |`;
}

/** The report's section on the floor. */
export function floorSection(f: FloorEffect): string {
  const c = f.calibration;
  const below = (missRate: number) => chooseFloor(c.relevant, c.irrelevant, missRate);
  const calibrated = below(MISS_RATES[0]);
  return [
    "### Relevance floor (retrieval.vectorFloor)",
    "",
    `Calibrated on this split as \`deno task calibrate-floor\` does (the nearest 10 irrelevant passages per ` +
    `question): with its default miss rate 0.01 the floor for "${c.model}" is ${calibrated.floor.toFixed(3)}, ` +
    `below which ${pct(calibrated.relevantBelow, 1)} of the ${c.relevant.length} relevant question-passage ` +
    `similarities and ${pct(calibrated.irrelevantBelow, 1)} of the ${c.irrelevant.length} nearest irrelevant ones ` +
    `fall. Similarities (\`calibrate-floor\`'s report):`,
    "",
    "```",
    floorReport(c, { set: "../shared/eval-ko", top: 10, missRate: MISS_RATES[0], apply: false }),
    "```",
    "",
    `Fusion at limit 10 on eval-ko dev (${f.queries} questions) and on ${f.offTopic} off-topic questions (a ` +
    `workplace's questions the corpus has nothing on), with no floor and with the floor stored at each miss rate ` +
    `(vector-only: results no lexical leg found):`,
    "",
    "| floor (miss rate) | recall@5 | MRR@10 | results per question | vector-only | off-topic: results per question | off-topic: vector-only |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...f.trials.map((t) => row(t.floor === null ? "none" : `${t.floor.toFixed(3)} (${t.missRate})`, t)),
    "",
    'The same with the vector leg alone (`legs: ["vector"]`, every result vector-only), where the floor has ' +
    "something to drop:",
    "",
    "| floor (miss rate) | recall@5 | MRR@10 | results per question | vector-only | off-topic: results per question | off-topic: vector-only |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...f.trials.map((t) => row(t.floor === null ? "none" : `${t.floor.toFixed(3)} (${t.missRate})`, t.vector)),
    "",
    `Irrelevant passages below each floor (of the nearest 10 per question): ${
      MISS_RATES.map((m) => `${m}: ${pct(below(m).irrelevantBelow, 1)}`).join(", ")
    }.`,
  ].join("\n");
}
