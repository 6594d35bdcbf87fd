/**
 * Content fetching through the ingestion API, with an allow-list: the URL policy and
 * fetch limits end to end (the unit tests hold the full table of bypass forms).
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { Document, HeadingLevel, Packer, Paragraph } from "docx";
import { body, type Problem } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { sha256 } from "../_helpers/content_host.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";

const LIMIT = 64 * 1024;

let rag: RagTestApp;
before(async () => {
  rag = await startRagApp({ RAG_SERVICE_CONTENT_ALLOWED_HOSTS: "127.0.0.1", RAG_MAX_DOCUMENT_BYTES: String(LIMIT) });
});
after(async () => {
  await rag.stop();
});

const PAGE = "<h1>보안 규정</h1><p>허용된 호스트에서만 본문을 가져옵니다.</p>";

/** Posts an ingestion request; the body is read as `T`, a refusal (which names the document once accepted) by default. */
async function post<T = Problem<{ documentId?: string }>>(doc: Record<string, unknown>) {
  const res = await rag.call("/documents", { method: "POST", json: doc });
  return { status: res.status, b: await body<T>(res) };
}

const registered = async (doc: Record<string, unknown>) =>
  (await rag.system((tx) =>
    tx`select count(*)::int as n from rag.tb_ai_document_registry where source_document_id = ${
      String(doc.sourceDocumentId)
    }`
  ))[0].n;

describe("content locators", () => {
  it("fetches from an allowed host", async () => {
    const { status, b } = await post<schemas.IngestionResult>(await rag.document("/ok.html", PAGE));
    assert.equal(status, 200, JSON.stringify(b));
  });

  const refusedAtOnce: Array<[string, string]> = [
    ["a host outside the list", "http://localhost:1/x.html"],
    ["user-info before a disallowed host", "http://127.0.0.1@evil.example/x.html"],
    ["user-info with a password", "http://user:pw@127.0.0.1/x.html"],
    ["an IP literal outside the list", "http://10.0.0.8/x.html"],
    ["a decimal IP spelling", "http://2130706434/x.html"],
    ["an IPv4-mapped IPv6 literal", "http://[::ffff:10.0.0.8]/x.html"],
    ["a file URL", "file:///etc/passwd"],
    ["an FTP URL", "ftp://127.0.0.1/x.html"],
  ];
  for (const [label, url] of refusedAtOnce) {
    it(`refuses ${label} with 422 content_host_not_allowed before accepting`, async () => {
      const doc = { ...await rag.document("/never.html", PAGE), contentLocator: url };
      const { status, b } = await post(doc);
      assert.deepEqual([status, b.code], [422, "content_host_not_allowed"], JSON.stringify(b));
      assert.equal(await registered(doc), 0, "nothing was written");
    });
  }

  it("refuses a redirect to a host outside the list, without connecting to it", async () => {
    let reached = 0;
    const outside = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, () => {
      reached++;
      return new Response(PAGE);
    });
    try {
      const target = `http://localhost:${outside.addr.port}/page.html`;
      const served = await rag.host.putHashed("/moved.html", { body: PAGE });
      rag.host.put("/moved.html", { body: "", redirect: target });
      const doc = { ...await rag.document("/unused.html", PAGE), contentLocator: served.url, checksum: served.sha256 };
      const { status, b } = await post(doc);
      assert.deepEqual([status, b.code], [422, "content_host_not_allowed"], JSON.stringify(b));
      assert.equal(reached, 0);
      const state = await body<schemas.DocumentState>(await rag.call(`/documents/${b.documentId}`));
      assert.deepEqual([state.status, state.errorCode], ["failed", "content_host_not_allowed"]);
    } finally {
      await outside.shutdown();
    }
  });

  it("follows a redirect that stays within the list", async () => {
    const final = await rag.host.putHashed("/final.html", { body: PAGE });
    rag.host.put("/hop.html", { body: "", redirect: "/final.html" });
    const doc = {
      ...await rag.document("/unused2.html", PAGE),
      contentLocator: `${rag.host.base}/hop.html`,
      checksum: final.sha256,
    };
    const { status, b } = await post<schemas.IngestionResult>(doc);
    assert.equal(status, 200, JSON.stringify(b));
  });

  it("refuses a declared size over RAG_MAX_DOCUMENT_BYTES with 413 before fetching", async () => {
    const doc = await rag.document("/declared.html", PAGE, { sizeBytes: LIMIT + 1 });
    const { status, b } = await post(doc);
    assert.deepEqual([status, b.code], [413, "payload_too_large"]);
    assert.equal(rag.host.hits.get("/declared.html") ?? 0, 0);
  });

  it("stops reading a body larger than the limit whatever size was declared (413)", async () => {
    const big = `<p>${"가".repeat(LIMIT)}</p>`;
    const doc = await rag.document("/big.html", big, { sizeBytes: 1000 });
    const { status, b } = await post(doc);
    assert.deepEqual([status, b.code], [413, "content_too_large"], JSON.stringify(b));
  });

  it("refuses a body whose SHA-256 differs with 422 checksum_mismatch", async () => {
    const doc = await rag.document("/sum.html", PAGE);
    const { status, b } = await post({ ...doc, checksum: await sha256("something else") });
    assert.deepEqual([status, b.code], [422, "checksum_mismatch"]);
  });

  it("extracts a DOCX body with its headings", async () => {
    const file = new Document({
      sections: [{
        children: [
          new Paragraph({ text: "출장 규정", heading: HeadingLevel.HEADING_1 }),
          new Paragraph("출장 경비는 귀국 후 칠 일 이내에 정산합니다."),
        ],
      }],
    });
    const bytes = new Uint8Array(await Packer.toBuffer(file));
    const served = await rag.host.putHashed("/travel.docx", {
      body: bytes,
      type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
    const doc = {
      ...await rag.document("/unused3.html", PAGE),
      contentLocator: served.url,
      checksum: served.sha256,
      sizeBytes: served.size,
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    };
    const { status, b } = await post<schemas.IngestionResult>(doc);
    assert.equal(status, 200, JSON.stringify(b));
    const [chunk] = await rag.system((tx) =>
      tx`select content, heading_path from rag.tb_doc_chunk_vector where document_id = ${b.documentId} order by chunk_index`
    );
    assert.match(chunk.content, /출장 경비는 귀국 후/);
    assert.deepEqual(chunk.heading_path, ["출장 규정"]);
  });

  it("refuses an unsupported content type with 415 before accepting", async () => {
    const doc = await rag.document("/image.png", "PNG", { contentType: "image/png" });
    const { status, b } = await post(doc);
    assert.deepEqual([status, b.code], [415, "unsupported_media_type"]);
    assert.match(b.detail, /image\/png is not supported/);
    assert.equal(await registered(doc), 0);
    assert.equal(rag.host.hits.get("/image.png") ?? 0, 0);
  });
});
