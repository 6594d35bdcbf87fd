/**
 * The job metrics against a real Redis: the worker counts attempts, retries and dead letters; the scrape-time
 * gauges read each watched stream's pending entries, lag and dead letters. And two installations sharing one Redis
 * (each with its REDIS_KEY_PREFIX) never take each other's entries.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { Redis } from "ioredis";
import { createLogger } from "@/lib/log.ts";
import { renderRegistry } from "@/lib/metrics.ts";
import { startConsumer } from "@/jobs/worker.ts";
import { addEntry, ensureGroup, streamNames } from "@/jobs/streams.ts";
import { watchStreams } from "@/jobs/metrics.ts";
import { clearPrefix, REDIS_URL } from "../_helpers/app.ts";
import { until } from "../_helpers/poll.ts";

const prefix = `t:${crypto.randomUUID().slice(0, 8)}:`;
const log = createLogger("error");
let redis: Redis;
before(() => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
});
after(async () => {
  redis.disconnect();
  await clearPrefix(prefix);
});

const base = { maxRetries: () => 3, backoffMs: () => 50, concurrency: () => 1, abandonAfterMs: 300, heartbeatMs: 50 };

/** The value of the sample of `name` carrying every pair of `labels`, 0 when there is none. */
async function metric(name: string, labels: Record<string, string>): Promise<number> {
  const { text } = await renderRegistry();
  const line = text.split("\n").find((l) =>
    l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`))
  );
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

describe("job metrics", () => {
  it("counts failed attempts, retries and the dead letter of an entry that always fails", async () => {
    const names = streamNames(prefix, "metrics:poison");
    const c = startConsumer(redis, "w", {
      ...base,
      names,
      handle: () => Promise.reject(new Error("boom")),
      blockMs: 200,
    }, log);
    await addEntry(redis, names.stream, { doc: "poison" });
    await until("dead-lettered", async () => (await redis.xlen(names.dead)) === 1, 10_000);
    await c.stop();
    const s = { stream: "metrics:poison" };
    assert.equal(await metric("backbone_job_attempts_total", { ...s, outcome: "failed" }), 3);
    assert.equal(await metric("backbone_job_retries_total", s), 2);
    assert.equal(await metric("backbone_job_dead_lettered_total", s), 1);
  });

  it("reads pending entries, lag and dead letters of the watched streams at scrape time", async () => {
    const names = streamNames(prefix, "metrics:depth");
    await ensureGroup(redis, names);
    for (let i = 0; i < 3; i++) await addEntry(redis, names.stream, { n: String(i) });
    await redis.xreadgroup("GROUP", names.group, "w", "COUNT", 1, "STREAMS", names.stream, ">");
    await addEntry(redis, names.dead, { n: "dead" });
    const stop = watchStreams(redis, prefix, ["metrics:depth"]);
    try {
      const s = { stream: "metrics:depth" };
      assert.equal(await metric("backbone_job_pending", s), 1);
      assert.equal(await metric("backbone_job_lag", s), 2);
      assert.equal(await metric("backbone_job_dead_letters", s), 1);
    } finally {
      stop();
    }
    assert.doesNotMatch((await renderRegistry()).text, /stream="metrics:depth"\} /, "an unwatched stream is gone");
  });
});

describe("two installations on one Redis", () => {
  it("never take each other's entries: each consumer reads only its own prefix's stream", async () => {
    const seen = { a: [] as string[], b: [] as string[] };
    const consumers = (["a", "b"] as const).map((site) =>
      startConsumer(redis, "same-host-same-pid", {
        ...base,
        names: streamNames(`${prefix}${site}:`, "rag:ingestion"),
        handle: (e) => Promise.resolve(void seen[site].push(e.fields.site)),
        blockMs: 100,
      }, log)
    );
    for (let i = 0; i < 5; i++) {
      for (const site of ["a", "b"]) {
        await addEntry(redis, streamNames(`${prefix}${site}:`, "rag:ingestion").stream, { site });
      }
    }
    await until("both done", () => seen.a.length === 5 && seen.b.length === 5, 10_000);
    await Promise.all(consumers.map((c) => c.stop()));
    assert.deepEqual(seen, { a: Array(5).fill("a"), b: Array(5).fill("b") });
  });
});
