/**
 * The limits extraction enforces on its own, before any process boundary is needed: the ZIP central
 * directory (parts, inflated size, ratio) read before inflating, the PDF page and text limits, and the
 * chunk limit, which fails a huge section before cutting it.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { PDFDocument } from "pdf-lib";
import { ExtractionError, extractText } from "@/domain/rag/extract/mod.ts";
import { checkZipLimits, MAX_ZIP_PARTS } from "@/domain/rag/extract/zip_limits.ts";
import { MAX_PDF_PAGES } from "@/domain/rag/extract/pdf.ts";
import { chunkDocument } from "@/domain/rag/text/chunk.ts";
import { DOCX_TYPE, docxBomb, docxWithParagraphs, zipArchive } from "../_helpers/hostile_documents.ts";

const MiB = 1024 * 1024;

async function refused(work: Promise<unknown> | (() => unknown), reason: string, message?: RegExp) {
  const run = typeof work === "function" ? Promise.resolve().then(work) : work;
  await assert.rejects(run, (err: unknown) => {
    assert.ok(err instanceof ExtractionError, String(err));
    assert.equal(err.reason, reason, err.message);
    if (message) assert.match(err.message, message);
    return true;
  });
}

describe("the ZIP directory check", () => {
  it("refuses a part that inflates hundreds of times before mammoth inflates it", async () => {
    const bomb = docxBomb();
    assert.ok(bomb.byteLength < 300 * 1024);
    await refused(extractText(bomb, DOCX_TYPE), "over_limit", /word\/document\.xml inflates \d+ times/);
  });

  it("refuses an archive that inflates past the limit in all, whatever its ratio", async () => {
    const docx = docxWithParagraphs("한 문단입니다.", 50);
    await refused(extractText(docx, DOCX_TYPE, { maxExtractedBytes: 2048 }), "over_limit", /inflates to \d+ bytes/);
    assert.ok((await extractText(docx, DOCX_TYPE, { maxExtractedBytes: MiB })).sections[0].text.includes("한 문단"));
  });

  it("refuses more parts than an office document holds", async () => {
    const parts = Array.from({ length: MAX_ZIP_PARTS + 1 }, (_, n) => ({ name: `p${n}`, data: new Uint8Array(1) }));
    await refused(() => checkZipLimits(zipArchive(parts), 200 * MiB), "over_limit", /parts/);
  });

  it("lets small parts compress as well as they like", () => {
    checkZipLimits(zipArchive([{ name: "zeros", data: new Uint8Array(512 * 1024) }]), 200 * MiB);
  });

  it("reads sizes a ZIP64 extra field gives for saturated fields", async () => {
    const zip = zipArchive([{ name: "big.xml", data: new Uint8Array(2 * MiB) }]);
    const view = new DataView(zip.buffer);
    const central = zip.findLastIndex((_, i) => i + 4 <= zip.length && view.getUint32(i, true) === 0x02014b50);
    // Saturate the central sizes and move the real ones into a ZIP64 field, as a streaming writer does.
    const compressed = view.getUint32(central + 20, true);
    const extra = new Uint8Array(20);
    const extraView = new DataView(extra.buffer);
    extraView.setUint16(0, 1, true);
    extraView.setUint16(2, 16, true);
    extraView.setBigUint64(4, BigInt(2 * MiB), true);
    extraView.setBigUint64(12, BigInt(compressed), true);
    const nameEnd = central + 46 + view.getUint16(central + 28, true);
    const rebuilt = new Uint8Array([...zip.subarray(0, nameEnd), ...extra, ...zip.subarray(nameEnd)]);
    const rv = new DataView(rebuilt.buffer);
    rv.setUint32(central + 20, 0xffffffff, true);
    rv.setUint32(central + 24, 0xffffffff, true);
    rv.setUint16(central + 30, 20, true);
    rv.setUint32(rebuilt.length - 22 + 12, rv.getUint32(rebuilt.length - 22 + 12, true) + 20, true);
    await refused(() => checkZipLimits(rebuilt, 200 * MiB), "over_limit", /inflates \d+ times \(2097152 bytes\)/);
    await refused(() => checkZipLimits(rebuilt.subarray(0, rebuilt.length - 22), 200 * MiB), "corrupt");
  });
});

describe("the PDF limits", () => {
  it("refuses more pages than the limit before reading any", async () => {
    const doc = await PDFDocument.create();
    for (let n = 0; n <= MAX_PDF_PAGES; n++) doc.addPage([10, 10]);
    await refused(extractText(await doc.save(), "application/pdf"), "over_limit", /pages/);
  });
});

describe("the chunk limit", () => {
  const section = (text: string) => ({ heading: null, headingPath: [], text });

  it("fails a document past maxChunks and keeps one at it", () => {
    const doc = { sections: [section("첫 문장입니다. ".repeat(60)), section("둘째 문장입니다. ".repeat(60))] };
    const options = { chunkSize: 200, chunkOverlap: 0 };
    const count = chunkDocument(doc, options).length;
    assert.equal(chunkDocument(doc, { ...options, maxChunks: count }).length, count);
    assert.throws(() => chunkDocument(doc, { ...options, maxChunks: count - 1 }), (err: unknown) => {
      assert.ok(err instanceof ExtractionError && err.reason === "over_limit");
      return true;
    });
  });

  it("fails one huge word by its length, without cutting it", () => {
    const start = performance.now();
    const word = "가".repeat(30_000_000);
    assert.throws(
      () => chunkDocument({ sections: [section(word)] }, { chunkSize: 800, chunkOverlap: 120, maxChunks: 5000 }),
      /more than 5000 chunks/,
    );
    // Cutting it would take tens of seconds; counting it takes a fraction of one.
    assert.ok(performance.now() - start < 10_000);
  });
});
