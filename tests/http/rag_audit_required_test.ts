/**
 * RAG_SERVICE_AUDIT_REQUIRED (CONTRACT 2.2): a search by a principal whose organization is not in
 * tb_organization is 503 rag_audit_unavailable, returns nothing and writes no audit row; a synced one
 * is answered and audited.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Problem } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";

let rag: RagTestApp;

before(async () => {
  rag = await startRagApp({ RAG_SERVICE_AUDIT_REQUIRED: "true" });
  const doc = await rag.document("/leave.html", "<h1>연차 휴가 규정</h1><p>연차 휴가는 인사 포털에서 신청합니다.</p>", {
    title: "연차 휴가 규정",
  });
  const res = await body<schemas.IngestionResult>(await rag.call("/documents", { method: "POST", json: doc }));
  assert.equal(res.indexed, true, JSON.stringify(res));
});
after(async () => {
  await rag.stop();
});

async function auditRows(sub: string): Promise<number> {
  const [{ n }] = await rag.system((tx) =>
    tx`select count(*)::int as n from rag.tb_rag_audit_logs where sub = ${sub} and action = 'search'`
  );
  return n;
}

describe("search with the audit required", () => {
  it("refuses a principal whose organization is not synced: 503 rag_audit_unavailable, no audit row", async () => {
    const token = await rag.token({ sub: "unsynced-1", organizationId: crypto.randomUUID() });
    const res = await rag.call("/search", { method: "POST", json: { question: "연차 휴가 신청" }, token });
    assert.equal(res.status, 503);
    const problem = await body<Problem>(res);
    assert.equal(problem.code, "rag_audit_unavailable");
    assert.equal(await auditRows("unsynced-1"), 0);
  });

  it("answers and audits a principal whose organization is synced", async () => {
    const token = await rag.token({ sub: "synced-1" });
    const res = await rag.call("/search", { method: "POST", json: { question: "연차 휴가 신청" }, token });
    const b = await body<schemas.SearchResponse>(res);
    assert.equal(res.status, 200, JSON.stringify(b));
    assert.ok(b.contexts.length > 0);
    assert.equal(await auditRows("synced-1"), 1);
  });
});
