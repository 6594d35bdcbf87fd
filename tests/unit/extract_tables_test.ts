/**
 * The pieces office extraction is built from: tables as lines whose cells carry their column's header, and a
 * worksheet's and shared string table's cells read as a stream.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { sharedStrings, sheetRows } from "@/domain/rag/extract/xlsx_cells.ts";
import { tableText } from "@/domain/rag/extract/table.ts";

describe("tables as text", () => {
  it("labels cells by a header row of three or more short column names", () => {
    assert.equal(
      tableText([["성명", "직급", "연락처"], ["홍길동", "과장", "1234"], ["", "", ""], ["", "대리", ""]]),
      "성명 | 직급 | 연락처\n성명: 홍길동 | 직급: 과장 | 연락처: 1234\n직급: 대리",
    );
  });

  it("finds the header row below a sheet's title", () => {
    const rows = [["2024년 직원 명단"], [], ["성명", "직급", "연락처"], ["홍길동", "과장", "1234"]];
    assert.equal(tableText(rows), "2024년 직원 명단\n성명 | 직급 | 연락처\n성명: 홍길동 | 직급: 과장 | 연락처: 1234");
  });

  it("keeps two-column tables, forms of label and value, as plain rows", () => {
    assert.equal(
      tableText([["과목명", "데이터베이스"], ["담당교수", "김교수"]]),
      "과목명 | 데이터베이스\n담당교수 | 김교수",
    );
  });

  it("takes no first row of data or prose for a header", () => {
    assert.equal(tableText([["2024", "2025", "2026"], ["1", "2", "3"]]), "2024 | 2025 | 2026\n1 | 2 | 3");
    const prose = "이 표는 부서별 연락처를 정리한 것으로 매 분기 인사팀이 갱신하며 변경 사항은 즉시 반영합니다";
    assert.equal(tableText([[prose, "b", "c"], ["1", "2", "3"]]), `${prose} | b | c\n1 | 2 | 3`);
  });
});

describe("worksheet cells", () => {
  it("reads rich-text strings without their phonetic runs, and inline, boolean and formula cells", () => {
    const strings = sharedStrings(
      `<sst><si><r><t>정보</t></r><r><rPr><b/></rPr><t xml:space="preserve">보호 </t></r><rPh><t>じょうほう</t></rPh>` +
        `</si><si><t>A&amp;B</t></si></sst>`,
    );
    assert.deepEqual(strings, ["정보보호 ", "A&B"]);
    const rows = sheetRows(
      `<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>1</v></c><c r="C1" t="b"><v>1</v></c>` +
        `<c r="D1" t="str"><f>A1&amp;"x"</f><v>A&amp;Bx</v></c><c t="inlineStr"><is><t>다음 칸</t></is></c></row>` +
        `</sheetData></worksheet>`,
      strings,
    );
    // Column B holds no text in any row: it is left out.
    assert.deepEqual(rows, [["A&B", "TRUE", "A&Bx", "다음 칸"]]);
  });

  it("lays a sheet out by the columns that hold text, so cells naming column XFD cost their cells only", () => {
    const rows = sheetRows(
      `<worksheet><sheetData>` +
        Array.from(
          { length: 2000 },
          (_, r) => `<row r="${r + 2}"><c r="A${r + 2}"><v>${r}</v></c><c r="XFD${r + 2}"><v>끝</v></c></row>`,
        )
          .join("") +
        `<row r="1"><c r="A1" t="inlineStr"><is><t>번호</t></is></c><c r="C1" t="inlineStr"><is><t>비고</t></is></c></row>` +
        `</sheetData></worksheet>`,
      [],
    );
    assert.equal(rows.length, 2001);
    assert.deepEqual(rows[0], ["0", "", "끝"]);
    assert.deepEqual(rows[2000], ["번호", "비고", ""]);
    assert.ok(rows.every((r) => r.length === 3));
  });
});
