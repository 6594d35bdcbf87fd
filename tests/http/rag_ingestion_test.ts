import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Problem } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { until } from "../_helpers/poll.ts";
import { PUBLIC_ORG, type RagTestApp, startRagApp } from "../_helpers/rag.ts";

/** What ingesting answers: indexed with the default wait, queued with wait=false. */
type Indexed = Extract<schemas.IngestionResult, { indexed: true }>;
type Queued = Extract<schemas.IngestionResult, { indexed: false }>;

let rag: RagTestApp;
before(async () => {
  rag = await startRagApp();
});
after(async () => {
  await rag.stop();
});

const KOREAN_HTML = (n: number) =>
  `<html><body><h1>인사 규정</h1><h2>제1조 목적</h2><p>${
    Array.from({ length: n }, (_, i) =>
      `이 규정은 직원의 복무와 휴가에 관한 사항을 정한다. 제${i + 1}항은 연차 휴가의 사용 절차를 설명합니다.`).join(" ")
  }</p><h2>제2조 적용</h2><p>모든 임직원에게 적용한다.</p></body></html>`;

const chunks = async (documentId: string) =>
  await rag.system((tx) =>
    tx`select chunk_index, source_version, visible, content from rag.tb_doc_chunk_vector
       where document_id = ${documentId} order by chunk_index`
  );

describe("ingestion", () => {
  it("fetches, verifies, extracts, chunks, embeds and indexes a Korean HTML document", async () => {
    const doc = await rag.document("/hr/rules.html", KOREAN_HTML(40));
    const res = await rag.call("/documents", { method: "POST", json: doc });
    const b = await body<Indexed>(res);
    assert.equal(res.status, 200, JSON.stringify(b));
    assert.equal(b.indexed, true);
    assert.equal(b.sourceVersion, "v1");
    assert.ok(b.chunkCount >= 3, `chunks: ${b.chunkCount}`);
    const rows = await chunks(b.documentId);
    assert.equal(rows.length, b.chunkCount);
    assert.deepEqual(rows.map((r) => r.chunk_index), [...rows.keys()]);
    assert.ok(rows.every((r) => r.visible && r.source_version === "v1"));
    assert.match(rows[0].content, /인사 규정/, "headings are kept");
    const state = await body<schemas.DocumentState>(await rag.call(`/documents/${b.documentId}`));
    assert.deepEqual([state.status, state.chunkCount, state.indexedVersion], ["indexed", b.chunkCount, "v1"]);
  });

  it("queues with wait=false (202) and indexes in the background", async () => {
    const doc = await rag.document("/queued.html", KOREAN_HTML(5));
    const res = await rag.call("/documents?wait=false", { method: "POST", json: doc });
    const b = await body<Queued>(res);
    assert.equal(res.status, 202);
    assert.deepEqual([b.indexed, b.status], [false, "queued"]);
    await until(
      "the document is indexed",
      async () =>
        (await body<schemas.DocumentState>(await rag.call(`/documents/${b.documentId}`))).status === "indexed",
      15_000,
    );
  });

  it("treats the same version and checksum again as a no-op", async () => {
    const doc = await rag.document("/same.html", KOREAN_HTML(3));
    const first = await body<Indexed>(await rag.call("/documents", { method: "POST", json: doc }));
    const requests = rag.embedding.requests;
    const again = await body<Indexed>(await rag.call("/documents", { method: "POST", json: doc }));
    assert.deepEqual(again, first);
    assert.equal(rag.embedding.requests, requests, "nothing was embedded again");
  });

  it("replaces a shrinking new version whole; chunk indexes it lacks are gone", async () => {
    const doc = await rag.document("/shrink.html", KOREAN_HTML(60));
    const v1 = await body<Indexed>(await rag.call("/documents", { method: "POST", json: doc }));
    const small = await rag.host.putHashed("/shrink.html", { body: "<p>짧아진 두 번째 판입니다.</p>" });
    const v2 = await body<Indexed>(
      await rag.call("/documents", {
        method: "POST",
        json: { ...doc, sourceVersion: "v2", checksum: small.sha256, sizeBytes: small.size },
      }),
    );
    assert.equal(v2.documentId, v1.documentId);
    assert.ok(v2.chunkCount < v1.chunkCount);
    const rows = await chunks(v1.documentId);
    assert.equal(rows.length, v2.chunkCount);
    assert.ok(rows.every((r) => r.source_version === "v2"));
  });

  it("fails a checksum mismatch with 422 checksum_mismatch and keeps the previous version searchable", async () => {
    const doc = await rag.document("/kept.html", KOREAN_HTML(4));
    const v1 = await body<Indexed>(await rag.call("/documents", { method: "POST", json: doc }));
    const before = await chunks(v1.documentId);
    const res = await rag.call("/documents", {
      method: "POST",
      json: { ...doc, sourceVersion: "v2", checksum: "0".repeat(64) },
    });
    const b = await body<Problem>(res);
    assert.equal(res.status, 422);
    assert.equal(b.code, "checksum_mismatch");
    assert.deepEqual(await chunks(v1.documentId), before);
    const state = await body<schemas.DocumentState>(await rag.call(`/documents/${v1.documentId}`));
    assert.deepEqual([state.status, state.indexedVersion, state.errorCode], ["failed", "v1", "checksum_mismatch"]);
  });

  it("refuses an organization missing from tb_organization with 422 naming the foreign key", async () => {
    const doc = await rag.document("/orphan.html", KOREAN_HTML(1), {
      organizationIds: [rag.dept.a, crypto.randomUUID()],
    });
    const res = await rag.call("/documents", { method: "POST", json: doc, token: await rag.token({ admin: true }) });
    const b = await body<Problem>(res);
    assert.equal(res.status, 422);
    assert.equal(b.code, "organization_not_found");
    assert.match(b.detail, /tb_ai_document_registry_organization_id_fkey/);
    const [{ n }] = await rag.system((tx) =>
      tx`select count(*)::int as n from rag.tb_ai_document_registry where content_locator = ${doc
        .contentLocator as string}`
    );
    assert.equal(n, 0, "nothing was written");
    const [{ total }] = await rag.system((tx) => tx`select count(*)::int as total from rag.tb_ai_document_registry`);
    assert.ok(total > 0, "the system view sees the other tests' documents");
  });

  it("trusts document attributes only within the caller's principal (403 forbidden)", async () => {
    const base = await rag.document("/attrs.html", KOREAN_HTML(1));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ tenantId: rag.otherTenant }, "another tenant"],
      [{ organizationIds: [rag.dept.b] }, "another department"],
      [{ securityLevel: "CONFIDENTIAL" }, "above clearance"],
      [{ registrant: { id: "someone-else", departmentCode: "A" } }, "another registrant"],
    ];
    for (const [change, label] of cases) {
      const res = await rag.call("/documents", { method: "POST", json: { ...base, ...change } });
      assert.equal(res.status, 403, label);
      assert.equal((await body<Problem>(res)).code, "forbidden", label);
    }
    const publicDoc = await rag.call("/documents", {
      method: "POST",
      json: { ...base, organizationIds: [PUBLIC_ORG] },
    });
    assert.equal(publicDoc.status, 200, "the public bucket is allowed");
    const admin = await rag.token({ admin: true, sub: "admin-1" });
    const adminDoc = await rag.document("/admin.html", KOREAN_HTML(1), {
      organizationIds: [rag.dept.b],
      securityLevel: "RESTRICTED",
    });
    assert.equal(
      (await rag.call("/documents", { method: "POST", json: adminDoc, token: admin })).status,
      200,
      "admins skip org, level, registrant",
    );
    const adminOther = await rag.call("/documents", {
      method: "POST",
      json: { ...adminDoc, tenantId: rag.otherTenant },
      token: admin,
    });
    assert.equal(adminOther.status, 403, "never the tenant");
  });

  it("refuses bad requests with 400, oversized documents with 413, and no credential with 401", async () => {
    const doc = await rag.document("/bad.html", KOREAN_HTML(1));
    for (
      const [change, path] of [
        [{ checksum: "ABC" }, "checksum"],
        [{ securityLevel: "TOP" }, "securityLevel"],
        [{ organizationIds: [] }, "organizationIds"],
        [{ extra: 1 }, "extra"],
        [{ sourceDocumentId: "x" }, "sourceDocumentId"],
      ] as const
    ) {
      const res = await rag.call("/documents", { method: "POST", json: { ...doc, ...change } });
      assert.equal(res.status, 400, path);
      assert.equal((await body<Problem>(res)).errors?.[0].path, path);
    }
    const big = await rag.call("/documents", { method: "POST", json: { ...doc, sizeBytes: 60 * 1024 * 1024 } });
    assert.equal(big.status, 413);
    const none = await rag.app.runtime.app.request("/api/v1/documents", {
      method: "POST",
      body: JSON.stringify(doc),
      headers: { "content-type": "application/json" },
    });
    assert.equal(none.status, 401);
  });
});
