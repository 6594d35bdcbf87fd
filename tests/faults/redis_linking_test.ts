/**
 * Redis stopped while portals submit content bodies and while the term-linking worker
 * runs (a private redis-server that loses every key on restart, as a crash would):
 * once Redis is back every body is linked exactly once, to exactly the terms it
 * mentions, with nothing lost and nothing redone.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { Redis } from "ioredis";
import type postgres from "postgres";
import { body, type Item, type List, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { type RedisProcess, startRedisProcess } from "../_helpers/processes.ts";
import { until } from "../_helpers/poll.ts";
import { streamDepth, streamNames } from "@/jobs/mod.ts";

const TERMS = ["인공지능", "API", "사과"] as const;

let redis: RedisProcess;
let app: TestApp;
const termIds: Record<string, string> = {};

before(async () => {
  redis = await startRedisProcess();
  app = await startTestApp({ REDIS_URL: redis.url }, { workers: true });
  const res = await app.portal("/glossary/term-proposals", {
    method: "POST",
    json: { terms: [{ notation: "인공지능", aliases: ["AI"] }, { notation: "API" }, { notation: "사과" }] },
  });
  for (const p of (await body<Item<schemas.ProposalResult>>(res)).data.proposed) termIds[p.notation] = p.id;
  for (const n of TERMS) {
    assert.equal((await app.admin(`/terms/${termIds[n]}/approve`, { method: "POST" })).status, 200);
  }
});
after(async () => {
  await redis?.start().catch(() => {});
  await app?.stop();
  await redis?.stop();
});

/** Body `i` mentions a different, non-empty subset of the terms (bit k of i+1 picks term k). */
function bodyOf(i: number): { text: string; terms: string[] } {
  const terms = TERMS.filter((_, k) => ((i % 7) + 1) & (1 << k));
  return { text: `<h1>글 ${i}</h1><p>이 글의 주제: ${terms.join(", ")} 그리고 다른 것.</p>`, terms: [...terms] };
}

async function submit(contentKey: string, text: string): Promise<string> {
  const res = await app.portal("/content-bodies", {
    method: "POST",
    json: { contentKey, body: text, contentType: "text/html" },
  });
  assert.equal(res.status, 202, await res.clone().text());
  return (await body<Item<schemas.ContentBodyQueued>>(res)).data.jobId;
}

const glossaryVersion = async () =>
  (await app.owner`select version from directory.ledgers where name = 'glossary'`)[0].version as number;

/** Holds the glossary ledger's lock (the first thing a linking job takes) until released. */
async function holdLedger(): Promise<{ release(): Promise<void> }> {
  const held: postgres.ReservedSql = await app.owner.reserve();
  await held`begin`;
  await held`select version from directory.ledgers where name = 'glossary' for update`;
  return {
    async release() {
      await held`rollback`;
      held.release();
    },
  };
}

/** Sessions waiting for a row lock another transaction holds (pg_locks shows every role's sessions). */
const waitingForLocks = async () =>
  (await app.owner`select count(distinct pid)::int as n from pg_locks
    where not granted and locktype in ('transactionid', 'tuple') and pid <> pg_backend_pid()`)[0].n as number;

describe("Redis stopped during content linking", () => {
  it("links every body exactly once after Redis comes back, submitted before or during the outage", async () => {
    const stream = streamNames(app.config.REDIS_KEY_PREFIX, "directory:term-linking");
    const versionBefore = await glossaryVersion();
    const jobs = new Map<string, { contentKey: string; terms: string[] }>();
    const queue = async (i: number) => {
      const contentKey = `portal-a:post:${i}`;
      const { text, terms } = bodyOf(i);
      jobs.set(await submit(contentKey, text), { contentKey, terms });
    };

    // Two jobs reach the worker and wait on the ledger lock; two more wait in the stream.
    const ledger = await holdLedger();
    let released = false;
    try {
      for (let i = 0; i < 4; i++) await queue(i);
      await until("two linking jobs wait for the ledger", async () => await waitingForLocks() >= 2, 15_000);

      await redis.stop();
      // Submitted while Redis is down: accepted, kept in the outbox.
      for (let i = 4; i < 8; i++) await queue(i);
      const ready = await app.request("/readyz");
      assert.equal(ready.status, 503);
      const readiness = await ready.json();
      assert.equal(readiness.status, "not_ready");
      assert.deepEqual(readiness.checks.database, { state: "ok", detail: "answers", required: true });
      assert.deepEqual(readiness.checks.redis, { state: "down", detail: "does not answer", required: true });
      assert.equal((await app.request("/healthz")).status, 200);
      // The running jobs finish their work while Redis is still down; their acknowledgements wait.
      await ledger.release();
      released = true;
      await until("the two running jobs are done", async () => {
        const [{ n }] = await app.owner`select count(*)::int as n from directory.content_bodies where status = 'done'`;
        return n >= 2;
      }, 15_000);
      const [{ waiting }] = await app.owner`select count(*)::int as waiting from directory.content_bodies
        where status = 'queued'`;
      assert.equal(waiting, 6, "nothing else ran while Redis was down");
    } finally {
      if (!released) await ledger.release();
      await redis.start();
    }

    await until("readyz says ready again", async () => (await app.request("/readyz")).status === 200, 10_000);
    await until("every body is linked", async () => {
      const [{ n }] = await app.owner`select count(*)::int as n from directory.content_bodies where status = 'done'`;
      return n === jobs.size;
    }, 30_000);
    // Redelivered entries (the relay sends again what the restart lost) must find their jobs done and change nothing.
    const probe = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      await until("the stream has nothing pending or undelivered", async () => {
        const d = await streamDepth(probe, stream);
        return d.pending === 0 && d.lag === 0;
      }, 20_000);
      assert.equal((await streamDepth(probe, stream)).dead, 0, "nothing was dead-lettered");
    } finally {
      probe.disconnect();
    }

    for (const [jobId, { contentKey, terms }] of jobs) {
      const job = (await body<Item<schemas.ContentBodyStatus>>(await app.portal(`/content-bodies/${jobId}`))).data;
      assert.equal(job.status, "done", contentKey);
      assert.equal(job.result?.termsFound, terms.length, contentKey);
      assert.equal(job.result?.linksUpserted, terms.length, `${contentKey}: the first (only) run's result is kept`);
      const live = (await body<List<schemas.Link>>(
        await app.portal(`/content-term-links?contentKey=${contentKey}&includeDeleted=false`),
      )).data.items;
      assert.deepEqual(live.map((l) => l.termId).sort(), terms.map((t) => termIds[t]).sort(), contentKey);
      assert.equal(new Set(live.map((l) => l.version)).size, 1, `${contentKey}: linked in one write`);
    }
    const perPair = await app.owner`select content_key, term_id, count(*)::int as n from directory.content_term_links
      group by 1, 2 having count(*) <> 1`;
    assert.deepEqual([...perPair], [], "one link per (contentKey, termId)");
    assert.equal(await glossaryVersion() - versionBefore, jobs.size, "each job wrote once: one ledger version each");
    const [{ unfinished }] = await app.owner`select count(*)::int as unfinished from directory.outbox
      where done_at is null`;
    assert.equal(unfinished, 0, "every outbox job is marked done");
  });
});
