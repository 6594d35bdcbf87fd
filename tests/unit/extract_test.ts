import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow } from "docx";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, PDFHexString, PDFName, type PDFRef, StandardFonts } from "pdf-lib";
import { type ExtractedDocument, ExtractionError, extractText } from "@/domain/rag/extract/mod.ts";

const NANUM = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf";
const hasNanum = (() => {
  try {
    return Deno.statSync(NANUM).isFile;
  } catch {
    return false;
  }
})();

const utf8 = (text: string) => new TextEncoder().encode(text);

/** EUC-KR bytes for `text`, built from the platform decoder since TextEncoder only writes UTF-8. */
function eucKr(text: string): Uint8Array {
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder("euc-kr");
  for (let lead = 0xb0; lead <= 0xc8; lead++) {
    for (let trail = 0xa1; trail <= 0xfe; trail++) {
      table.set(decoder.decode(new Uint8Array([lead, trail])), [lead, trail]);
    }
  }
  return new Uint8Array(
    [...text].flatMap((char) => char.charCodeAt(0) < 0x80 ? [char.charCodeAt(0)] : table.get(char)!),
  );
}

function headings(doc: ExtractedDocument) {
  return doc.sections.map((section) => section.headingPath.join(" > "));
}

function fullText(doc: ExtractedDocument): string {
  return doc.sections.map((section) => section.text).join("\n\n");
}

async function refused(promise: Promise<unknown>, reason: string) {
  await assert.rejects(promise, (err) => err instanceof ExtractionError && err.reason === reason);
}

/**
 * A one-page PDF in a non-embedded Korean font (UniKS-UCS2-H): its text needs
 * pdf.js's CMap files. With `locked`, it carries a standard security handler
 * whose user password is not empty, so it cannot be opened without one.
 */
function cmapKoreanPdf(text: string, locked = false): Uint8Array {
  const hex = [...text].map((char) => char.codePointAt(0)!.toString(16).padStart(4, "0")).join("");
  const stream = `BT /F1 12 Tf 50 780 Td <${hex}> Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type0 /BaseFont /HYSMyeongJo-Medium /Encoding /UniKS-UCS2-H /DescendantFonts [6 0 R] >>",
    "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /HYSMyeongJo-Medium " +
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (Korea1) /Supplement 1 >> /FontDescriptor 7 0 R >>",
    "<< /Type /FontDescriptor /FontName /HYSMyeongJo-Medium /Flags 6 /FontBBox [0 -148 1001 880] " +
    "/ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>",
  ];
  const secret = "<" + "ab".repeat(32) + ">";
  if (locked) objects.push(`<< /Filter /Standard /V 1 /R 2 /O ${secret} /U ${secret} /P -4 >>`);
  const security = locked ? ` /Encrypt 8 0 R /ID [<${"01".repeat(16)}> <${"01".repeat(16)}>]` : "";
  let pdf = "%PDF-1.4\n";
  const offsets = objects.map((object, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${security} >>\nstartxref\n${xref}\n%%EOF\n`;
  return utf8(pdf);
}

interface Bookmark {
  title: string;
  page: number;
  children?: Bookmark[];
}

/** Writes `bookmarks` as the PDF's outline; pdf-lib has no high-level API for it. */
function addOutline(doc: PDFDocument, bookmarks: Bookmark[]): void {
  const root = doc.context.nextRef();
  const [first, last] = outlineLevel(doc, bookmarks, root);
  doc.context.assign(root, doc.context.obj({ Type: "Outlines", First: first, Last: last, Count: bookmarks.length }));
  doc.catalog.set(PDFName.of("Outlines"), root);
}

function outlineLevel(doc: PDFDocument, bookmarks: Bookmark[], parent: PDFRef): [PDFRef, PDFRef] {
  const refs = bookmarks.map(() => doc.context.nextRef());
  bookmarks.forEach((bookmark, i) => {
    const item = doc.context.obj({
      Title: PDFHexString.fromText(bookmark.title),
      Parent: parent,
      Dest: [doc.getPage(bookmark.page).ref, "XYZ", null, null, null],
    });
    if (i > 0) item.set(PDFName.of("Prev"), refs[i - 1]);
    if (i < refs.length - 1) item.set(PDFName.of("Next"), refs[i + 1]);
    if (bookmark.children?.length) {
      const [first, last] = outlineLevel(doc, bookmark.children, refs[i]);
      item.set(PDFName.of("First"), first);
      item.set(PDFName.of("Last"), last);
      item.set(PDFName.of("Count"), doc.context.obj(bookmark.children.length));
    }
    doc.context.assign(refs[i], item);
  });
  return [refs[0], refs[refs.length - 1]];
}

/** Draws lines top-down 14 points apart; a `null` adds a gap that reads as a paragraph break. */
function drawLines(lines: Array<string | null>, draw: (text: string, y: number) => void): void {
  let y = 760;
  for (const line of lines) {
    if (line === null) y -= 20;
    else {
      draw(line, y);
      y -= 14;
    }
  }
}

async function koreanPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(await Deno.readFile(NANUM), { subset: true });
  const pages: Array<Array<string | null>> = [
    [
      "사내 보안 규정집",
      null,
      "제1장 총칙",
      null,
      "이 규정은 회사의 모든 임직원에게",
      "적용된다. 예외는 없습니다.",
      null,
    ],
    ["제1조 목적", null, "이 조는 정보보안의 목적을 정한다.", null, "제2장 보안", null, "점검은 매년 실시합니다."],
    ["결과는 CISO에게 보고합니다. Version 3.5 applies."],
  ];
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    drawLines(lines, (text, y) => page.drawText(text, { x: 50, y, size: 12, font }));
  }
  addOutline(doc, [
    { title: "제1장 총칙", page: 0, children: [{ title: "제1조 목적", page: 1 }] },
    { title: "제2장 보안", page: 1 },
  ]);
  return await doc.save();
}

async function englishPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([595, 842]);
    const lines = [
      `Page ${n} opens here.`,
      null,
      "The policy applies to every employee and",
      "every contractor.",
      null,
    ];
    drawLines(lines, (text, y) => page.drawText(text, { x: 50, y, size: 12, font }));
  }
  return await doc.save();
}

async function koreanDocx(): Promise<Uint8Array> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const doc = new Document({
    sections: [{
      children: [
        new Paragraph({ text: "보안 지침", heading: HeadingLevel.TITLE }),
        new Paragraph("머리말입니다."),
        new Paragraph({ text: "제1장 총칙", heading: HeadingLevel.HEADING_1 }),
        new Paragraph("이 지침은 모든 임직원에게 적용된다."),
        new Paragraph({ text: "제1조 목적", heading: HeadingLevel.HEADING_2 }),
        new Paragraph("정보를 보호한다. 비밀번호는 90일마다 바꿉니다."),
        new Table({
          rows: [
            new TableRow({ children: [cell("항목"), cell("주기")] }),
            new TableRow({ children: [cell("점검"), cell("매년")] }),
          ],
        }),
        new Paragraph({ text: "제2장 부칙", heading: HeadingLevel.HEADING_1 }),
        new Paragraph("이 지침은 2024년 1월 1일부터 시행한다."),
      ],
    }],
  });
  return new Uint8Array(await Packer.toArrayBuffer(doc));
}

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>무시되는 제목</title>
<style>h1 { color: red }</style><script>document.write("스크립트");</script></head>
<body>
  <nav><a href="/">홈</a> | <a href="/menu">메뉴</a></nav>
  <p>머리말 &amp; 안내&nbsp;문구.</p>
  <h1>제1장 <em>총칙</em></h1>
  <p>이 규정은   회사의
     모든 임직원에게 적용된다.<br>두 번째 줄입니다.</p>
  <h2>제1조 목적</h2>
  <div><div><p>정보를 보호한다 &lt;중요&gt;.</p></div></div>
  <table><tr><th>항목</th><th>주기</th></tr><tr><td>점검</td><td>매년</td></tr></table>
  <ul><li>하나</li><li>둘</li></ul>
  <h3>세부</h3><p>Version 3.5 applies, e.g. to Dr. Kim.</p>
  <h2>제2조 범위</h2><pre>line one
  line two</pre>
  <h1>제2장 부칙</h1><noscript>no js</noscript><p>끝.</p>
</body></html>`;

describe("extractText for HTML", () => {
  it("cuts sections at h1-h6 and records each heading path", async () => {
    const doc = await extractText(utf8(PAGE), "text/html; charset=utf-8");
    assert.deepEqual(headings(doc), [
      "",
      "제1장 총칙",
      "제1장 총칙 > 제1조 목적",
      "제1장 총칙 > 제1조 목적 > 세부",
      "제1장 총칙 > 제2조 범위",
      "제2장 부칙",
    ]);
    assert.deepEqual(doc.sections.map((section) => section.heading), [
      null,
      "제1장 총칙",
      "제1조 목적",
      "세부",
      "제2조 범위",
      "제2장 부칙",
    ]);
  });

  it("keeps paragraphs, line breaks and table rows and decodes entities", async () => {
    const doc = await extractText(utf8(PAGE), "text/html");
    assert.equal(doc.sections[0].text, "머리말 & 안내 문구.");
    assert.equal(doc.sections[1].text, "이 규정은 회사의 모든 임직원에게 적용된다.\n두 번째 줄입니다.");
    assert.equal(doc.sections[2].text, "정보를 보호한다 <중요>.\n\n항목 | 주기\n점검 | 매년\n\n하나\n둘");
    assert.equal(doc.sections[4].text, "line one\nline two");
  });

  it("drops scripts, styles, navigation, the head and noscript", async () => {
    const text = fullText(await extractText(utf8(PAGE), "text/html"));
    for (const noise of ["스크립트", "color", "메뉴", "무시되는", "no js"]) assert.ok(!text.includes(noise), noise);
  });

  it("reads EUC-KR from the charset parameter or from a meta tag", async () => {
    const html = '<html><head><meta http-equiv="Content-Type" content="text/html; charset=euc-kr"></head>' +
      "<body><h1>공지</h1><p>한글 본문입니다.</p></body></html>";
    for (const contentType of ["text/html; charset=EUC-KR", "text/html"]) {
      const doc = await extractText(eucKr(html), contentType);
      assert.deepEqual(doc.sections, [{ heading: "공지", headingPath: ["공지"], text: "한글 본문입니다." }]);
    }
  });

  it("reads application/xhtml+xml as HTML", async () => {
    const doc = await extractText(utf8("<html><body><h2>제목</h2><p>본문</p></body></html>"), "application/xhtml+xml");
    assert.deepEqual(doc.sections, [{ heading: "제목", headingPath: ["제목"], text: "본문" }]);
  });
});

describe("extractText for plain text", () => {
  it("decodes UTF-8 with or without a byte order mark and keeps paragraphs", async () => {
    const body = "첫 문단입니다.\r\n둘째 줄.\r\n\r\n\r\n둘째 문단.  ";
    for (const bytes of [utf8(body), new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(body)])]) {
      const doc = await extractText(bytes, "text/plain;charset=utf-8");
      assert.deepEqual(doc.sections, [{
        heading: null,
        headingPath: [],
        text: "첫 문단입니다.\n둘째 줄.\n\n둘째 문단.",
      }]);
    }
  });

  it("decodes EUC-KR when declared, when undeclared, and when mislabelled as UTF-8 or Latin-1", async () => {
    const bytes = eucKr("사내 공지: 보안 점검은 매년 실시합니다.");
    for (
      const contentType of [
        "text/plain; charset=euc-kr",
        'text/plain; charset="cp949"',
        "text/plain",
        "text/plain; charset=utf-8",
        "text/plain; charset=iso-8859-1",
      ]
    ) {
      const doc = await extractText(bytes, contentType);
      assert.equal(doc.sections[0].text, "사내 공지: 보안 점검은 매년 실시합니다.", contentType);
    }
  });

  it("decodes UTF-16 with a byte order mark", async () => {
    const units = [..."한글 text"].flatMap((char) => [char.charCodeAt(0) & 0xff, char.charCodeAt(0) >> 8]);
    const doc = await extractText(new Uint8Array([0xff, 0xfe, ...units]), "text/plain");
    assert.equal(doc.sections[0].text, "한글 text");
  });
});

describe("extractText for Markdown", () => {
  it("cuts at ATX and setext headings and drops Markdown syntax", async () => {
    const markdown = "서문입니다.\n\n# 제1장 총칙\n\n**굵게** 쓴 문장과 [링크](http://example.com)입니다.\n\n" +
      "## 제1조 `목적`\n\n- 하나\n- 둘\n\n<script>alert(1)</script>\n\n제2장\n===\n\n| 항목 | 주기 |\n|---|---|\n| 점검 | 매년 |\n";
    for (const contentType of ["text/markdown; charset=UTF-8", "text/x-markdown"]) {
      const doc = await extractText(utf8(markdown), contentType);
      assert.deepEqual(doc.sections, [
        { heading: null, headingPath: [], text: "서문입니다." },
        { heading: "제1장 총칙", headingPath: ["제1장 총칙"], text: "굵게 쓴 문장과 링크입니다." },
        { heading: "제1조 목적", headingPath: ["제1장 총칙", "제1조 목적"], text: "하나\n둘" },
        { heading: "제2장", headingPath: ["제2장"], text: "항목 | 주기\n점검 | 매년" },
      ]);
    }
  });
});

describe("extractText for DOCX", () => {
  it("reads heading styles named in Korean", async () => {
    const doc = new Document({
      styles: { paragraphStyles: [{ id: "KoreanHeading2", name: "제목 2", basedOn: "Normal", run: { bold: true } }] },
      sections: [{
        children: [new Paragraph({ text: "개요", style: "KoreanHeading2" }), new Paragraph("본문입니다.")],
      }],
    });
    const bytes = new Uint8Array(await Packer.toArrayBuffer(doc));
    const extracted = await extractText(
      bytes,
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    assert.deepEqual(extracted.sections, [{ heading: "개요", headingPath: ["개요"], text: "본문입니다." }]);
  });

  it("turns the title and heading styles into sections with Korean text intact", async () => {
    const doc = await extractText(
      await koreanDocx(),
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    assert.deepEqual(doc.sections, [
      { heading: "보안 지침", headingPath: ["보안 지침"], text: "머리말입니다." },
      { heading: "제1장 총칙", headingPath: ["제1장 총칙"], text: "이 지침은 모든 임직원에게 적용된다." },
      {
        heading: "제1조 목적",
        headingPath: ["제1장 총칙", "제1조 목적"],
        text: "정보를 보호한다. 비밀번호는 90일마다 바꿉니다.\n\n항목 | 주기\n점검 | 매년",
      },
      { heading: "제2장 부칙", headingPath: ["제2장 부칙"], text: "이 지침은 2024년 1월 1일부터 시행한다." },
    ]);
  });
});

describe("extractText for PDF", () => {
  it(
    "reads Korean in an embedded font, cut at the outline's entries",
    { skip: !hasNanum && `${NANUM} missing` },
    async () => {
      const doc = await extractText(await koreanPdf(), "application/pdf");
      assert.deepEqual(doc.sections, [
        { heading: null, headingPath: [], text: "사내 보안 규정집" },
        {
          heading: "제1장 총칙",
          headingPath: ["제1장 총칙"],
          text: "이 규정은 회사의 모든 임직원에게 적용된다. 예외는 없습니다.",
        },
        { heading: "제1조 목적", headingPath: ["제1장 총칙", "제1조 목적"], text: "이 조는 정보보안의 목적을 정한다." },
        {
          heading: "제2장 보안",
          headingPath: ["제2장 보안"],
          text: "점검은 매년 실시합니다.\n\n결과는 CISO에게 보고합니다. Version 3.5 applies.",
        },
      ]);
    },
  );

  it("reads Korean in a non-embedded font through the CMaps shipped with pdf.js", async () => {
    const doc = await extractText(cmapKoreanPdf("한글 문서입니다. 보안 점검."), "application/pdf");
    assert.deepEqual(doc.sections, [{ heading: null, headingPath: [], text: "한글 문서입니다. 보안 점검." }]);
  });

  it("reads the pages of a PDF without an outline in order, joining wrapped lines", async () => {
    const doc = await extractText(await englishPdf(3), "application/pdf");
    const paragraphs = [1, 2, 3].flatMap((
      n,
    ) => [`Page ${n} opens here.`, "The policy applies to every employee and every contractor."]);
    assert.deepEqual(doc.sections, [{ heading: null, headingPath: [], text: paragraphs.join("\n\n") }]);
  });

  it("leaves the caller's buffer usable", async () => {
    const body = await englishPdf(1);
    const copy = body.slice();
    await extractText(body, "application/pdf");
    assert.deepEqual(body, copy);
  });
});

describe("extractText refusals", () => {
  it("refuses an unsupported media type", async () => {
    await refused(extractText(utf8("GIF89a"), "image/gif"), "unsupported_media_type");
    await refused(extractText(utf8("{}"), "application/json; charset=utf-8"), "unsupported_media_type");
  });

  it("refuses a corrupt PDF and a truncated one", async () => {
    await refused(extractText(utf8("%PDF-1.7\nthis is not a pdf"), "application/pdf"), "corrupt");
    const whole = await englishPdf(2);
    await refused(extractText(whole.slice(0, whole.length - 40), "application/pdf"), "corrupt");
  });

  it("refuses a password-protected PDF", async () => {
    await refused(extractText(cmapKoreanPdf("비밀", true), "application/pdf"), "encrypted");
  });

  it("refuses a corrupt DOCX and a ZIP that is not a Word document", async () => {
    const docx = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    await refused(extractText(utf8("PK\u0003\u0004 not really a zip"), docx), "corrupt");
    const zip = (await koreanDocx()).slice(0, 200);
    await refused(extractText(zip, docx), "corrupt");
  });

  it("refuses a body without text", async () => {
    await refused(extractText(utf8("  \n\n "), "text/plain"), "empty");
    await refused(extractText(utf8("<html><script>x()</script></html>"), "text/html"), "empty");
    const blank = await PDFDocument.create();
    blank.addPage();
    await refused(extractText(await blank.save(), "application/pdf"), "empty");
  });
});

describe("extractText offline", () => {
  it("extracts every format in a process that may not use the network", async () => {
    const root = new URL("../../", import.meta.url);
    const script = await Deno.makeTempFile({ suffix: ".ts" });
    await Deno.writeTextFile(script, OFFLINE_SCRIPT);
    const files = await Promise.all([".pdf", ".pdf", ".docx"].map((suffix) => Deno.makeTempFile({ suffix })));
    await Deno.writeFile(files[0], cmapKoreanPdf("네트워크 없이 읽는다."));
    await Deno.writeFile(files[1], await englishPdf(1));
    await Deno.writeFile(files[2], await koreanDocx());
    try {
      const permissions = ["--deny-net", "--allow-read", "--allow-env", "--allow-ffi", "--allow-sys", "--no-prompt"];
      const output = await new Deno.Command(Deno.execPath(), {
        args: ["run", ...permissions, "--config", new URL("deno.json", root).pathname, script, ...files],
        cwd: root.pathname,
      }).output();
      const stderr = new TextDecoder().decode(output.stderr);
      assert.equal(output.code, 0, stderr);
      assert.ok(!/Net|fetch/i.test(stderr), stderr);
      const [cmapText, standardText, docxText, markdownText] = JSON.parse(new TextDecoder().decode(output.stdout));
      assert.equal(cmapText, "네트워크 없이 읽는다.");
      assert.ok(standardText.startsWith("Page 1 opens here."), standardText);
      assert.ok(docxText.includes("비밀번호는 90일마다 바꿉니다."), docxText);
      assert.equal(markdownText, "본문");
    } finally {
      await Promise.all([script, ...files].map((path) => Deno.remove(path)));
    }
  });
});

/** Extracts the files named on its command line and prints their text as JSON. */
const OFFLINE_SCRIPT = `
  import { extractText } from "@/domain/rag/extract/mod.ts";
  const [cmapPdf, standardPdf, docx] = await Promise.all(Deno.args.map((path) => Deno.readFile(path)));
  const docs = [
    await extractText(cmapPdf, "application/pdf"),
    await extractText(standardPdf, "application/pdf"),
    await extractText(docx, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    await extractText(new TextEncoder().encode("# 제목\\n\\n본문"), "text/markdown"),
  ];
  console.log(JSON.stringify(docs.map((doc) => doc.sections.map((section) => section.text).join(" "))));
`;
