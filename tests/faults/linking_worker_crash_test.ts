/**
 * A term-linking worker process killed in the middle of a job (its transaction open,
 * about to write the links of a large body): nothing of its work survives, another
 * worker claims the same stream entry once it is abandoned, and the body ends up
 * linked exactly once.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type postgres from "postgres";
import { body, type Item, type List, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { startWorkerProcess, type WorkerProcess } from "../_helpers/processes.ts";
import { until } from "../_helpers/poll.ts";
import { startWorkers, streamNames } from "@/jobs/mod.ts";

let app: TestApp;
const termIds: Record<string, string> = {};

before(async () => {
  app = await startTestApp({ SERVICES: "directory" }, { workers: false });
  const res = await app.portal("/glossary/term-proposals", {
    method: "POST",
    json: { terms: [{ notation: "인공지능", aliases: ["AI"] }, { notation: "API" }, { notation: "사과" }] },
  });
  for (const p of (await body<Item<schemas.ProposalResult>>(res)).data.proposed) termIds[p.notation] = p.id;
  for (const id of Object.values(termIds)) await app.admin(`/terms/${id}/approve`, { method: "POST" });
});
after(async () => {
  await app.stop();
});

/** About 300 KB of text mentioning two of the three terms many times. */
const LARGE = `<h1>긴 글</h1>${
  Array.from({ length: 2000 }, (_, i) => `<p>${i}번째 문단: 인공지능 연구와 API 설계에 관한 긴 설명이 이어진다.</p>`)
    .join("")
}`;

const glossaryVersion = async () =>
  (await app.owner`select version from directory.ledgers where name = 'glossary'`)[0].version as number;

describe("a term-linking worker killed mid-job", () => {
  it("leaves the entry to another worker, which links the body exactly once", async () => {
    const names = streamNames(app.config.REDIS_KEY_PREFIX, "directory:term-linking");
    const held: postgres.ReservedSql = await app.owner.reserve();
    let worker: WorkerProcess | null = null;
    let rescuer: Awaited<ReturnType<typeof startWorkers>> | null = null;
    let locked = false;
    try {
      // Writing links needs ROW EXCLUSIVE on the links table; holding SHARE stops the job right there,
      // after it has locked the ledger and its body and matched the text, before anything is written.
      await held`begin`;
      await held`lock table directory.content_term_links in share mode`;
      locked = true;
      worker = await startWorkerProcess(app.env);
      const versionBefore = await glossaryVersion();
      const res = await app.portal("/content-bodies", {
        method: "POST",
        json: { contentKey: "portal-a:post:large", body: LARGE, contentType: "text/html" },
      });
      assert.equal(res.status, 202, await res.clone().text());
      const { jobId } = (await body<Item<schemas.ContentBodyQueued>>(res)).data;
      await until("the worker waits to write the links", async () => {
        const [{ n }] = await app.owner`select count(*)::int as n from pg_locks
          where relation = 'directory.content_term_links'::regclass and not granted`;
        return n > 0;
      }, 20_000);
      const [[, owner, , deliveries]] = await app.runtime.redis.xpending(names.stream, names.group, "-", "+", 10) as [
        string,
        string,
        number,
        number,
      ][];
      assert.notEqual(owner, "rescuer");
      assert.equal(deliveries, 1);

      await worker.kill();
      await held`rollback`;
      locked = false;
      // The killed worker's session rolls back once it finds its client gone; nothing of the job remains.
      await until("the killed worker's transaction is gone", async () => {
        const [{ n }] = await app.owner`select count(*)::int as n from pg_locks
          where relation = 'directory.content_term_links'::regclass and pid <> pg_backend_pid()`;
        return n === 0;
      }, 10_000);
      const [stale] = await app.owner`select status from directory.content_bodies where id = ${jobId}`;
      assert.equal(stale.status, "queued", "the crash left the job unfinished");
      const [{ links }] = await app.owner`select count(*)::int as links from directory.content_term_links
        where content_key = 'portal-a:post:large'`;
      assert.equal(links, 0, "no link of the killed run survived");

      rescuer = await startWorkers(app.runtime.jobs, "rescuer");
      await until("another worker links the body", async () => {
        const job = (await body<Item<schemas.ContentBodyStatus>>(await app.portal(`/content-bodies/${jobId}`))).data;
        return job.status === "done";
      }, 30_000);
      await until("the entry is acknowledged", async () => {
        const [count] = await app.runtime.redis.xpending(names.stream, names.group) as [number];
        return count === 0;
      }, 10_000);

      const job = (await body<Item<schemas.ContentBodyStatus>>(await app.portal(`/content-bodies/${jobId}`))).data;
      assert.deepEqual([job.result?.termsFound, job.result?.linksUpserted], [2, 2]);
      const live = (await body<List<schemas.Link>>(
        await app.portal("/content-term-links?contentKey=portal-a:post:large&includeDeleted=false"),
      )).data.items;
      assert.deepEqual(live.map((l) => l.termId).sort(), [termIds["인공지능"], termIds["API"]].sort());
      assert.equal(await glossaryVersion() - versionBefore, 1, "one write: the killed run's version was rolled back");
      assert.equal(await app.runtime.redis.xlen(names.stream), 1, "the same entry was claimed, not sent again");
      assert.equal(await app.runtime.redis.xlen(names.dead), 0);
      assert.ok(!worker.lines.some((l) => l.includes('"job attempt failed"')), worker.lines.join("\n"));
    } finally {
      await rescuer?.stop();
      await worker?.kill();
      if (locked) await held`rollback`;
      held.release();
    }
  });
});
