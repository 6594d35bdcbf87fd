/**
 * Issue 16, part 2: nothing is buffered for a caller before it is authenticated, and a body that is read is
 * bounded in time and in number. Each attack runs against the real service process (`main.ts`), over raw
 * connections that send their bodies as slowly as the attacker likes, while another caller's /healthz and
 * GET /users latency and the process's resident memory (/proc/<pid>/status) are measured.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { DIR } from "../_helpers/app.ts";
import { ADMIN_KEY, READER_KEY } from "../_helpers/tokens.ts";
import { type RagProcess, startRagProcess } from "../_helpers/rag_process.ts";
import { gzipBomb, p95Ms, type RawRequest, rawRequest, rssMiB, sleep } from "../_helpers/attack.ts";

/** Far above what these calls take on a quiet machine (a few ms) and far below a stalled service (seconds). */
const VICTIM_P95_BAR_MS = 1_000;

let p: RagProcess;
before(async () => {
  p = await startRagProcess({
    // Longer than a body waits for a slot (1 s), so a held body does not time out and free its slot meanwhile.
    HTTP_BODY_TIMEOUT_SECONDS: "4",
    HTTP_BODY_MIN_BYTES_PER_SECOND: "1024",
    HTTP_BODIES_PER_CREDENTIAL: "2",
    HTTP_BODIES_TOTAL: "3",
  });
});
after(async () => {
  await p?.stop();
});

const victim = () =>
  Promise.all([
    p95Ms(() => fetch(`${p.service.url}/healthz`)),
    p95Ms(() => fetch(`${p.service.url}${DIR}/users?limit=20`, { headers: { authorization: `Bearer ${READER_KEY}` } })),
  ]);

const json = { "content-type": "application/json" };

/** Waits for `req`'s answer, or fails after `ms` (the service never answered while the body was unfinished). */
async function answerOf(req: RawRequest, ms = 10_000) {
  const timer = sleep(ms).then(() => "no answer" as const);
  const got = await Promise.race([req.answer, timer]);
  assert.notEqual(got, "no answer", `no answer within ${ms} ms`);
  assert.ok(got !== null && got !== "no answer", "the service closed the connection without an answer");
  return { status: got.status, code: (JSON.parse(got.body) as { code?: string }).code };
}

describe("bodies are read only for a caller who proved who it is", () => {
  let bomb: Uint8Array;
  before(async () => {
    bomb = await gzipBomb(10 * 1024 * 1024 - 1024);
    assert.ok(bomb.byteLength < 20_000, `${bomb.byteLength} bytes on the wire`);
  });
  const bombHeaders = () => ({ ...json, "content-encoding": "gzip", "content-length": String(bomb.byteLength) });
  const path = (i: number) => i % 2 ? `${DIR}/admin/users` : "/api/v1/search";

  it("holds none of 40 gzip bombs sent without credentials in memory, and answers each 401", async () => {
    const before = rssMiB(p.service.pid);
    const attacks = await Promise.all(
      Array.from({ length: 40 }, (_, i) => rawRequest(p.service.url, "POST", path(i), bombHeaders(), bomb)),
    );
    try {
      for (const a of attacks) assert.deepEqual(await answerOf(a, 30_000), { status: 401, code: "unauthorized" });
      const grown = rssMiB(p.service.pid) - before;
      assert.ok(grown < 100, `the process grew by ${grown.toFixed(0)} MiB (40 inflated bombs would be 400 MiB)`);
    } finally {
      for (const a of attacks) a.close();
    }
  });

  it("answers 40 half-sent gzip bodies without credentials with 401 at once, while others are served", async () => {
    const quiet = await victim();
    const half = bomb.byteLength >> 1;
    const attacks = await Promise.all(
      Array.from(
        { length: 40 },
        (_, i) => rawRequest(p.service.url, "POST", path(i), bombHeaders(), bomb.subarray(0, half)),
      ),
    );
    try {
      const during = victim();
      for (const a of attacks) assert.deepEqual(await answerOf(a), { status: 401, code: "unauthorized" });
      const [health, users] = await during;
      assert.ok(health < VICTIM_P95_BAR_MS, `healthz p95 ${health.toFixed(1)} ms (quiet: ${quiet[0].toFixed(1)} ms)`);
      assert.ok(users < VICTIM_P95_BAR_MS, `GET /users p95 ${users.toFixed(1)} ms (quiet: ${quiet[1].toFixed(1)} ms)`);
    } finally {
      for (const a of attacks) a.close();
    }
  });
});

describe("a body that is read is bounded in time and in number", () => {
  it("cuts off an authenticated body that trickles below the minimum rate with 408 request_timeout", async () => {
    const slow = await rawRequest(p.service.url, "POST", `${DIR}/admin/users`, {
      ...json,
      "x-directory-admin-key": ADMIN_KEY,
      "content-length": "100000",
    }, new TextEncoder().encode('{"loginId":'));
    const started = Date.now();
    let answered = false;
    slow.answer.finally(() => answered = true);
    const trickle = (async () => {
      while (!answered && Date.now() - started < 8_000) {
        await slow.send(new TextEncoder().encode(" "));
        await sleep(200);
      }
    })();
    try {
      assert.deepEqual(await answerOf(slow), { status: 408, code: "request_timeout" });
      const took = Date.now() - started;
      assert.ok(took >= 1_500 && took < 8_000, `answered after ${took} ms (HTTP_BODY_TIMEOUT_SECONDS=4)`);
    } finally {
      slow.close();
      await trickle;
    }
  });

  it("refuses bodies beyond the per-credential and the total cap with 429 too_many_bodies, and frees the slots", async () => {
    const open = async (path: string, auth: Record<string, string>) =>
      await rawRequest(
        p.service.url,
        "POST",
        path,
        { ...json, ...auth, "content-length": "1000" },
        new Uint8Array([123]),
      );
    const admin = { "x-directory-admin-key": ADMIN_KEY };
    const user = async (sub: string) => ({ authorization: `Bearer ${await p.token({ sub })}` });
    const held = [await open(`${DIR}/admin/users`, admin), await open(`${DIR}/admin/users`, admin)];
    try {
      await sleep(300);
      const third = await open(`${DIR}/admin/users`, admin);
      assert.deepEqual(await answerOf(third, 3_000), { status: 429, code: "too_many_bodies" });
      held.push(third, await open("/api/v1/search", await user("user-1")));
      await sleep(300);
      const beyondTotal = await open("/api/v1/search", await user("user-2"));
      held.push(beyondTotal);
      assert.deepEqual(await answerOf(beyondTotal, 3_000), { status: 429, code: "too_many_bodies" });
      const [health] = await victim();
      assert.ok(health < VICTIM_P95_BAR_MS, `healthz p95 ${health.toFixed(1)} ms while the slots are held`);
    } finally {
      for (const h of held) h.close();
    }
    // Closed connections give their slots back: a whole body is read again (and judged on its content).
    await sleep(500);
    const res = await fetch(`${p.service.url}${DIR}/admin/users`, {
      method: "POST",
      headers: { ...json, "x-directory-admin-key": ADMIN_KEY },
      body: "{}",
    });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).code, "invalid_request");
  });
});
