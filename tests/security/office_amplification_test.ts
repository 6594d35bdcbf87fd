/**
 * Spreadsheets that are small on the wire but huge once laid out, sent through the real ingestion path (the
 * isolated extraction processes under the default limits). A sheet whose every row holds one cell in the last column
 * (XFD) once took a 512 MiB heap to its limit in 8 s (11 KB, each row laid out as 16,384 cells); rows are now kept as
 * their cells and laid out by the columns that hold text, so it is indexed at the cost of its cells. Shared strings
 * of 100,000 characters referenced by thousands of cells fail their own job with 422 `content_unprocessable`, leave
 * no chunk, and the service goes on answering.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { strToU8, unzipSync, zipSync } from "fflate";
import { body, type Problem } from "../_helpers/app.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { XLSX_TYPE, xlsxWorkbook } from "../_helpers/office_documents.ts";

let rag: RagTestApp;
before(async () => {
  rag = await startRagApp();
});
after(async () => {
  await rag.stop();
});

/** An XLSX whose first sheet is `sheet` (the sheetData's rows) and whose shared strings are `strings`. */
function workbookWith(sheet: string, strings: string[] = []): Uint8Array {
  const files = unzipSync(xlsxWorkbook([{ name: "s", rows: [["x"]] }]));
  const main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  files["xl/worksheets/sheet1.xml"] = strToU8(`<worksheet xmlns="${main}"><sheetData>${sheet}</sheetData></worksheet>`);
  files["xl/sharedStrings.xml"] = strToU8(
    `<sst xmlns="${main}">${strings.map((s) => `<si><t>${s}</t></si>`).join("")}</sst>`,
  );
  return zipSync(files);
}

async function ingest(path: string, bytes: Uint8Array) {
  const served = await rag.host.putHashed(path, { body: bytes, type: XLSX_TYPE });
  const doc = {
    ...await rag.document(`/unused${path}.html`, "<p>unused</p>", { title: path }),
    contentLocator: served.url,
    checksum: served.sha256,
    sizeBytes: served.size,
    contentType: XLSX_TYPE,
  };
  const res = await rag.call("/documents", { method: "POST", json: doc });
  return { status: res.status, b: await body<Problem<{ documentId?: string }>>(res) };
}

const chunksOf = (documentId: string) =>
  rag.system((tx) => tx`select 1 from rag.tb_doc_chunk_vector where document_id = ${documentId}`);

describe("spreadsheets that explode once laid out", () => {
  it("indexes a sheet whose every row names the last column (XFD) at the cost of its cells", async () => {
    const bytes = workbookWith(
      Array.from({ length: 3000 }, (_, r) => `<row r="${r + 1}"><c r="XFD${r + 1}"><v>1</v></c></row>`).join(""),
    );
    assert.ok(bytes.byteLength < 64 * 1024, `the body is small: ${bytes.byteLength} bytes`);
    const { status, b } = await ingest(`/${crypto.randomUUID()}.xlsx`, bytes);
    assert.equal(status, 200, JSON.stringify(b));
    assert.ok((await chunksOf(b.documentId!)).length > 0);
    assert.equal((await rag.app.request("/healthz")).status, 200);
  });

  const bombs: Array<[string, () => Uint8Array]> = [
    ["a 100,000-character shared string in thousands of cells", () =>
      workbookWith(
        Array.from({ length: 3000 }, (_, r) => `<row r="${r + 1}"><c r="A${r + 1}" t="s"><v>${r % 2}</v></c></row>`)
          .join(""),
        ["가".repeat(100_000), "나".repeat(100_000)],
      )],
  ];
  for (const [name, make] of bombs) {
    it(`fails ${name} with content_unprocessable, no chunk, and the service answering`, async () => {
      const bytes = make();
      assert.ok(bytes.byteLength < 64 * 1024, `the body is small: ${bytes.byteLength} bytes`);
      const { status, b } = await ingest(`/${crypto.randomUUID()}.xlsx`, bytes);
      assert.deepEqual([status, b.code], [422, "content_unprocessable"], JSON.stringify(b));
      assert.equal((await chunksOf(b.documentId!)).length, 0);
      assert.equal((await rag.app.request("/healthz")).status, 200);
    });
  }
});
