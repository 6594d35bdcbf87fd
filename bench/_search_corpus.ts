/**
 * The search benchmark's synthetic corpus, deterministic from fixed seeds: Korean chunks of about 500
 * characters whose nouns follow a Zipf law over a vocabulary of common domain nouns and a long tail of
 * generated compounds (so each full-text leg matches a realistic share of rows), 1024-dimension unit
 * vectors built from a topic, a subtopic, a document and a chunk direction (so the nearest neighbours of
 * a chunk are its document's other chunks, then its subtopic's, then its topic's), and questions made
 * from an anchor chunk's nouns whose vectors lie near that chunk's.
 */
import { finalIndex } from "@/domain/rag/mod.ts";
import { mulberry32 } from "./term_matching.ts";

/** Vector dimensions, as the service requires. */
export const DIMENSIONS = 1024;
const TOPICS = 64;
const SUBTOPICS = 1024;
const TOPIC_WORDS = 40;
const CHUNK_CHARS = 500;

const COMMON = (
  "규정 절차 신청 승인 보고 검토 관리 운영 시스템 계약 예산 교육 보안 인사 재무 구매 품질 감사 회의 일정 " +
  "문서 자료 결과 계획 목표 성과 평가 기준 정책 지침 업무 담당자 부서 본부 팀장 임원 직원 고객 협력사 " +
  "서버 네트워크 장애 점검 백업 복구 계정 권한 접근 비밀번호 암호화 개인정보 정보보호 로그 이력 변경 " +
  "배포 개발 테스트 요구사항 설계 분석 데이터 통계 지표 대시보드 보고서 회계 정산 경비 출장 휴가 근무 " +
  "급여 복지 채용 면접 평가표 계약서 견적 발주 납품 검수 재고 물류 창고 설비 안전 환경 위생 시설 차량 " +
  "장비 자산 라이선스 소프트웨어 하드웨어 클라우드 저장소 데이터베이스 인증 감사로그 위험 통제 준수 " +
  "법령 소송 분쟁 특허 상표 홍보 마케팅 영업 매출 이익 비용 투자 손익 세금 증빙 영수증 결재 전결 위임 " +
  "공지 안내 양식 서식 매뉴얼 가이드 체크리스트 교육자료 강의 과정 이수 자격 역량 경력 승진 발령 전보 " +
  "퇴직 연금 보험 건강검진 상담 민원 문의 답변 요청 처리 완료 지연 보류 반려 재검토 예외 사유 조치 개선"
).split(" ");
const SYLLABLES = ("한빛누리가람새솔미르다온하늘별꽃나래보람슬기아라은결여울지움초롱마루샘터도담바다산들" +
  "구름노을햇살달빛푸른온새길벗이음나눔채움").match(/./gu)!;
const PREDICATES = (
  "살펴봅니다|정리합니다|전달한다|마련하였다|반영됩니다|준비해야 합니다|협의합니다|게시한다|수립하였다|조정할 수 있다|" +
  "통보합니다|유지된다|강화하였다|지원합니다|확정한다|공유합니다|작성하였다|등록됩니다|보관합니다|요청할 수 있다|" +
  "변경되었습니다|점검하였다|처리한다|안내합니다|완료해야 한다|수행하였습니다|개선하기로 했다|검토합니다|확인해야 합니다|" +
  "진행되었다|보고한다|제출하십시오|관리됩니다|적용할 수 있습니다|승인받아야 합니다|집계합니다|갱신한다|폐기하였다|" +
  "이관합니다|기록해야 한다"
).split("|");
const TITLE_KINDS = [
  "안내",
  "지침",
  "규정집",
  "매뉴얼",
  "절차서",
  "가이드",
  "운영 기준",
  "업무 편람",
  "점검표",
  "회의록",
];
const QUESTION_FORMS = [
  (a: string, b: string, c: string) => `${a}의 ${b} ${josa(c, "을", "를")} 어떻게 처리하나요?`,
  (a: string, b: string, c: string) => `${josa(a, "과", "와")} ${b}에서 ${c} 확인하는 방법은 무엇인가요?`,
  (a: string, b: string, c: string) => `${a} ${b} 관련 ${c} 규정이 있나요?`,
  (a: string, b: string, c: string) => `${c} 담당 부서에 ${a} ${josa(b, "을", "를")} 요청하려면 어떻게 하나요?`,
];

/** The particle that fits the word's last syllable: `withFinal` after a final consonant. */
function josa(word: string, withFinal: string, withoutFinal: string): string {
  return word + (finalIndex(word.at(-1)!) > 0 ? withFinal : withoutFinal);
}

/** The vocabulary in frequency order: common nouns, then generated compounds (the long tail). */
function vocabulary(): string[] {
  const random = mulberry32(17);
  const seen = new Set(COMMON);
  const words = [...COMMON];
  while (words.length < 6000) {
    const n = 2 + Math.floor(random() * 2);
    const w = Array.from({ length: n }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join("");
    if (!seen.has(w)) words.push(w), seen.add(w);
  }
  return words;
}

/** Samples indexes 0..n-1 with weight 1 / (rank + 15): Zipf's law with Mandelbrot's shift, a flatter head. */
function zipf(n: number): (random: () => number) => number {
  const cumulative = new Float64Array(n);
  for (let i = 0, total = 0; i < n; i++) cumulative[i] = total += 1 / (i + 15);
  const total = cumulative[n - 1];
  return (random) => {
    const x = random() * total;
    let lo = 0, hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** A random direction: Gaussian components (Box-Muller), unit length. */
function direction(random: () => number): Float64Array {
  const v = new Float64Array(DIMENSIONS);
  for (let i = 0; i < DIMENSIONS; i += 2) {
    const r = Math.sqrt(-2 * Math.log(1 - random())), t = 2 * Math.PI * random();
    v[i] = r * Math.cos(t);
    v[i + 1] = r * Math.sin(t);
  }
  return unit(v);
}

function unit(v: Float64Array): Float64Array {
  let s = 0;
  for (const x of v) s += x * x;
  const n = Math.sqrt(s) || 1;
  for (let i = 0; i < v.length; i++) v[i] /= n;
  return v;
}

/** Sum of weighted directions, made unit length. */
function mix(parts: [number, Float64Array][]): Float64Array {
  const out = new Float64Array(DIMENSIONS);
  for (const [w, v] of parts) for (let i = 0; i < DIMENSIONS; i++) out[i] += w * v[i];
  return unit(out);
}

const WORDS = vocabulary();
const SAMPLE_WORD = zipf(WORDS.length);
const SAMPLE_TOPIC_WORD = zipf(TOPIC_WORDS);
const TOPIC_DIRS = Array.from({ length: TOPICS }, (_, i) => direction(mulberry32(1000 + i)));
const SUB_DIRS = Array.from({ length: SUBTOPICS }, (_, i) => direction(mulberry32(5000 + i)));
const SUB_TOPIC = Array.from({ length: SUBTOPICS }, (_, i) => i % TOPICS);
/** Each topic's own words, from the middle of the vocabulary, which its chunks use more often. */
const TOPIC_VOCAB = Array.from({ length: TOPICS }, (_, t) => {
  const random = mulberry32(9000 + t);
  return Array.from({ length: TOPIC_WORDS }, () => WORDS[100 + Math.floor(random() * 2000)]);
});

/** A document of the corpus: its chunks are `firstChunk` .. `firstChunk + chunks - 1`. */
export interface Doc {
  index: number;
  firstChunk: number;
  chunks: number;
  subtopic: number;
  title: string;
}

/** Documents of 4 to 16 chunks until `total` chunks, each on a random subtopic. */
export function documents(total: number): Doc[] {
  const random = mulberry32(23);
  const docs: Doc[] = [];
  for (let first = 0; first < total;) {
    const chunks = Math.min(total - first, 4 + Math.floor(random() * 13));
    const subtopic = Math.floor(random() * SUBTOPICS);
    const topicWords = TOPIC_VOCAB[SUB_TOPIC[subtopic]];
    const kind = TITLE_KINDS[Math.floor(random() * TITLE_KINDS.length)];
    const title = `${topicWords[0]} ${topicWords[1 + Math.floor(random() * 5)]} ${kind} ${docs.length + 1}`;
    docs.push({ index: docs.length, firstChunk: first, chunks, subtopic, title });
    first += chunks;
  }
  return docs;
}

/** One chunk's text and the nouns it was written with. */
export interface ChunkText {
  content: string;
  nouns: string[];
}

function noun(random: () => number, topic: number): string {
  return random() < 0.35 ? TOPIC_VOCAB[topic][SAMPLE_TOPIC_WORD(random)] : WORDS[SAMPLE_WORD(random)];
}

function sentence(random: () => number, topic: number, nouns: string[]): string {
  const [a, b, c] = [noun(random, topic), noun(random, topic), noun(random, topic)];
  const predicate = PREDICATES[Math.floor(random() * PREDICATES.length)];
  const form = Math.floor(random() * 4);
  nouns.push(a, b, ...(form < 2 ? [c] : []));
  if (form === 0) return `${a}의 ${josa(b, "을", "를")} ${c}에서 ${predicate}.`;
  if (form === 1) return `${josa(a, "은", "는")} ${josa(b, "과", "와")} ${josa(c, "이", "가")} 함께 ${predicate}.`;
  if (form === 2) return `${josa(a, "으로", "로")} 인한 ${josa(b, "을", "를")} ${predicate}.`;
  return `${a} ${josa(b, "이", "가")} ${predicate}.`;
}

/** Chunk `i` of `doc`: sentences of its topic's and the common vocabulary, about 500 characters. */
export function chunkText(doc: Doc, i: number): ChunkText {
  const random = mulberry32(0x5eed0000 + doc.firstChunk + i);
  const topic = SUB_TOPIC[doc.subtopic];
  const nouns: string[] = [];
  let content = "";
  for (;;) {
    const next = sentence(random, topic, nouns);
    if (content.length + next.length + 1 > CHUNK_CHARS + 20 && content.length > CHUNK_CHARS - 60) break;
    content += (content ? " " : "") + next;
  }
  return { content, nouns };
}

let lastDoc: { index: number; dir: Float64Array } | null = null;

function docDirection(doc: Doc): Float64Array {
  if (lastDoc?.index !== doc.index) lastDoc = { index: doc.index, dir: direction(mulberry32(0x0d0c0000 + doc.index)) };
  return lastDoc.dir;
}

/** Chunk `i` of `doc`'s vector: topic, subtopic, document and chunk directions, mixed so they nest. */
export function chunkVector(doc: Doc, i: number): Float64Array {
  return mix([
    [0.5, TOPIC_DIRS[SUB_TOPIC[doc.subtopic]]],
    [0.5, SUB_DIRS[doc.subtopic]],
    [0.45, docDirection(doc)],
    [0.55, direction(mulberry32(0x0c4c0000 + doc.firstChunk + i))],
  ]);
}

/** A question about chunk `i` of `doc`: three of its nouns in a Korean sentence, and a vector near it. */
export function question(doc: Doc, i: number, seed: number): { text: string; vector: number[] } {
  const random = mulberry32(seed);
  const { nouns } = chunkText(doc, i);
  const pick = () => nouns[Math.floor(random() * nouns.length)];
  const form = QUESTION_FORMS[Math.floor(random() * QUESTION_FORMS.length)];
  const text = form(pick(), pick(), pick());
  // cos(question, anchor) is about 0.78: near the anchor and its document, not on it.
  const vector = mix([[1, chunkVector(doc, i)], [0.8, direction(random)]]);
  return { text, vector: Array.from(vector) };
}

/** pgvector's text form of a stored vector: five significant digits (the column keeps float4). */
export function storedVectorText(v: Float64Array): string {
  return `[${Array.from(v, (x) => x.toPrecision(5)).join(",")}]`;
}

/** Which share of the corpus a document belongs to: the 1% department, the 10% one, or one of the others. */
export type Share = "p1" | "p10" | number;

/**
 * Assigns documents to departments in a random order (so no department's chunks sit together on disk):
 * the 1% department until it holds 1% of the chunks, the 10% one until 10%, the rest round-robin to
 * `others` departments.
 */
export function departments(docs: Doc[], others: number): Share[] {
  const random = mulberry32(31);
  const total = docs.reduce((n, d) => n + d.chunks, 0);
  const order = docs.map((d) => d.index);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const out: Share[] = new Array(docs.length);
  let p1 = 0, p10 = 0, k = 0;
  for (const d of order) {
    const chunks = docs[d].chunks;
    if (p1 + chunks / 2 <= total / 100) (out[d] = "p1"), p1 += chunks;
    else if (p10 + chunks / 2 <= total / 10) (out[d] = "p10"), p10 += chunks;
    else out[d] = k++ % others;
  }
  return out;
}
