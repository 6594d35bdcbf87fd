/**
 * Issue 16, part 5: cheap floods stay cheap. Against the real service process (`main.ts`): refused requests with
 * long paths write a bounded number of bounded audit rows and still account for every refusal; made-up HTTP
 * methods do not grow /metrics; a record body of 200,000 unknown keys is refused unparsed, and one of 20,000
 * gets a small answer. Another caller's /healthz
 * latency is measured while each flood runs.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import postgres from "postgres";
import { DIR } from "../_helpers/app.ts";
import { ADMIN_KEY } from "../_helpers/tokens.ts";
import { type RagProcess, startRagProcess } from "../_helpers/rag_process.ts";
import { p95Ms } from "../_helpers/attack.ts";
import { until } from "../_helpers/poll.ts";

/** Far above what /healthz takes on a quiet machine (a few ms) and far below a stalled service (seconds). */
const VICTIM_P95_BAR_MS = 1_000;
const BUDGET = 20;

let p: RagProcess;
before(async () => {
  p = await startRagProcess({ AUDIT_REFUSALS_PER_MINUTE: String(BUDGET) });
});
after(async () => {
  await p?.stop();
});

/** Runs `count` calls of `one`, `width` at a time, while measuring /healthz; returns its p95. */
async function flood(count: number, width: number, one: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const workers = Array.from({ length: width }, async () => {
    while (next < count) await one(next++);
  });
  const health = p95Ms(() => fetch(`${p.service.url}/healthz`));
  await Promise.all(workers);
  return await health;
}

const metricsText = async () => await (await fetch(`${p.service.url}/metrics`)).text();

describe("cheap floods stay cheap", () => {
  it("keeps /metrics bounded whatever methods are sent: made-up ones are one `other` label", async () => {
    const before = (await metricsText()).length;
    const health = await flood(2_000, 20, async () => {
      const method = `X${crypto.randomUUID().replaceAll("-", "").toUpperCase()}`;
      const res = await fetch(`${p.service.url}/healthz`, { method });
      await res.body?.cancel();
    });
    const text = await metricsText();
    assert.match(text, /method="other"/);
    const grown = text.length - before;
    assert.ok(grown < 8_000, `/metrics grew by ${grown} bytes`);
    assert.ok(health < VICTIM_P95_BAR_MS, `healthz p95 ${health.toFixed(1)} ms during the flood`);
  });

  it("refuses a record body of 200,000 unknown keys with 413 unparsed; lists at most 20 of 20,000 field errors", async () => {
    const post = async (keys: number) => {
      const body: Record<string, string> = { loginId: "flood.keys", koreanName: "키" };
      for (let i = 0; i < keys; i++) body[`k${i}`] = "";
      const res = await fetch(`${p.service.url}${DIR}/admin/users`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-directory-admin-key": ADMIN_KEY },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      return {
        status: res.status,
        text,
        problem: JSON.parse(text) as { code: string; errors?: unknown[]; errorsOmitted?: number },
      };
    };
    const huge = await post(200_000);
    assert.deepEqual([huge.status, huge.problem.code], [413, "payload_too_large"]);
    // Under the record cap (256 KiB), the keys are parsed and the answer stays small.
    const many = await post(20_000);
    assert.equal(many.status, 400);
    assert.equal(many.problem.code, "invalid_request");
    assert.equal(many.problem.errors?.length, 20);
    assert.equal(many.problem.errorsOmitted, 20_000 - 20);
    assert.ok(many.text.length < 4_000, `${many.text.length} bytes of answer`);
  });

  it("writes refusal audit rows within a budget per client and credential, paths cut to 512, none unaccounted for", async () => {
    const long = `${DIR}/admin/users/${"a".repeat(4_000)}`;
    const health = await flood(300, 20, async () => {
      const res = await fetch(`${p.service.url}${long}`);
      assert.equal(res.status, 401);
      await res.body?.cancel();
    });
    assert.ok(health < VICTIM_P95_BAR_MS, `healthz p95 ${health.toFixed(1)} ms during the flood`);
    const superuser = postgres(p.db.superUrl, { max: 1, onnotice: () => {} });
    try {
      const rows = () =>
        superuser<Array<{ path: string; refusals: number | null; bytes: number }>>`
          select details->>'path' as path, (details->>'refusals')::int as refusals, octet_length(details::text) as bytes
            from directory.audit_log where action = 'access.refused' order by id`;
      await until("the budget's rows are written", async () => (await rows()).length >= BUDGET, 10_000);
      await new Promise((r) => setTimeout(r, 500));
      const written = await rows();
      assert.equal(written.length, BUDGET, "one row per refusal up to the budget, none beyond it yet");
      assert.ok(written.every((r) => r.path.length === 512 && r.refusals === null));
      const bytes = written.reduce((n, r) => n + r.bytes, 0);
      assert.ok(bytes < BUDGET * 1_000, `${bytes} bytes of audit details`);
      // The rest of the minute is one row, written when the window ends or, as here, when the process stops.
      assert.equal(await p.service.stop(), 0);
      const all = await rows();
      assert.equal(all.length, BUDGET + 1);
      assert.equal(all.reduce((n, r) => n + (r.refusals ?? 1), 0), 300, "every refusal is counted");
    } finally {
      await superuser.end();
    }
  });
});
