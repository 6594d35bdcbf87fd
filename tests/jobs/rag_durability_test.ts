/**
 * Nothing accepted is lost: a worker killed after it embedded but before it stored,
 * and Redis stopped (or restarted empty) around an accepted document. These tests
 * start and kill real processes.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { body } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { until } from "../_helpers/poll.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { startRedisProcess, startWorkerProcess } from "../_helpers/processes.ts";
import { startWorkers } from "@/jobs/mod.ts";

/** What `wait=false` answers: the document is queued. */
type Queued = Extract<schemas.IngestionResult, { indexed: false }>;

const html = (n: number) =>
  `<h1>복무 규정</h1><p>${
    Array.from({ length: n }, (_, i) => `제${i + 1}항: 직원은 근무 시간과 휴게 시간을 지켜야 한다. 위반 시 징계한다.`)
      .join(" ")
  }</p>`;

const status = async (rag: RagTestApp, id: string) =>
  (await body<schemas.DocumentState>(await rag.call(`/documents/${id}`))).status;

/** Every chunk of the document exactly once: indexes 0..n-1, one version, the count the registry holds. */
async function assertExactlyOnce(rag: RagTestApp, documentId: string) {
  const [doc] = await rag.system((tx) =>
    tx`select chunk_count, indexed_version from rag.tb_ai_document_registry where id = ${documentId}`
  );
  const rows = await rag.system((tx) =>
    tx`select chunk_index, source_version from rag.tb_doc_chunk_vector where document_id = ${documentId} order by chunk_index`
  );
  assert.ok(doc.chunk_count > 1);
  assert.deepEqual(rows.map((r) => r.chunk_index), [...Array(doc.chunk_count).keys()]);
  assert.ok(rows.every((r) => r.source_version === doc.indexed_version));
  const jobs = await rag.system((tx) => tx`select status from rag.ingestion_jobs where document_id = ${documentId}`);
  assert.deepEqual(jobs.map((j) => j.status), ["done"]);
}

describe("a worker killed after embedding, before storing", () => {
  it("leaves the job to be claimed and redone by another worker, with exactly one copy of each chunk", async () => {
    const rag = await startRagApp({}, { workers: false });
    const held = await rag.app.owner.reserve();
    let worker: Awaited<ReturnType<typeof startWorkerProcess>> | null = null;
    let rescuer: Awaited<ReturnType<typeof startWorkers>> | null = null;
    try {
      // The store's delete needs ROW EXCLUSIVE on the chunks; holding SHARE stops the worker right there.
      await held`begin`;
      await held`lock table rag.tb_doc_chunk_vector in share mode`;
      worker = await startWorkerProcess({ ...rag.app.env, DATABASE_POOL_MAX: "4" });
      const doc = await rag.document("/crash.html", html(30));
      const accepted = await body<Queued>(await rag.call("/documents?wait=false", { method: "POST", json: doc }));
      assert.equal(accepted.status, "queued");
      await until("the worker has embedded", () => Promise.resolve(rag.embedding.texts > 0));
      await until("the worker waits to store", async () => {
        // pg_locks, unlike pg_stat_activity, shows another role's sessions.
        const [{ n }] = await rag.app.owner`select count(*)::int as n from pg_locks
          where relation = 'rag.tb_doc_chunk_vector'::regclass and not granted`;
        return n > 0;
      });
      const embeddedOnce = rag.embedding.requests;
      await worker.kill();
      await held`rollback`;
      assert.equal(await status(rag, accepted.documentId), "indexing", "the crash left the job unfinished");

      rescuer = await startWorkers(rag.app.runtime.jobs, "rescuer");
      await until("the job is redone", async () => await status(rag, accepted.documentId) === "indexed");
      assert.ok(rag.embedding.requests > embeddedOnce, "the chunks were embedded again by the second worker");
      await assertExactlyOnce(rag, accepted.documentId);
      const [job] = await rag.system((tx) =>
        tx`select attempts from rag.ingestion_jobs where document_id = ${accepted.documentId}`
      );
      assert.equal(job.attempts, 2);
    } finally {
      await rescuer?.stop();
      await worker?.kill();
      held.release();
      await rag.stop();
    }
  });
});

describe("Redis stopped", () => {
  it("accepts a document while Redis is down and indexes it once Redis is back", async () => {
    const redis = await startRedisProcess();
    const rag = await startRagApp({ REDIS_URL: redis.url });
    try {
      await redis.stop();
      const doc = await rag.document("/redis-down.html", html(20));
      const res = await rag.call("/documents?wait=false", { method: "POST", json: doc });
      const accepted = await body<Queued>(res);
      assert.equal(res.status, 202, JSON.stringify(accepted));
      const [{ unsent }] = await rag.system((tx) =>
        tx`select count(*)::int as unsent from rag.outbox where sent_at is null`
      );
      assert.ok(unsent >= 1, "the job waits in the outbox");
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(await status(rag, accepted.documentId), "queued");

      await redis.start();
      await until("the document is indexed", async () => await status(rag, accepted.documentId) === "indexed");
      await assertExactlyOnce(rag, accepted.documentId);
    } finally {
      await rag.stop();
      await redis.stop();
    }
  });

  it("indexes a document exactly once when Redis restarts empty while its job runs", async () => {
    const redis = await startRedisProcess();
    const rag = await startRagApp({ REDIS_URL: redis.url });
    try {
      const gate = rag.embedding.hold();
      const doc = await rag.document("/redis-restart.html", html(20));
      const accepted = await body<Queued>(await rag.call("/documents?wait=false", { method: "POST", json: doc }));
      await gate.arrived;
      await redis.stop();
      await redis.start();
      gate.release();
      await until("the document is indexed", async () => await status(rag, accepted.documentId) === "indexed");
      // Give a resent entry time to arrive and be recognised as done.
      await new Promise((r) => setTimeout(r, 1500));
      await assertExactlyOnce(rag, accepted.documentId);
    } finally {
      await rag.stop();
      await redis.stop();
    }
  });
});
