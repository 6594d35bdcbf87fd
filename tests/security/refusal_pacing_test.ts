/**
 * Issue 16, part 5: a flood of refusals is paced per client. Against the real service process with the
 * production defaults (60 refusals a minute answered at once, then each held 250 ms): the attacker's refusals
 * past the budget are held, holding more connections open makes each hold longer, and callers that are served
 * (a portal reading users from the same address, an unknown id asked by a proved portal) are never held.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { DIR } from "../_helpers/app.ts";
import { READER_KEY } from "../_helpers/tokens.ts";
import { type RagProcess, startRagProcess } from "../_helpers/rag_process.ts";
import { p95Ms } from "../_helpers/attack.ts";
import { HELD_PER_STEP } from "@/lib/refusal_pacer.ts";

const BUDGET = 60;
const DELAY_MS = 250;
/** Far below a stalled service (seconds), far above a quiet call (a few ms) on a loaded machine. */
const VICTIM_P95_BAR_MS = 1_000;

let p: RagProcess;
before(async () => {
  // An empty value leaves the production default in place (testEnv turns holding off for the other tests).
  p = await startRagProcess({ HTTP_REFUSALS_BEFORE_DELAY: "", HTTP_REFUSAL_DELAY_MS: "" });
});
after(async () => {
  await p?.stop();
});

/** Runs `count` calls of `one`, `width` at a time; gives each call's milliseconds. */
async function flood(count: number, width: number, one: () => Promise<void>): Promise<number[]> {
  let left = count;
  const took: number[] = [];
  await Promise.all(Array.from({ length: width }, async () => {
    while (left-- > 0) {
      const started = performance.now();
      await one();
      took.push(performance.now() - started);
    }
  }));
  return took;
}

const heldTotal = async () => {
  const text = await (await fetch(`${p.service.url}/metrics`)).text();
  return Number(/^http_refusals_held_total (\d+)/m.exec(text)?.[1] ?? 0);
};

const readUsers = () =>
  fetch(`${p.service.url}${DIR}/users?limit=20`, { headers: { authorization: `Bearer ${READER_KEY}` } });

describe("refusals past a client's budget are held", () => {
  it("answers the budget at once, holds every refusal past it, and serves other calls meanwhile", async () => {
    const made = () => `X${crypto.randomUUID().replaceAll("-", "").toUpperCase()}`;
    const kinds = [
      () => fetch(`${p.service.url}/healthz`, { method: made() }),
      () => fetch(`${p.service.url}${DIR}/admin/users/${"a".repeat(4_000)}`),
      () => fetch(`${p.service.url}${DIR}/users`, { headers: { authorization: "Bearer not-a-key" } }),
      () => fetch(`${p.service.url}/no/such/route`),
    ];
    let i = 0;
    const statuses = new Set<number>();
    const victim = p95Ms(readUsers, 40);
    const took = await flood(BUDGET + 140, 20, async () => {
      const res = await kinds[i++ % kinds.length]();
      statuses.add(res.status);
      await res.body?.cancel();
    });
    assert.deepEqual([...statuses].sort(), [401, 404]);
    const held = took.filter((ms) => ms >= DELAY_MS).length;
    assert.ok(held >= 140, `${held} of ${took.length} refusals took ${DELAY_MS} ms or more`);
    assert.equal(await heldTotal(), 140, "the metric counts each held refusal");
    const p95 = await victim;
    assert.ok(p95 < VICTIM_P95_BAR_MS, `GET /users p95 ${p95.toFixed(1)} ms during the flood`);
  });

  it("never holds an answer to a proved caller about its data, even from the flooding address", async () => {
    const before = await heldTotal();
    const res = await fetch(`${p.service.url}${DIR}/users/${crypto.randomUUID()}`, {
      headers: { authorization: `Bearer ${READER_KEY}` },
    });
    assert.equal(res.status, 404);
    await res.body?.cancel();
    assert.equal((await readUsers()).status, 200);
    assert.equal(await heldTotal(), before);
  });

  it("holds longer while more of one client's answers are held at once", async () => {
    const width = HELD_PER_STEP * 2 + 8;
    const took = await flood(width, width, async () => {
      const res = await fetch(`${p.service.url}/no/such/route`);
      await res.body?.cancel();
    });
    const longest = Math.max(...took);
    assert.ok(longest >= DELAY_MS * 3, `the longest hold was ${longest.toFixed(0)} ms with ${width} held at once`);
  });
});
