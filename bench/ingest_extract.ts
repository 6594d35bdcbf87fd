/**
 * Ingestion text path: extract + chunk (800/120) of a ~4 KB Korean/English HTML
 * page and of a 20-page PDF, each beside its parsing library alone (htmlparser2
 * with empty handlers; pdf.js reading every page's text items) measured in the
 * same run, so the ratio is what our walking, sentence splitting and chunking add.
 */
import fontkit from "@pdf-lib/fontkit";
import { Parser } from "htmlparser2";
import { PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { chunkDocument, extractText } from "@/domain/rag/mod.ts";
import type { Figure } from "./_report.ts";

const OPTIONS = { chunkSize: 800, chunkOverlap: 120 };
const PAGES = 20;
const NANUM = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf";
const KOREAN = "정보보안 담당자는 매년 점검을 실시해야 합니다. 결과는 정보보호최고책임자에게 보고한다.";
const ENGLISH = "The threshold is 3.5 percent for every team, e.g. for Dr. Kim's office.";

/** A ~4 KB page: nav, script, three chapters of paragraphs, a table and a list. */
function htmlPage(): Uint8Array {
  const chapter = (n: number) =>
    `<h2>제${n}장 보안 점검</h2><p>${KOREAN} ${ENGLISH}</p><p>${KOREAN}</p>` +
    `<h3>제${n}조 세부</h3><table><tr><th>항목</th><th>주기</th></tr><tr><td>점검</td><td>매년</td></tr></table>` +
    `<ul><li>${ENGLISH}</li><li>${KOREAN}</li></ul>`;
  const html = `<html><head><script>var menu = 1;</script></head><body><nav>홈 | 메뉴</nav><h1>사내 규정</h1>` +
    [1, 2, 3, 4, 5, 6].map(chapter).join("") + "</body></html>";
  return new TextEncoder().encode(html);
}

async function pdfFile(): Promise<{ bytes: Uint8Array; korean: boolean }> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const korean = await Deno.stat(NANUM).then(() => true, () => false);
  const font: PDFFont = korean
    ? await doc.embedFont(await Deno.readFile(NANUM), { subset: true })
    : await doc.embedFont(StandardFonts.Helvetica);
  const line = korean ? `${KOREAN} ${ENGLISH}` : ENGLISH;
  for (let n = 0; n < PAGES; n++) {
    const page = doc.addPage([595, 842]);
    for (let row = 0; row < 40; row++) {
      page.drawText(line.slice(0, 60 + (row % 3) * 5), { x: 40, y: 800 - row * 18, size: 10, font });
    }
  }
  return { bytes: await doc.save(), korean };
}

/** Runs `fn` repeatedly for about `seconds` and returns calls per second. */
async function rate(seconds: number, fn: () => Promise<unknown> | unknown): Promise<number> {
  await fn();
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    await fn();
    calls++;
  }
  return calls / ((performance.now() - start) / 1000);
}

async function pdfjsOnly(bytes: Uint8Array): Promise<void> {
  const task = pdfjs.getDocument({ data: bytes.slice(), verbosity: pdfjs.VerbosityLevel.ERRORS });
  const doc = await task.promise;
  for (let n = 1; n <= doc.numPages; n++) await (await doc.getPage(n)).getTextContent();
  await task.destroy();
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  const html = htmlPage();
  const decoded = new TextDecoder().decode(html);
  const ours = await rate(2, async () => chunkDocument(await extractText(html, "text/html; charset=utf-8"), OPTIONS));
  const floor = await rate(2, () => new Parser({}).end(decoded));
  const pdf = await pdfFile();
  const pdfOurs = await rate(3, async () => chunkDocument(await extractText(pdf.bytes, "application/pdf"), OPTIONS));
  const pdfFloor = await rate(3, () => pdfjsOnly(pdf.bytes));
  return [
    {
      bench: "ingest text",
      metric: `extract + chunk one ${(html.length / 1024).toFixed(1)} KB HTML page`,
      value: ours,
      unit: "docs/s",
      baseline: { metric: "htmlparser2 alone", value: floor },
      ratio: ours / floor,
      note: "one thread; decoding, section walk, sentence split and chunking at 800/120",
    },
    {
      bench: "ingest text",
      metric: `extract + chunk one ${PAGES}-page PDF (${(pdf.bytes.length / 1024).toFixed(0)} KB)`,
      value: pdfOurs * PAGES,
      unit: "pages/s",
      baseline: { metric: "pdf.js text items alone", value: pdfFloor * PAGES },
      ratio: pdfOurs / pdfFloor,
      note:
        `${pdf.korean ? "Korean and English text in embedded NanumGothic" : "English in Helvetica (no Korean font)"}` +
        `, 40 lines a page; ${pdfOurs.toFixed(1)} docs/s`,
    },
  ];
}
