/**
 * A consumer's slots shared across keys (jobs/fair_share.ts), on a real Redis: a key that queued many blocking
 * entries first runs at most its share, the entry of another key behind them runs at once, and every deferred entry
 * still runs exactly once, with no attempt spent on being deferred.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { Redis } from "ioredis";
import { createLogger } from "@/lib/log.ts";
import { startConsumer } from "@/jobs/worker.ts";
import { addEntry, streamNames } from "@/jobs/streams.ts";
import { clearPrefix, REDIS_URL } from "../_helpers/app.ts";
import { until } from "../_helpers/poll.ts";

const prefix = `t:${crypto.randomUUID().slice(0, 8)}:`;
let redis: Redis;
before(() => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
});
after(async () => {
  redis.disconnect();
  await clearPrefix(prefix);
});

describe("a consumer sharing its slots across keys", () => {
  it("runs another key's entry behind a backlog, keeps each key to its share and runs everything once", async () => {
    const names = streamNames(prefix, "fair");
    let release = () => {};
    const held = new Promise<void>((r) => release = r);
    const running = new Map<string, number>();
    const most = new Map<string, number>();
    const done: string[] = [];
    const attempts: number[] = [];
    const c = startConsumer(redis, "w1", {
      names,
      maxRetries: () => 3,
      backoffMs: () => 50,
      concurrency: () => 4,
      abandonAfterMs: 300,
      heartbeatMs: 50,
      blockMs: 200,
      fairness: { key: (e) => e.fields.key, perKey: () => 2 },
      async handle(e, attempt) {
        const key = e.fields.key;
        running.set(key, (running.get(key) ?? 0) + 1);
        most.set(key, Math.max(most.get(key) ?? 0, running.get(key)!));
        attempts.push(attempt);
        if (key === "a") await held;
        running.set(key, running.get(key)! - 1);
        done.push(e.fields.n);
      },
    }, createLogger("error"));
    try {
      for (let i = 0; i < 10; i++) await addEntry(redis, names.stream, { key: "a", n: `a${i}` });
      await addEntry(redis, names.stream, { key: "b", n: "b" });
      await until("the other key's entry ran while the backlog is held", () => done.includes("b"), 5000, 20);
      assert.equal(most.get("a"), 2, "the backlog's key ran its share, not every slot");
      release();
      await until("every entry ran", () => done.length === 11, 10_000, 20);
      await new Promise((r) => setTimeout(r, 500));
      assert.deepEqual([...done].sort(), ["a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "b"]);
      assert.ok(attempts.every((a) => a === 1), "being deferred is no attempt");
      assert.equal((await redis.xpending(names.stream, names.group) as unknown[])[0], 0);
    } finally {
      release();
      await c.stop();
    }
  });
});
