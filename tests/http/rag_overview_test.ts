import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";

let rag: RagTestApp;
before(async () => {
  rag = await startRagApp();
  for (const i of [1, 2]) {
    const doc = await rag.document(`/ok-${i}.html`, `<p>보고서 ${i}: 분기 매출은 전년보다 늘었습니다.</p>`);
    assert.equal(
      (await body<schemas.IngestionResult>(await rag.call("/documents", { method: "POST", json: doc }))).indexed,
      true,
    );
  }
  const bad = await rag.document("/bad.html", "<p>변조된 본문</p>");
  const failed = await rag.call("/documents", { method: "POST", json: { ...bad, checksum: "f".repeat(64) } });
  assert.equal(failed.status, 422);
  await rag.call("/search", {
    method: "POST",
    json: { question: "분기 매출" },
    token: await rag.token({ sub: "kim" }),
  });
  await rag.call("/ask", {
    method: "POST",
    json: { question: "분기 매출은?" },
    token: await rag.token({ sub: "kim" }),
  });
});
after(async () => {
  await rag.stop();
});

const get = async (token: string) => {
  const res = await rag.call("/admin/overview", { token });
  return { status: res.status, b: await body<schemas.RagOverview>(res) };
};

describe("retrieval overview", () => {
  it("shows documents by status, chunks, jobs, queues, failures, organizations and activity", async () => {
    const { status, b } = await get(await rag.token({ admin: true, clearance: 3 }));
    assert.equal(status, 200, JSON.stringify(b));
    assert.deepEqual(b.documents, { failed: 1, indexed: 2 });
    assert.ok(b.chunks.total >= 2 && b.chunks.hidden === 0);
    assert.equal(b.jobs.done, 2);
    assert.equal(b.jobs.failed, 1);
    const ingestion = b.queues?.find((q) => q.stream === "rag:ingestion");
    assert.deepEqual(Object.keys(ingestion ?? {}).sort(), ["dead", "lag", "pending", "stream"]);
    assert.equal(b.recentFailures[0].errorCode, "checksum_mismatch");
    assert.equal(b.organizations.stale, false);
    assert.ok(b.organizations.count >= 2);
    const hour = b.activity.at(-1);
    assert.deepEqual([hour?.searches, hour?.answers], [1, 1]);
    const asked = b.recentAudit.filter((a) => ["search", "ask"].includes(a.action));
    assert.equal(asked.length, 2);
    assert.match(asked[0].asker, /^[0-9a-f]{16}$/);
    assert.equal(asked[0].asker, asked[1].asker, "one user, one pseudonym");
    assert.doesNotMatch(JSON.stringify(b), /"kim"|user-1/, "no principal is shown");
  });

  it("shows another tenant's administrator nothing of this tenant", async () => {
    const { b } = await get(
      await rag.token({ admin: true, tenantId: rag.otherTenant, organizationId: rag.dept.other }),
    );
    assert.deepEqual([b.documents, b.chunks.total, b.recentFailures, b.recentAudit, b.activity], [{}, 0, [], [], []]);
  });

  it("needs an administrator", async () => {
    assert.equal((await get(await rag.token())).status, 403);
  });
});
