/**
 * One limit for N API processes: a portal that spreads its requests over two real service
 * processes still gets RATE_LIMIT_PER_MINUTE in all, not that much from each, because the
 * bucket lives in Redis. With Redis unreachable each process falls back to its own bucket, so
 * reads keep being served.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { DIR, REDIS_URL, testEnv } from "../_helpers/app.ts";
import { freshDatabase, type TestDatabase } from "../_helpers/db.ts";
import { type MainProcess, spawnMain } from "../_helpers/main_process.ts";
import { freePort } from "../_helpers/processes.ts";
import { PORTAL_A_KEY } from "../_helpers/tokens.ts";

const LIMIT = 20;

async function startService(db: TestDatabase, env: Record<string, string>) {
  const port = freePort();
  const process = spawnMain({
    ...testEnv(db, env.REDIS_KEY_PREFIX),
    SERVICES: "directory",
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    LOG_LEVEL: "info",
    PORT: String(port),
    ...env,
  });
  await process.waitForLine((l) => l.includes('"listening"'));
  return { process, url: `http://127.0.0.1:${port}` };
}

/** Sends `n` reads with portal A's key, alternating between the services, and counts the answers by status. */
async function spread(urls: string[], n: number) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${urls[i % urls.length]}${DIR}/users?limit=1`, {
      headers: { authorization: `Bearer ${PORTAL_A_KEY}` },
    });
    if (res.status === 429) assert.ok(Number(res.headers.get("retry-after")) >= 1, "a refusal says when to retry");
    await res.body?.cancel();
    statuses.push(res.status);
  }
  return { ok: statuses.filter((s) => s === 200).length, limited: statuses.filter((s) => s === 429).length };
}

describe("rate limits shared by several API processes", () => {
  let db: TestDatabase;
  const running: MainProcess[] = [];
  before(async () => {
    db = await freshDatabase();
  });
  after(async () => {
    await Promise.all(running.map((p) => p.stop()));
    await db?.drop();
  });

  it("hold one limit between two processes", async () => {
    const prefix = `t:${crypto.randomUUID().slice(0, 8)}:`;
    const a = await startService(db, { REDIS_KEY_PREFIX: prefix });
    const b = await startService(db, { REDIS_KEY_PREFIX: prefix });
    running.push(a.process, b.process);
    const { ok, limited } = await spread([a.url, b.url], LIMIT * 2);
    // At 20 a minute the bucket refills one request every 3 s: a slow run may earn one or two more.
    assert.ok(
      ok >= LIMIT && ok <= LIMIT + 2,
      `${ok} answered of ${LIMIT * 2}; each process alone would allow ${LIMIT}`,
    );
    assert.equal(ok + limited, LIMIT * 2, "every other request is 429");
  });

  it("fall back to each process's own bucket while Redis is unreachable", async () => {
    const closed = `redis://127.0.0.1:${freePort()}`;
    const a = await startService(db, { REDIS_URL: closed, REDIS_KEY_PREFIX: "t:unreachable:" });
    running.push(a.process);
    const { ok } = await spread([a.url], LIMIT + 5);
    assert.equal(ok, LIMIT, "reads are served up to the process's own limit, then refused");
    assert.notEqual(closed, REDIS_URL);
  });
});
