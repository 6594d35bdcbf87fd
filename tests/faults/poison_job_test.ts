/**
 * Poison jobs: an ingestion job that fails every time is delivered `maxRetries` times,
 * then dead-lettered; its document shows `failed` with the error, and the dead letter
 * shows on the retrieval overview API and the administration screen. A job whose worker
 * dies on every delivery (never acknowledged, so the consumer itself dead-letters it)
 * must end just as visibly: its document or content body `failed`, its outbox row done.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { Redis } from "ioredis";
import { body, type Item } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import type { schemas as directory } from "@/domain/directory/mod.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { freePort } from "../_helpers/processes.ts";
import { until } from "../_helpers/poll.ts";
import { addEntry, startWorkers, streamNames, type Workers } from "@/jobs/mod.ts";
import { ensureGroup, type StreamNames, toFields } from "@/jobs/streams.ts";

let rag: RagTestApp;
let redis: Redis;
let workers: Workers | null = null;

before(async () => {
  rag = await startRagApp({}, { workers: false });
  redis = rag.app.runtime.redis;
});
after(async () => {
  await workers?.stop();
  await rag.stop();
});

const admin = () => rag.token({ admin: true, operator: true, sub: "admin-1", clearance: 3 });
const names = (stream: string) => streamNames(rag.app.config.REDIS_KEY_PREFIX, stream);
const deadLetters = async (n: StreamNames) =>
  (await redis.xrange(n.dead, "-", "+")).map(([, fields]) => toFields(fields));

async function setIngestion(patch: Partial<schemas.Settings["ingestion"]>) {
  const res = await rag.call("/admin/settings", { method: "PUT", json: { ingestion: patch }, token: await admin() });
  assert.equal(res.status, 200, await res.clone().text());
}

async function overview(): Promise<schemas.RagOverview> {
  const res = await rag.call("/admin/overview", { token: await admin() });
  assert.equal(res.status, 200);
  return await body<schemas.RagOverview>(res);
}

/** The administration screen's overview fragment, with the row of one queue's cells. */
async function screen(): Promise<{ html: string; ingestionRow: string[] }> {
  const res = await rag.app.request("/views/overview", { headers: { authorization: `Bearer ${await admin()}` } });
  assert.equal(res.status, 200);
  const html = await res.text();
  const row = /<tr data-stream="rag:ingestion">(.*?)<\/tr>/s.exec(html)?.[1] ?? "";
  return { html, ingestionRow: [...row.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((m) => m[1].trim()) };
}

/**
 * Puts an entry in the state a worker crash on every delivery leaves it in: delivered
 * `deliveries` times to a consumer that never acknowledged, idle for an hour. The
 * outbox row is marked sent, as the relay does, so it is not sent a second time.
 */
async function crashedEveryTime(n: StreamNames, fields: Record<string, string>, deliveries: number) {
  await ensureGroup(redis, n);
  const id = await addEntry(redis, n.stream, fields);
  await redis.xreadgroup("GROUP", n.group, "crashed-worker", "COUNT", 1, "STREAMS", n.stream, ">");
  await redis.xclaim(n.stream, n.group, "crashed-worker", 0, id, "IDLE", 3_600_000, "RETRYCOUNT", deliveries);
  return id;
}

describe("a poison ingestion job (the content host refuses every connection)", () => {
  it("is delivered maxRetries times, then dead-lettered, with its document failed and the dead letter on both screens", async () => {
    await setIngestion({ maxRetries: 3, backoffMs: 10 });
    const doc = await rag.document("/poison.html", "<p>독이 든 문서</p>");
    const refused = `http://127.0.0.1:${freePort()}/poison.html`;
    const res = await rag.call("/documents?wait=false", {
      method: "POST",
      json: { ...doc, contentLocator: refused },
    });
    const accepted = await body<schemas.IngestionResult>(res);
    assert.equal(res.status, 202, JSON.stringify(accepted));
    const ingestion = names("rag:ingestion");
    workers = await startWorkers(rag.app.runtime.jobs, "poison-test");
    try {
      await until("the job is dead-lettered", async () => (await redis.xlen(ingestion.dead)) === 1, 45_000, 250);
    } finally {
      await workers.stop();
      workers = null;
    }

    const [dead] = await deadLetters(ingestion);
    assert.equal(dead.deliveries, "3", "delivered maxRetries times");
    // What a caller may see of a fetch failure, the same for a refused port, an unknown name or a 404.
    const unreachable = "The content could not be fetched from its URL";
    assert.equal(dead.error, unreachable, "the last attempt's error");
    assert.ok(JSON.parse(dead.payload).jobId, "the entry itself, to replay once the cause is fixed");
    const [job] = await rag.system((tx) =>
      tx`select status, attempts, error_code from rag.ingestion_jobs where document_id = ${accepted.documentId}`
    );
    assert.deepEqual([job.status, job.attempts, job.error_code], ["failed", 3, "content_unreachable"]);
    assert.equal((await redis.xpending(ingestion.stream, ingestion.group) as [number])[0], 0, "nothing left pending");

    const state = await body<schemas.DocumentState>(await rag.call(`/documents/${accepted.documentId}`));
    assert.equal(state.status, "failed");
    assert.equal(state.errorCode, "content_unreachable");
    assert.equal(state.error, `Gave up after 3 attempts: ${unreachable}`);

    const o = await overview();
    const queue = o.queues?.find((q) => q.stream === "rag:ingestion");
    assert.deepEqual({ ...queue }, { stream: "rag:ingestion", pending: 0, lag: 0, dead: 1 });
    assert.equal(o.documents.failed, 1);
    assert.equal(o.recentFailures[0].documentId, accepted.documentId);
    assert.match(o.recentFailures[0].error ?? "", /Gave up after 3 attempts/);

    const { html, ingestionRow } = await screen();
    assert.deepEqual(ingestionRow, ["rag:ingestion", "0", "0", "1"], "the screen's queue row: pending, lag, dead");
    assert.ok(html.includes(`data-document="${accepted.documentId}"`), "the failure is listed on the screen");
  });
});

describe("a job whose worker dies on every delivery", () => {
  it("dead-letters an ingestion job at maxRetries deliveries and marks its document failed", async () => {
    await setIngestion({ maxRetries: 3, backoffMs: 10 });
    const doc = await rag.document("/crasher.html", "<p>작업자를 죽이는 문서</p>");
    const accepted = await body<schemas.IngestionResult>(
      await rag.call("/documents?wait=false", { method: "POST", json: doc }),
    );
    const [outbox] = await rag.system((tx) =>
      tx`update rag.outbox o set sent_at = now() from rag.ingestion_jobs j
         where j.document_id = ${accepted.documentId} and o.payload->>'jobId' = j.id::text
         returning o.id, o.payload`
    );
    const ingestion = names("rag:ingestion");
    const before = (await deadLetters(ingestion)).length;
    await crashedEveryTime(ingestion, { outboxId: String(outbox.id), payload: JSON.stringify(outbox.payload) }, 3);
    workers = await startWorkers(rag.app.runtime.jobs, "after-crashes");
    try {
      await until("the entry is dead-lettered", async () => (await deadLetters(ingestion)).length > before, 15_000);
    } finally {
      await workers.stop();
      workers = null;
    }
    const dead = (await deadLetters(ingestion)).at(-1)!;
    assert.equal(dead.deliveries, "3");

    const state = await body<schemas.DocumentState>(await rag.call(`/documents/${accepted.documentId}`));
    assert.equal(state.status, "failed", `a dead-lettered document must not stay "${state.status}" forever`);
    assert.ok(state.error, "the failure says why");
    const [row] = await rag.system((tx) => tx`select done_at from rag.outbox where id = ${outbox.id}`);
    assert.ok(row.done_at, "its outbox row is done, or the relay sends it again every 15 minutes");
  });

  it("dead-letters a term-linking job at 5 deliveries and marks its content body failed", async () => {
    const res = await rag.app.portal("/content-bodies", {
      method: "POST",
      json: { contentKey: "portal-a:post:crasher", body: "<p>작업자를 죽이는 글</p>", contentType: "text/html" },
    });
    assert.equal(res.status, 202);
    const { jobId } = (await body<Item<directory.ContentBodyQueued>>(res)).data;
    const [outbox] = await rag.app.owner`update directory.outbox set sent_at = now()
      where payload->>'jobId' = ${jobId} returning id, payload`;
    const linking = names("directory:term-linking");
    await crashedEveryTime(linking, { outboxId: String(outbox.id), payload: JSON.stringify(outbox.payload) }, 5);
    workers = await startWorkers(rag.app.runtime.jobs, "after-crashes");
    try {
      await until("the entry is dead-lettered", async () => (await redis.xlen(linking.dead)) === 1, 15_000);
    } finally {
      await workers.stop();
      workers = null;
    }
    assert.equal((await deadLetters(linking))[0].deliveries, "5", "term-linking's maxRetries");

    const job = (await body<Item<directory.ContentBodyStatus>>(await rag.app.portal(`/content-bodies/${jobId}`))).data;
    assert.equal(job.status, "failed", `a dead-lettered content body must not stay "${job.status}" forever`);
    assert.ok(job.error, "the failure says why");
    const [row] = await rag.app.owner`select done_at from directory.outbox where id = ${outbox.id}`;
    assert.ok(row.done_at, "its outbox row is done, or the relay sends it again every 15 minutes");
  });
});
