/** The fuzzer's write probe sees what a request commits, and nothing when it commits nothing. */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { startWriteProbe, type WriteProbe } from "../_helpers/fuzz_state.ts";

let rag: RagTestApp;
let probe: WriteProbe;
before(async () => {
  rag = await startRagApp();
  probe = await startWriteProbe(rag.app);
});
after(async () => {
  await probe.stop();
  await rag.stop();
});

/** Settles, runs `fn`, and returns what changed (retrying when a periodic job ran meanwhile). */
async function changedBy(fn: () => Promise<unknown>): Promise<string[]> {
  for (;;) {
    const before = await probe.settle();
    await fn();
    const change = probe.compare(before, await probe.read());
    if (!change.background) return change.changed.sort();
  }
}

describe("write probe", () => {
  it("sees a created company in its table and the audit log", async () => {
    const changed = await changedBy(async () => {
      const res = await rag.app.admin("/companies", { method: "POST", json: { code: "PROBE1", name: "탐침" } });
      assert.equal(res.status, 201, await res.text());
    });
    assert.ok(changed.includes("directory.companies"), changed.join(", "));
    assert.ok(changed.includes("directory.audit_log"), changed.join(", "));
  });

  it("sees an update that keeps the row count", async () => {
    const created = await rag.app.admin("/companies", { method: "POST", json: { code: "PROBE2", name: "a" } });
    const { id, version } = (await created.json()).data;
    const changed = await changedBy(async () => {
      const res = await rag.app.admin(`/companies/${id}`, { method: "PATCH", json: { name: "b", version } });
      assert.equal(res.status, 200, await res.text());
    });
    assert.ok(changed.includes("directory.companies"), changed.join(", "));
  });

  it("sees a queued ingestion in the retrieval tables and its stream", async () => {
    // A new document each attempt: when a periodic job ran meanwhile, the attempt is repeated, and the first one's
    // document may be indexed by then (a second registration of it would be answered 200, not queued).
    let attempt = 0;
    const changed = await changedBy(async () => {
      const doc = await rag.document(`/probe-${++attempt}.html`, "<p>탐침 문서</p>");
      const res = await rag.call("/documents?wait=false", { method: "POST", json: doc });
      assert.equal(res.status, 202, await res.text());
      await probe.settle();
    });
    for (const t of ["rag.tb_ai_document_registry", "rag.ingestion_jobs", "rag.outbox", "stream rag:ingestion"]) {
      assert.ok(changed.includes(t), `${t} not in ${changed.join(", ")}`);
    }
  });

  it("sees nothing for a refused read, whose audit entry it leaves out on purpose", async () => {
    const changed = await changedBy(async () => {
      const res = await rag.app.request("/api/directory/v1/admin/companies", {
        headers: { "x-directory-admin-key": "wrong" },
      });
      assert.equal(res.status, 401);
      await res.body?.cancel();
    });
    assert.deepEqual(changed, []);
  });
});
