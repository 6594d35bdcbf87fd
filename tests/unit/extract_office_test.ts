/**
 * XLSX, PPTX, HWPX and HWP 5 extraction: sheets and slides as sections, Hangul outline styles as headings,
 * tables as rows whose cells carry their column's header, Korean text intact, and a clear refusal of a body
 * that is not the format it claims. The documents are written by tests/_helpers (no committed binaries).
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { ExtractionError, extractText, isSupportedMediaType } from "@/domain/rag/extract/mod.ts";
import {
  HWP_TYPE,
  HWPX_TYPE,
  PPTX_TYPE,
  pptxPresentation,
  XLSX_TYPE,
  xlsxWorkbook,
} from "../_helpers/office_documents.ts";
import { type HangulBlock, hwpDocument, hwpRecord, hwpxDocument } from "../_helpers/hangul_documents.ts";
import { readRecords } from "@/domain/rag/extract/hwp_records.ts";

async function refused(work: Promise<unknown>, reason: string) {
  await assert.rejects(work, (err: unknown) => {
    assert.ok(err instanceof ExtractionError, String(err));
    assert.equal(err.reason, reason, err.message);
    return true;
  });
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** One document's blocks, written as HWPX and as HWP, expected to give the same sections. */
const HANGUL_BLOCKS: HangulBlock[] = [
  { text: "사내 보안 지침" },
  { text: "제1장 총칙", level: 1 },
  { text: "이 지침은 모든 임직원에게 적용된다." },
  { text: "제1조 점검\t주기", level: 2 },
  { table: [["항목", "주기", "담당"], ["서버 점검", "매월", "정보보호팀"], ["비밀번호 변경", "90일", "각 사용자"]] },
  { text: "제2장 부칙", level: 1 },
  { text: "이 지침은 2024년 1월 1일부터 시행한다." },
];

const HANGUL_SECTIONS = [
  { heading: null, headingPath: [], text: "사내 보안 지침" },
  { heading: "제1장 총칙", headingPath: ["제1장 총칙"], text: "이 지침은 모든 임직원에게 적용된다." },
  {
    heading: "제1조 점검 주기",
    headingPath: ["제1장 총칙", "제1조 점검 주기"],
    text: "항목 | 주기 | 담당\n항목: 서버 점검 | 주기: 매월 | 담당: 정보보호팀\n" +
      "항목: 비밀번호 변경 | 주기: 90일 | 담당: 각 사용자",
  },
  { heading: "제2장 부칙", headingPath: ["제2장 부칙"], text: "이 지침은 2024년 1월 1일부터 시행한다." },
];

describe("extractText for XLSX", () => {
  it("makes a section of each sheet, in the workbook's order, its rows labelled by the header row", async () => {
    const body = xlsxWorkbook([
      {
        name: "연락처",
        rows: [["이름", "부서", "내선"], ["김민수", "인사팀", 1234], ["이서연", { inline: "정보보호팀" }, 5678]],
      },
      { name: "메모", rows: [["연락처는 매 분기 갱신합니다."]] },
    ]);
    const doc = await extractText(body, XLSX_TYPE);
    assert.deepEqual(doc.sections, [
      {
        heading: "연락처",
        headingPath: ["연락처"],
        text:
          "이름 | 부서 | 내선\n이름: 김민수 | 부서: 인사팀 | 내선: 1234\n이름: 이서연 | 부서: 정보보호팀 | 내선: 5678",
      },
      { heading: "메모", headingPath: ["메모"], text: "연락처는 매 분기 갱신합니다." },
    ]);
  });

  it("keeps a cell at its column when cells before it are empty", async () => {
    const rows = [["구분", "값", "비고"], ["", "빈칸 뒤", ""]];
    const doc = await extractText(xlsxWorkbook([{ name: "표", rows }]), XLSX_TYPE);
    assert.equal(doc.sections[0].text, "구분 | 값 | 비고\n값: 빈칸 뒤");
  });
});

describe("extractText for PPTX", () => {
  it("makes a section of each slide in the presentation's order, headed by its number and title", async () => {
    const body = pptxPresentation([
      { title: "분기 보고", paragraphs: ["매출이 늘었습니다.", "비용은 줄었습니다."] },
      {
        title: "지역별 실적",
        paragraphs: [],
        table: [["지역", "매출", "전년 대비"], ["서울", "120억", "+5%"], ["부산", "45억", "-2%"]],
      },
    ]);
    const doc = await extractText(body, PPTX_TYPE);
    assert.deepEqual(doc.sections, [
      {
        heading: "슬라이드 1: 분기 보고",
        headingPath: ["슬라이드 1: 분기 보고"],
        text: "매출이 늘었습니다.\n비용은 줄었습니다.",
      },
      {
        heading: "슬라이드 2: 지역별 실적",
        headingPath: ["슬라이드 2: 지역별 실적"],
        text:
          "지역 | 매출 | 전년 대비\n지역: 서울 | 매출: 120억 | 전년 대비: +5%\n지역: 부산 | 매출: 45억 | 전년 대비: -2%",
      },
    ]);
  });
});

describe("a part listed many times", () => {
  /** `zip` with `name`'s list entries (matching `entry`) repeated `times` times. */
  const repeated = (zip: Uint8Array, name: string, entry: RegExp, times: number) => {
    const files = unzipSync(zip);
    const xml = strFromU8(files[name]);
    files[name] = strToU8(xml.replace(entry, (m) => m.repeat(times)));
    return zipSync(files);
  };

  it("reads a sheet the workbook lists 5,000 times once", async () => {
    const body = repeated(
      xlsxWorkbook([{ name: "표", rows: [["가", "나"]] }]),
      "xl/workbook.xml",
      /<sheet [^>]*\/>/,
      5000,
    );
    const doc = await extractText(body, XLSX_TYPE);
    assert.deepEqual(doc.sections.map((s) => s.heading), ["표"]);
  });

  it("reads a slide the presentation lists 5,000 times once", async () => {
    const body = repeated(
      pptxPresentation([{ title: "하나", paragraphs: ["본문"] }]),
      "ppt/presentation.xml",
      /<p:sldId [^>]*\/>/,
      5000,
    );
    const doc = await extractText(body, PPTX_TYPE);
    assert.deepEqual(doc.sections.map((s) => s.heading), ["슬라이드 1: 하나"]);
  });
});

/** The same document with its headings given by outline paragraph shapes rather than styles. */
const BY_SHAPE = HANGUL_BLOCKS.map((block) => "level" in block ? { ...block, byShape: true } : block);

describe("extractText for HWPX", () => {
  it("cuts at the outline styles and keeps table cells beside their headers", async () => {
    for (const type of [HWPX_TYPE, "application/vnd.hancom.hwpx"]) {
      const doc = await extractText(hwpxDocument(HANGUL_BLOCKS), type);
      assert.deepEqual(doc.sections, HANGUL_SECTIONS);
    }
  });

  it("cuts at paragraphs whose shape gives an outline level", async () => {
    assert.deepEqual((await extractText(hwpxDocument(BY_SHAPE), HWPX_TYPE)).sections, HANGUL_SECTIONS);
  });
});

describe("extractText for HWP 5", () => {
  it("reads deflated body records: outline styles as headings, tables as labelled rows, controls skipped", async () => {
    for (const type of [HWP_TYPE, "application/haansofthwp", "application/vnd.hancom.hwp"]) {
      const doc = await extractText(hwpDocument(HANGUL_BLOCKS), type);
      assert.deepEqual(doc.sections, HANGUL_SECTIONS);
    }
  });

  it("cuts at paragraphs whose shape gives an outline level", async () => {
    assert.deepEqual((await extractText(hwpDocument(BY_SHAPE), HWP_TYPE)).sections, HANGUL_SECTIONS);
  });

  it("reads a file whose streams are stored uncompressed", async () => {
    const doc = await extractText(hwpDocument(HANGUL_BLOCKS, { flags: 0 }), HWP_TYPE);
    assert.deepEqual(doc.sections, HANGUL_SECTIONS);
  });

  it("refuses a password-protected document as encrypted", async () => {
    await refused(extractText(hwpDocument(HANGUL_BLOCKS, { flags: 3 }), HWP_TYPE), "encrypted");
  });

  it("counts records across streams against the document's budget", () => {
    const stream = new Uint8Array([...hwpRecord(66, 0, new Uint8Array(22)), ...hwpRecord(67, 1, new Uint8Array(4))]);
    assert.equal(readRecords(stream, { left: 2 }).length, 1);
    assert.throws(
      () => readRecords(stream, { left: 1 }),
      (err: unknown) => (err as ExtractionError).reason === "over_limit",
    );
  });

  it("refuses streams that inflate past the extraction limit", async () => {
    const blocks = Array.from({ length: 400 }, (): HangulBlock => ({ text: "반복되는 문단입니다. ".repeat(20) }));
    await refused(extractText(hwpDocument(blocks), HWP_TYPE, { maxExtractedBytes: 64 * 1024 }), "over_limit");
  });
});

describe("extractText refuses malformed office documents", () => {
  it("answers a body that is not the format it claims with corrupt", async () => {
    const cases: Array<[Uint8Array, string]> = [
      [utf8("PK\u0003\u0004 not really a zip"), XLSX_TYPE],
      [xlsxWorkbook([{ name: "a", rows: [["x"]] }]).slice(0, 120), XLSX_TYPE],
      [pptxPresentation([{ title: "t", paragraphs: ["p"] }]).slice(0, 300), PPTX_TYPE],
      [xlsxWorkbook([{ name: "a", rows: [["x"]] }]), PPTX_TYPE],
      [hwpxDocument(HANGUL_BLOCKS).slice(0, 400), HWPX_TYPE],
      [xlsxWorkbook([{ name: "a", rows: [["x"]] }]), HWPX_TYPE],
      [utf8("HWP Document File but not a compound file"), HWP_TYPE],
      [hwpDocument(HANGUL_BLOCKS).slice(0, 1500), HWP_TYPE],
      [hwpxDocument(HANGUL_BLOCKS), HWP_TYPE],
    ];
    for (const [body, type] of cases) await refused(extractText(body, type), "corrupt");
  });

  it("answers an HWP body whose records are cut short with corrupt", async () => {
    for (const flags of [0, 1]) {
      await refused(extractText(hwpDocument(HANGUL_BLOCKS, { flags, cutBody: 3 }), HWP_TYPE), "corrupt");
    }
  });
});

describe("the ZIP directory check for office packages", () => {
  it("refuses an XLSX, PPTX or HWPX package that inflates past the limit, before inflating it", async () => {
    const packages: Array<[Uint8Array, string]> = [
      [xlsxWorkbook([{ name: "a", rows: Array.from({ length: 200 }, () => ["긴 셀 내용입니다", 123456]) }]), XLSX_TYPE],
      [
        pptxPresentation(Array.from({ length: 30 }, () => ({ title: "제목", paragraphs: ["본문 문단입니다."] }))),
        PPTX_TYPE,
      ],
      [hwpxDocument(Array.from({ length: 200 }, () => ({ text: "한 문단입니다." }))), HWPX_TYPE],
    ];
    for (const [body, type] of packages) {
      await refused(extractText(body, type, { maxExtractedBytes: 4096 }), "over_limit");
      assert.ok((await extractText(body, type, { maxExtractedBytes: 1024 * 1024 })).sections.length > 0);
    }
  });

  it("inflates a part no further than the size the directory declares for it", async () => {
    const rows = Array.from({ length: 20_000 }, (_, n) => [`행 ${n}`, "같은 값", "같은 값"]);
    const body = declareSize(xlsxWorkbook([{ name: "거짓", rows }]), "xl/worksheets/sheet1.xml", 4096);
    const doc = await extractText(body, XLSX_TYPE);
    assert.ok(doc.sections[0].text.length < 4096, `${doc.sections[0].text.length} characters`);
  });
});

/** `zip` with the inflated size of part `name` set to `size` in its local and central headers: a lie. */
function declareSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  const encoded = new TextEncoder().encode(name);
  for (let at = 0; at + 46 <= out.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50 || view.getUint16(at + 28, true) !== encoded.length) continue;
    if (!encoded.every((byte, i) => out[at + 46 + i] === byte)) continue;
    view.setUint32(at + 24, size, true);
    view.setUint32(view.getUint32(at + 42, true) + 22, size, true);
    return out;
  }
  throw new Error(`no part ${name}`);
}

describe("office and Hangul extraction offline", () => {
  it("reads every new format in a process that may not use the network or write", async () => {
    const root = new URL("../../", import.meta.url);
    const bodies: Array<[Uint8Array, string]> = [
      [xlsxWorkbook([{ name: "시트", rows: [["오프라인 셀"]] }]), XLSX_TYPE],
      [pptxPresentation([{ title: "제목", paragraphs: ["오프라인 슬라이드"] }]), PPTX_TYPE],
      [hwpxDocument(HANGUL_BLOCKS), HWPX_TYPE],
      [hwpDocument(HANGUL_BLOCKS), HWP_TYPE],
    ];
    const dir = await Deno.makeTempDir();
    try {
      const script = `${dir}/offline.ts`;
      await Deno.writeTextFile(script, OFFLINE_SCRIPT);
      const args: string[] = [];
      for (const [i, [bytes, type]] of bodies.entries()) {
        await Deno.writeFile(`${dir}/${i}`, bytes);
        args.push(`${dir}/${i}`, type);
      }
      const output = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--deny-net",
          "--deny-write",
          "--allow-read",
          "--allow-env",
          "--no-prompt",
          "--cached-only",
          "--config",
          new URL("deno.json", root).pathname,
          script,
          ...args,
        ],
        cwd: root.pathname,
      }).output();
      const stderr = new TextDecoder().decode(output.stderr);
      assert.equal(output.code, 0, stderr);
      const texts: string[] = JSON.parse(new TextDecoder().decode(output.stdout));
      assert.deepEqual(texts.map((text) => text.split("\n")[0]), [
        "오프라인 셀",
        "오프라인 슬라이드",
        "사내 보안 지침",
        "사내 보안 지침",
      ]);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
});

/** Extracts the files named on its command line (path, media type, ...) and prints their text as JSON. */
const OFFLINE_SCRIPT = `
  import { extractText } from "@/domain/rag/extract/mod.ts";
  const texts = [];
  for (let i = 0; i < Deno.args.length; i += 2) {
    const doc = await extractText(await Deno.readFile(Deno.args[i]), Deno.args[i + 1]);
    texts.push(doc.sections.map((section) => section.text).join("\\n"));
  }
  console.log(JSON.stringify(texts));
`;

describe("supported media types", () => {
  it("include the names HWP, HWPX, XLSX and PPTX travel under", () => {
    for (
      const type of [
        XLSX_TYPE,
        PPTX_TYPE,
        HWPX_TYPE,
        "application/vnd.hancom.hwpx",
        HWP_TYPE,
        "application/haansofthwp",
      ]
    ) assert.ok(isSupportedMediaType(type), type);
  });
});
