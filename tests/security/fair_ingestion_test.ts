/**
 * Ingestion is fair across tenants (issue 16, item 4), tried against the real service (`main.ts` as a child process,
 * its own workers): one tenant's users queue documents from a host that sends them slowly, and what another tenant
 * sees is measured; a user's queue is capped at POST time; a job's time budget spans its retries; and a host that
 * timed out twice is not retried.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import postgres from "postgres";
import { body, type Problem } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { startContentHost } from "../_helpers/content_host.ts";
import { type RagProcess, startRagProcess } from "../_helpers/rag_process.ts";
import { until } from "../_helpers/poll.ts";
import { otherTenantTimeToIndexed, queueSlowDocuments, SLOW_USER } from "../_helpers/slow_tenant.ts";

/** Waits until a document has failed, and returns its state. */
async function failed(rag: RagProcess, documentId: string, token?: string, ms = 30_000) {
  let state: schemas.DocumentState | undefined;
  await until(`document ${documentId} failed`, async () => {
    state = await body<schemas.DocumentState>(await rag.call(`/api/v1/documents/${documentId}`, { token }));
    return state.status === "failed";
  }, ms);
  return state!;
}

/** Posts `doc` without waiting, as `sub` of the first tenant. */
async function post(rag: RagProcess, doc: Record<string, unknown>, sub = "user-1") {
  return await rag.call("/api/v1/documents?wait=false", { method: "POST", json: doc, token: await rag.token({ sub }) });
}

describe("one user's backlog of slow documents (default settings)", () => {
  let rag: RagProcess;
  let superuser: postgres.Sql;
  before(async () => {
    rag = await startRagProcess();
    superuser = postgres(rag.db.superUrl, { max: 1, onnotice: () => {} });
  });
  after(async () => {
    await superuser?.end();
    await rag?.stop();
  });

  it("does not hold back another tenant: its one-chunk document is indexed within 10 s behind 20 slow ones", async () => {
    await queueSlowDocuments(rag, 20);
    const ms = await otherTenantTimeToIndexed(rag, "behind-20", 60_000);
    assert.ok(ms < 10_000, `indexed after ${ms} ms`);
  });

  it("caps the user's queue: the 21st is 429 too_many_queued and writes nothing, another user still queues", async () => {
    const rows = async () =>
      (await superuser`
        select (select count(*) from rag.tb_ai_document_registry)::int as documents,
               (select count(*) from rag.ingestion_jobs)::int as jobs,
               (select count(*) from rag.outbox)::int as outbox`)[0];
    const before = await rows();
    const extra = await rag.document("/cap/21.html", "<p>x</p>", {
      registrant: { id: SLOW_USER, departmentCode: "A" },
    });
    const res = await post(rag, extra, SLOW_USER);
    const problem = await body<Problem>(res);
    assert.equal(res.status, 429, JSON.stringify(problem));
    assert.match(res.headers.get("content-type") ?? "", /application\/problem\+json/);
    assert.equal(problem.code, "too_many_queued");
    assert.ok(res.headers.get("retry-after"));
    assert.deepEqual(await rows(), before, "no document, job or outbox row for the refused request");
    const other = await post(rag, await rag.document("/cap/other.html", "<p>y</p>"));
    assert.equal(other.status, 202, await other.text());
  });
});

describe("a content host that keeps timing out", () => {
  let rag: RagProcess;
  let hanging: ReturnType<typeof startContentHost>;
  before(async () => {
    rag = await startRagProcess({ RAG_CONTENT_FETCH_TIMEOUT_SECONDS: "1" });
    hanging = startContentHost();
  });
  after(async () => {
    await hanging?.stop();
    await rag?.stop();
  });

  it("does not retry a host that timed out twice: the job fails content_host_unresponsive after two fetches", async () => {
    const served = await hanging.putHashed("/hang.html", { body: "<p>never</p>", hang: true });
    const doc = await rag.document("/unused.html", "<p>x</p>", {
      contentLocator: served.url,
      checksum: served.sha256,
      sizeBytes: served.size,
    });
    const res = await post(rag, doc);
    assert.equal(res.status, 202);
    const { documentId } = await body<{ documentId: string }>(res);
    const state = await failed(rag, documentId);
    assert.equal(state.errorCode, "content_host_unresponsive", JSON.stringify(state));
    // Five attempts were allowed (maxRetries); one more backoff later, still only the two.
    await new Promise((r) => setTimeout(r, 7000));
    assert.equal(hanging.hits.get("/hang.html"), 2);
  });
});

describe("a job's time budget spans its retries", () => {
  let rag: RagProcess;
  let hanging: ReturnType<typeof startContentHost>;
  before(async () => {
    rag = await startRagProcess({ RAG_INGESTION_JOB_BUDGET_SECONDS: "3" });
    hanging = startContentHost();
  });
  after(async () => {
    await hanging?.stop();
    await rag?.stop();
  });

  it("fails a job whose host never answers with ingestion_budget_exceeded at the budget, not after 5 x 60 s", async () => {
    const served = await hanging.putHashed("/hang.html", { body: "<p>never</p>", hang: true });
    const doc = await rag.document("/unused.html", "<p>x</p>", {
      contentLocator: served.url,
      checksum: served.sha256,
      sizeBytes: served.size,
    });
    const started = Date.now();
    const res = await post(rag, doc);
    const { documentId } = await body<{ documentId: string }>(res);
    const state = await failed(rag, documentId, undefined, 30_000);
    assert.equal(state.errorCode, "ingestion_budget_exceeded", JSON.stringify(state));
    assert.ok(Date.now() - started < 20_000, "well before the fetch timeout of 60 s");
    await new Promise((r) => setTimeout(r, 6000));
    assert.equal(hanging.hits.get("/hang.html"), 1, "no retry after the budget");
  });
});
