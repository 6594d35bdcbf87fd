import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { Redis } from "ioredis";
import { createLogger } from "@/lib/log.ts";
import { PermanentJobError, startConsumer } from "@/jobs/worker.ts";
import { addEntry, ensureGroup, streamNames, toFields } from "@/jobs/streams.ts";
import { clearPrefix, REDIS_URL } from "../_helpers/app.ts";

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

const until = async (check: () => Promise<boolean> | boolean, ms = 8000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("condition not reached in time");
};

const base = {
  maxRetries: () => 3,
  backoffMs: () => 50,
  concurrency: () => 2,
  abandonAfterMs: 300,
  heartbeatMs: 50,
  blockMs: 200,
};

describe("stream consumer", () => {
  it("processes an entry once and acknowledges it", async () => {
    const names = streamNames(prefix, "once");
    const seen: string[] = [];
    const c = startConsumer(
      redis,
      "w1",
      { ...base, names, handle: (e) => Promise.resolve(void seen.push(e.fields.n)) },
      log,
    );
    await addEntry(redis, names.stream, { n: "1" });
    await until(() => seen.length === 1);
    await until(async () => (await redis.xpending(names.stream, names.group) as unknown[])[0] === 0);
    await c.stop();
    assert.deepEqual(seen, ["1"]);
  });

  it("claims and finishes an entry a crashed worker left pending, exactly once", async () => {
    const names = streamNames(prefix, "crash");
    await ensureGroup(redis, names);
    await addEntry(redis, names.stream, { job: "abandoned" });
    const taken = await redis.xreadgroup(
      "GROUP",
      names.group,
      "crashed",
      "COUNT",
      1,
      "STREAMS",
      names.stream,
      ">",
    ) as unknown[];
    assert.equal(taken.length, 1, "the crashed worker took it and never acknowledged");
    const done: string[] = [];
    const c = startConsumer(
      redis,
      "survivor",
      { ...base, names, handle: (e) => Promise.resolve(void done.push(e.fields.job)) },
      log,
    );
    await until(() => done.length === 1);
    await new Promise((r) => setTimeout(r, 700));
    await c.stop();
    assert.deepEqual(done, ["abandoned"]);
    const pending = await redis.xpending(names.stream, names.group) as unknown[];
    assert.equal(pending[0], 0);
  });

  it("dead-letters an entry after maxRetries failed deliveries, with the last error", async () => {
    const names = streamNames(prefix, "poison");
    let attempts = 0;
    const c = startConsumer(redis, "w", {
      ...base,
      names,
      handle: () => Promise.reject(new Error(`boom ${++attempts}`)),
    }, log);
    await addEntry(redis, names.stream, { doc: "poison" });
    await until(async () => (await redis.xlen(names.dead)) === 1);
    await c.stop();
    assert.equal(attempts, 3);
    const [[, fields]] = await redis.xrange(names.dead, "-", "+");
    const dead = toFields(fields);
    assert.equal(dead.doc, "poison");
    assert.equal(dead.deliveries, "3");
    assert.equal(dead.error, "boom 3");
    assert.equal((await redis.xpending(names.stream, names.group) as unknown[])[0], 0);
  });

  it("dead-letters a permanent error at once", async () => {
    const names = streamNames(prefix, "permanent");
    let attempts = 0;
    const c = startConsumer(redis, "w", {
      ...base,
      names,
      handle: () => {
        attempts++;
        return Promise.reject(new PermanentJobError("checksum will never match"));
      },
    }, log);
    await addEntry(redis, names.stream, { doc: "bad" });
    await until(async () => (await redis.xlen(names.dead)) === 1);
    await c.stop();
    assert.equal(attempts, 1);
    assert.equal(toFields((await redis.xrange(names.dead, "-", "+"))[0][1]).error, "checksum will never match");
  });

  it("keeps a long job with its worker through heartbeats: no second consumer runs it", async () => {
    const names = streamNames(prefix, "long");
    let runs = 0;
    const handle = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 1200));
    };
    const a = startConsumer(redis, "a", { ...base, names, handle, concurrency: () => 1 }, log);
    await addEntry(redis, names.stream, { job: "long" });
    await until(() => runs === 1);
    const b = startConsumer(redis, "b", { ...base, names, handle, concurrency: () => 1 }, log);
    await new Promise((r) => setTimeout(r, 1500));
    await Promise.all([a.stop(), b.stop()]);
    assert.equal(runs, 1);
  });

  it("recreates its group when Redis lost it (restart without persistence) and carries on", async () => {
    const names = streamNames(prefix, "regroup");
    const seen: string[] = [];
    const c = startConsumer(
      redis,
      "w",
      { ...base, names, handle: (e) => Promise.resolve(void seen.push(e.fields.n)) },
      log,
    );
    await addEntry(redis, names.stream, { n: "before" });
    await until(() => seen.length === 1);
    await redis.del(names.stream);
    await new Promise((r) => setTimeout(r, 400));
    await ensureGroup(redis, names);
    await addEntry(redis, names.stream, { n: "after" });
    await until(() => seen.length === 2);
    await c.stop();
    assert.deepEqual(seen, ["before", "after"]);
  });
});
