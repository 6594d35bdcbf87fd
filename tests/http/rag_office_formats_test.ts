/**
 * XLSX, PPTX, HWPX and HWP 5 through the real ingestion path: fetched from a content host, extracted in the
 * isolated extraction processes, chunked with their sheet, slide and outline headings, and answered from: a
 * Korean question whose answer is a table cell cites the spreadsheet or Hangul document holding it. A
 * malformed body of each format fails with 422 content_unprocessable and leaves no chunk behind.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Problem } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import {
  HWP_TYPE,
  HWPX_TYPE,
  PPTX_TYPE,
  pptxPresentation,
  XLSX_TYPE,
  xlsxWorkbook,
} from "../_helpers/office_documents.ts";
import { type HangulBlock, hwpDocument, hwpxDocument } from "../_helpers/hangul_documents.ts";

let rag: RagTestApp;
before(async () => {
  rag = await startRagApp();
  const distractors: Array<[string, string]> = [
    ["전화 사용 안내", "사내 전화의 내선 번호는 사내 포털의 조직도에서 찾습니다. 외부 전화는 0번을 누릅니다."],
    ["정보보호 교육", "정보보호팀은 매년 보안 교육을 엽니다. 교육은 온라인으로 듣습니다."],
    ["점검 절차", "점검 결과는 보고서로 남깁니다. 점검 일정은 팀 달력에 등록합니다."],
  ];
  for (const [i, [title, text]] of distractors.entries()) {
    const doc = await rag.document(`/note-${i}.html`, `<h1>${title}</h1><p>${text}</p>`, { title });
    assert.equal((await post<schemas.IngestionResult>(doc)).status, 200);
  }
});
after(async () => {
  await rag.stop();
});

async function post<T = Problem<{ documentId?: string }>>(doc: Record<string, unknown>) {
  const res = await rag.call("/documents", { method: "POST", json: doc });
  return { status: res.status, b: await body<T>(res) };
}

/** An ingestion request for `bytes` served as `type`. */
async function fileRequest(
  path: string,
  bytes: Uint8Array,
  type: string,
  title: string,
): Promise<Record<string, unknown>> {
  const served = await rag.host.putHashed(path, { body: bytes, type });
  return {
    ...await rag.document(`/unused${path}.html`, "<p>unused</p>", { title }),
    contentLocator: served.url,
    checksum: served.sha256,
    sizeBytes: served.size,
    contentType: type,
  };
}

const chunksOf = (documentId: string) =>
  rag.system((tx) =>
    tx`select content, heading_path from rag.tb_doc_chunk_vector where document_id = ${documentId} order by chunk_index`
  );

const CONTACTS = xlsxWorkbook([
  {
    name: "부서 연락처",
    rows: [["부서", "담당자", "내선"], ["인사팀", "김민수", 1234], ["정보보호팀", "이서연", 5678]],
  },
]);

const POLICY: HangulBlock[] = [
  { text: "보안 점검 지침", level: 1 },
  { text: "정기 점검의 항목과 주기는 다음 표와 같다." },
  {
    table: [["점검 항목", "점검 주기", "담당"], ["서버 취약점 점검", "분기마다", "보안팀"], [
      "비밀번호 변경",
      "90일마다",
      "전 직원",
    ]],
  },
];

const FORMATS: Array<{ name: string; type: string; bytes: Uint8Array; line: RegExp; heading: string[] }> = [
  {
    name: "xlsx",
    type: XLSX_TYPE,
    bytes: CONTACTS,
    line: /부서: 정보보호팀 \| 담당자: 이서연 \| 내선: 5678/,
    heading: ["부서 연락처"],
  },
  {
    name: "pptx",
    type: PPTX_TYPE,
    bytes: pptxPresentation([{
      title: "지역 실적",
      paragraphs: ["요약"],
      table: [["지역", "매출", "순위"], ["부산", "45억", "2위"]],
    }]),
    line: /지역: 부산 \| 매출: 45억 \| 순위: 2위/,
    heading: ["슬라이드 1: 지역 실적"],
  },
  {
    name: "hwpx",
    type: HWPX_TYPE,
    bytes: hwpxDocument(POLICY),
    line: /점검 항목: 서버 취약점 점검 \| 점검 주기: 분기마다/,
    heading: ["보안 점검 지침"],
  },
  {
    name: "hwp",
    type: HWP_TYPE,
    bytes: hwpDocument(POLICY),
    line: /점검 항목: 비밀번호 변경 \| 점검 주기: 90일마다/,
    heading: ["보안 점검 지침"],
  },
];

describe("office and Hangul documents through ingestion", () => {
  for (const format of FORMATS) {
    it(`indexes a ${format.name} body with its heading and its table rows labelled`, async () => {
      const doc = await fileRequest(`/index.${format.name}`, format.bytes, format.type, `${format.name} 문서`);
      const { status, b } = await post<schemas.IngestionResult>(doc);
      assert.equal(status, 200, JSON.stringify(b));
      const chunks = await chunksOf(b.documentId);
      const holding = chunks.find((chunk) => format.line.test(chunk.content));
      assert.ok(holding, JSON.stringify(chunks));
      assert.deepEqual(holding.heading_path, format.heading);
    });
  }

  const malformed: Array<[string, string, Uint8Array]> = [
    ["xlsx", XLSX_TYPE, CONTACTS.slice(0, CONTACTS.length - 30)],
    ["pptx", PPTX_TYPE, CONTACTS],
    ["hwpx", HWPX_TYPE, new TextEncoder().encode("PK\u0003\u0004 not a package")],
    ["hwp", HWP_TYPE, hwpDocument(POLICY, { cutBody: 3, flags: 0 })],
  ];
  for (const [name, type, bytes] of malformed) {
    // A body that is not what it claims is `content_unprocessable`, as a corrupt PDF or DOCX is (ingest_job.ts).
    it(`fails a malformed ${name} body with 422 content_unprocessable naming the fault, and no chunk`, async () => {
      const { status, b } = await post(await fileRequest(`/broken.${name}`, bytes, type, `깨진 ${name}`));
      assert.deepEqual([status, b.code], [422, "content_unprocessable"], JSON.stringify(b));
      assert.match(b.detail, /ZIP|XLSX|PPTX|HWP/);
      const state = await body<schemas.DocumentState>(await rag.call(`/documents/${b.documentId}`));
      assert.deepEqual([state.status, state.errorCode], ["failed", "content_unprocessable"]);
      assert.equal((await chunksOf(b.documentId!)).length, 0);
    });
  }

  it("keeps serving the indexed version when its replacement is malformed", async () => {
    const v1 = await fileRequest("/kept.xlsx", CONTACTS, XLSX_TYPE, "유지되는 연락처");
    const first = await post<schemas.IngestionResult>(v1);
    assert.equal(first.status, 200, JSON.stringify(first.b));
    const before = await chunksOf(first.b.documentId);
    const broken = await fileRequest("/kept-v2.xlsx", CONTACTS.slice(0, 200), XLSX_TYPE, "유지되는 연락처");
    const { status, b } = await post({ ...broken, sourceDocumentId: v1.sourceDocumentId, sourceVersion: "v2" });
    assert.deepEqual(
      [status, b.code, b.documentId],
      [422, "content_unprocessable", first.b.documentId],
      JSON.stringify(b),
    );
    assert.deepEqual(await chunksOf(first.b.documentId), before);
    const state = await body<schemas.DocumentState>(await rag.call(`/documents/${first.b.documentId}`));
    assert.equal(state.indexedVersion, "v1");
  });

  it("fails an XLSX whose parts inflate hundreds of times with content_unprocessable, before inflating them", async () => {
    const rows = Array.from({ length: 40_000 }, () => ["같은 값", "같은 값", "같은 값"]);
    const bomb = xlsxWorkbook([{ name: "폭탄", rows }]);
    const { status, b } = await post(await fileRequest("/bomb.xlsx", bomb, XLSX_TYPE, "폭탄"));
    assert.deepEqual([status, b.code], [422, "content_unprocessable"], JSON.stringify(b));
    assert.match(b.detail, /xl\/\w+\/?\w*\.xml inflates \d+ times/);
    assert.equal((await chunksOf(b.documentId!)).length, 0);
  });
});

/** Documents only the questions below are about; those indexed above stay as look-alike distractors. */
const ROSTER = xlsxWorkbook([
  {
    name: "비상 연락망",
    rows: [["부서", "담당자", "비상 연락처"], ["재무팀", "박지훈", "010-4321-8765"], [
      "총무팀",
      "최유진",
      "010-2468-1357",
    ]],
  },
]);
const BACKUP: HangulBlock[] = [
  { text: "백업 운영 기준", level: 1 },
  { text: "백업 대상별 주기와 보관 기간은 다음과 같다." },
  {
    table: [["백업 대상", "백업 주기", "보관 기간"], ["회계 데이터베이스", "매일 새벽", "5년"], [
      "메일 서버",
      "매주 금요일",
      "1년",
    ]],
  },
];

describe("answers from a table cell", () => {
  const cases: Array<[string, string, Uint8Array, string, string, RegExp]> = [
    [
      "an XLSX sheet",
      XLSX_TYPE,
      ROSTER,
      "비상 연락망 명단",
      "재무팀 담당자의 비상 연락처는 무엇인가요?",
      /010-4321-8765/,
    ],
    [
      "an HWPX table",
      HWPX_TYPE,
      hwpxDocument(BACKUP),
      "백업 운영 기준서",
      "메일 서버의 백업 주기는 어떻게 되나요?",
      /매주 금요일/,
    ],
    [
      "an HWP table",
      HWP_TYPE,
      hwpDocument([
        { text: "출장비 지급 기준", level: 1 },
        { table: [["구분", "일비", "숙박비"], ["임원", "8만원", "20만원"], ["직원", "5만원", "12만원"]] },
      ]),
      "출장비 규정",
      "직원의 숙박비는 얼마인가요?",
      /12만원/,
    ],
  ];
  for (const [label, type, bytes, title, question, answer] of cases) {
    it(`cites ${label} for a Korean question answered by one of its cells`, async () => {
      const doc = await fileRequest(`/ask-${cases.findIndex((c) => c[0] === label)}`, bytes, type, title);
      const indexed = await post<schemas.IngestionResult>(doc);
      assert.equal(indexed.status, 200, JSON.stringify(indexed.b));
      const res = await rag.call("/ask", { method: "POST", json: { question } });
      const b = await body<schemas.Answer>(res);
      assert.equal(res.status, 200, JSON.stringify(b));
      assert.equal(b.grounded, true);
      const marker = /\[(\d+)\]/.exec(b.answer.slice(b.answer.search(answer)))?.[1];
      assert.match(b.answer, answer);
      const cited = b.citations.find((c) => String(c.marker) === marker);
      assert.ok(cited, JSON.stringify(b));
      assert.deepEqual([cited.documentId, cited.title], [indexed.b.documentId, title]);
      assert.match(cited.excerpt, answer);
    });
  }
});
