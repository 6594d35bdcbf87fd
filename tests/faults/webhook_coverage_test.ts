/**
 * The delivery guarantee under faults: 10,000 changes by concurrent writers (users and departments, which share a
 * ledger, so each resource's versions interleave with the other's; user groups and glossary terms on ledgers of their
 * own, so three ledgers commit at once), a private Redis restarted (losing every key)
 * and the worker process killed mid-stream. A real receiver on loopback must see every committed change at least
 * once: for each resource the delivered ranges (fromDataVersion, dataVersion] join without a gap, and the range
 * holding each change's version lists its record. Duplicates are allowed; gaps are not.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, startTestApp, type TestApp } from "../_helpers/app.ts";
import { type RedisProcess, startRedisProcess, startWorkerProcess, type WorkerProcess } from "../_helpers/processes.ts";
import { until } from "../_helpers/poll.ts";
import { type Received, type Receiver, startReceiver } from "../_helpers/webhook_receiver.ts";
import type { webhookSchemas } from "@/domain/directory/mod.ts";

const CHANGES = 10_000;
const WRITERS = 8;

let redis: RedisProcess;
let app: TestApp;
let receiver: Receiver;
const workers: WorkerProcess[] = [];

before(async () => {
  redis = await startRedisProcess();
  receiver = startReceiver();
  app = await startTestApp({
    SERVICES: "directory",
    REDIS_URL: redis.url,
    WEBHOOK_ALLOW_LOOPBACK: "true",
    WEBHOOK_RETRY_MAX_SECONDS: "1",
    LOG_LEVEL: "warn",
  }, { workers: false });
});
after(async () => {
  for (const w of workers) await w.stop();
  await redis?.start().catch(() => {});
  await app?.stop();
  await receiver?.stop();
  await redis?.stop();
});

/** A committed change: its resource, the version it took and its record. */
interface Change {
  resource: "users" | "departments" | "user-groups" | "glossary-terms";
  version: number;
  id: string;
}

async function change(i: number): Promise<Change> {
  if (i % 3 === 2) return await proposeTerm(i);
  const resource = i % 3 === 1 ? "user-groups" : i % 5 === 0 ? "departments" : "users";
  const res = resource === "user-groups"
    ? await app.portal(`/user-groups/${crypto.randomUUID()}`, {
      method: "PUT",
      json: { code: `cover-${i}`, name: `그룹 ${i}` },
    })
    : await app.admin(`/${resource}`, {
      method: "POST",
      json: resource === "users"
        ? { loginId: `cover.${i}`, koreanName: `사용자${i}` }
        : { code: `COVER-${i}`, name: `부서 ${i}` },
    });
  assert.ok(res.status === 200 || res.status === 201, await res.clone().text());
  const { id, version } = (await body<Item<{ id: string; version: number }>>(res)).data;
  return { resource, version, id };
}

/** A glossary term proposed by the portal; its version read back, since a proposal answers with ids only. */
async function proposeTerm(i: number): Promise<Change> {
  const res = await app.portal("/glossary/term-proposals", {
    method: "POST",
    json: { terms: [{ notation: `커버리지용어${i}` }] },
  });
  assert.equal(res.status, 200, await res.clone().text());
  const [{ id }] = (await body<Item<{ proposed: { id: string }[] }>>(res)).data.proposed;
  const [{ version }] = await app.owner`select version::int from directory.terms where id = ${id}`;
  return { resource: "glossary-terms", version, id };
}

/** Every change not covered by a delivered range of its resource that lists its record. */
function uncovered(changes: Change[]): Change[] {
  const byId = new Map<string, Received["event"][]>();
  for (const { event } of receiver.received) {
    for (const id of event.ids) byId.set(id, [...byId.get(id) ?? [], event]);
  }
  return changes.filter((c) =>
    !(byId.get(c.id) ?? []).some((e) =>
      e.resource === c.resource && e.fromDataVersion < c.version && c.version <= e.dataVersion
    )
  );
}

/** Whether a resource's delivered ranges join without a gap from `start` through `end`. */
function joined(resource: string, start: number, end: number): boolean {
  const ranges = receiver.received.filter((r) => r.event.resource === resource)
    .map((r) => [r.event.fromDataVersion, r.event.dataVersion] as const)
    .sort((a, b) => a[0] - b[0]);
  let reached = start;
  for (const [from, to] of ranges) {
    if (from > reached) return false;
    reached = Math.max(reached, to);
  }
  return reached >= end;
}

describe("webhook delivery under faults", () => {
  it("covers every one of 10,000 concurrent changes across a Redis restart and a worker kill", async () => {
    const res = await app.portal("/subscriptions", {
      method: "POST",
      json: { url: `${receiver.base}/coverage`, resources: ["users", "departments", "user-groups", "glossary-terms"] },
    });
    assert.equal(res.status, 201);
    const subscription = (await body<Item<webhookSchemas.Subscription>>(res)).data;
    const starts = new Map<string, number>();
    for (
      const c of await app.owner`select resource, delivered_through::int as start from directory.webhook_cursors
      where subscription_id = ${subscription.id}`
    ) starts.set(c.resource, c.start);
    workers.push(await startWorkerProcess(app.env));

    const changes: Change[] = [];
    let next = 0;
    const faults = new Map<number, () => Promise<void>>([
      [2_500, async () => {
        await redis.stop();
        await new Promise((r) => setTimeout(r, 500));
        await redis.start();
      }],
      [5_000, async () => {
        await workers[0].kill();
        workers.push(await startWorkerProcess(app.env));
      }],
    ]);
    const writer = async () => {
      while (next < CHANGES) {
        const i = next++;
        const fault = faults.get(i);
        if (fault) {
          faults.delete(i);
          await fault();
        }
        changes.push(await change(i));
      }
    };
    const writing = Date.now();
    await Promise.all(Array.from({ length: WRITERS }, writer));
    assert.equal(changes.length, CHANGES);
    const written = Date.now();

    await until("every change is delivered", () => uncovered(changes).length === 0, 90_000, 500);
    for (const resource of ["users", "departments", "user-groups", "glossary-terms"] as const) {
      const end = Math.max(...changes.filter((c) => c.resource === resource).map((c) => c.version));
      assert.ok(joined(resource, starts.get(resource)!, end), `${resource}: the delivered ranges leave a gap`);
    }
    const duplicates = receiver.received.length - new Set(receiver.received.map((r) => r.headers["webhook-id"])).size;
    console.log(
      `deliveries ${receiver.received.length} (repeated ${duplicates}) for ${CHANGES} changes; ` +
        `writing ${written - writing} ms, the rest delivered ${Date.now() - written} ms later`,
    );
  });
});
