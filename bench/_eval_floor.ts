/**
 * The relevance floor's effect on eval-ko (part of `deno task eval`): the floor is calibrated for the run's embedding
 * model from the dev split itself (domain/rag/vector_floor.ts, as `deno task calibrate-floor` does), then the fusion
 * answers the eval-ko questions and a set of questions the corpus does not answer, without and with the floor stored.
 * Reports recall@5 and MRR@10 both ways, results per question, and the share of results only the vector leg found
 * with a similarity below the floor.
 */
import { applyVectorFloor, calibrateVectorFloor, type FloorCalibration, type RagContext } from "@/domain/rag/mod.ts";
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
  vector_score: number | null;
  text_rank: number | null;
  bigram_rank: number | null;
}

/** One pass over some questions: how many results each got, and how many were vector-only below `floor`. */
interface Pass {
  lists: Map<string, string[]>;
  results: number;
  questions: number;
  vectorOnlyBelow: number;
}

async function searchAll(url: string, token: string, questions: { id: string; text: string }[], floor: number) {
  const pass: Pass = { lists: new Map(), results: 0, questions: questions.length, vectorOnlyBelow: 0 };
  const contexts = new Map<string, Context[]>();
  for (const q of questions) {
    const res = await fetch(`${url}/api/v1/search`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ question: q.text, limit: 10 }),
    });
    if (!res.ok) throw new Error(`search answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    contexts.set(q.id, (await res.json()).contexts as Context[]);
  }
  for (const [id, cs] of contexts) {
    pass.results += cs.length;
    pass.vectorOnlyBelow += cs.filter((c) =>
      c.text_rank === null && c.bigram_rank === null && c.vector_score !== null && c.vector_score < floor
    ).length;
    pass.lists.set(
      id,
      cs.map((c) =>
        c.documentId
      ),
    );
  }
  return pass;
}

/** What the floor changed, for the report. */
export interface FloorEffect {
  calibration: FloorCalibration;
  rows: { name: string; without: Pass; with: Pass }[];
  scores: { without: { recallAt5: number; mrrAt10: number }; with: { recallAt5: number; mrrAt10: number } };
}

/** Calibrates the floor on `queries`, then measures both question sets without and with it. */
export async function floorEffect(
  e: { ctx: RagContext; url: string; token: string; passages: { id: string; title: string; text: string }[] },
  queries: Query[],
  toPassage: (documentId: string) => string,
): Promise<FloorEffect> {
  const calibration = await calibrateVectorFloor(e.ctx, { passages: e.passages, questions: queries }, {
    top: 10,
    missRate: 0.01,
  });
  const offTopic = OFF_TOPIC.map((text, i) => ({ id: `off-${i}`, text }));
  const run = async () => ({
    evalPass: await searchAll(e.url, e.token, queries, calibration.floor),
    offPass: await searchAll(e.url, e.token, offTopic, calibration.floor),
  });
  const without = await run();
  await applyVectorFloor(e.ctx, "bench:eval", calibration);
  // The service re-reads its settings' version every 2 s.
  await new Promise((r) => setTimeout(r, 2_500));
  const withFloor = await run();
  const asPassages = (p: Pass) =>
    new Map([...p.lists].map(([id, docs]): [string, string[]] => [id, [...new Set(docs.map(toPassage))]]));
  return {
    calibration,
    rows: [
      { name: `eval-ko dev (${queries.length})`, without: without.evalPass, with: withFloor.evalPass },
      { name: `off-topic (${offTopic.length})`, without: without.offPass, with: withFloor.offPass },
    ],
    scores: {
      without: score(queries, asPassages(without.evalPass)),
      with: score(queries, asPassages(withFloor.evalPass)),
    },
  };
}

const f3 = (n: number) => n.toFixed(3);
const pct = (n: number, d: number) => `${d ? (100 * n / d).toFixed(1) : "0.0"}%`;

/** The report's section on the floor. */
export function floorSection(f: FloorEffect): string {
  const c = f.calibration;
  const perQ = (p: Pass) => (p.results / p.questions).toFixed(2);
  return [
    "### Relevance floor (retrieval.vectorFloor)",
    "",
    `Calibrated on this split (\`deno task calibrate-floor\`'s method, miss rate 0.01, nearest 10 irrelevant ` +
    `passages per question): floor ${c.floor.toFixed(3)} for "${c.model}"; below it ${pct(c.relevantBelow, 1)} of ` +
    `the ${c.relevant.length} relevant question-passage similarities and ${pct(c.irrelevantBelow, 1)} of the ` +
    `${c.irrelevant.length} nearest irrelevant ones. Fusion at limit 10, without and with the floor stored:`,
    "",
    "| questions | results per question | vector-only below the floor | results per question (floor) | vector-only below (floor) |",
    "| --- | --- | --- | --- | --- |",
    ...f.rows.map((r) =>
      `| ${r.name} | ${perQ(r.without)} | ${pct(r.without.vectorOnlyBelow, r.without.results)} | ${perQ(r.with)} | ${
        pct(r.with.vectorOnlyBelow, r.with.results)
      } |`
    ),
    "",
    `Fusion on eval-ko dev: recall@5 ${f3(f.scores.without.recallAt5)} → ${f3(f.scores.with.recallAt5)}, MRR@10 ` +
    `${f3(f.scores.without.mrrAt10)} → ${f3(f.scores.with.mrrAt10)} (without → with the floor).`,
  ].join("\n");
}
