/**
 * Issue 16, parts 2 and 5: what another caller sees while cheap attacks run against the real service process. For
 * each attack, at the size the issue reports it, GET /users p95 (a portal reading the directory, sequential calls) is
 * measured on a quiet service (200 calls) and then for as long as the attack runs, in the same run; the bar is a
 * ratio of at most 2.
 */
import { DIR } from "@/tests/_helpers/app.ts";
import { ADMIN_KEY, READER_KEY } from "@/tests/_helpers/tokens.ts";
import { type RagProcess, startRagProcess } from "@/tests/_helpers/rag_process.ts";
import { gzipBomb, p95Ms, rawRequest, sleep } from "@/tests/_helpers/attack.ts";
import { type Figure, table } from "./_report.ts";

const CALLS = Number(Deno.env.get("BENCH_EDGE_CALLS") ?? 200);

/** Runs `count` calls of `one`, `width` at a time. */
async function burst(count: number, width: number, one: () => Promise<void>): Promise<void> {
  let left = count;
  await Promise.all(Array.from({ length: width }, async () => {
    while (left-- > 0) await one().catch(() => {});
  }));
}

type Attack = { name: string; run: (p: RagProcess) => Promise<void> };

const json = { "content-type": "application/json" };

/** The attacks of issue 16 at the size the issue reports them. */
async function attacks(): Promise<Attack[]> {
  const bomb = await gzipBomb(10 * 1024 * 1024 - 1024);
  const unknownKeys = JSON.stringify(Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, ""])));
  const madeUp = () => `X${crypto.randomUUID().replaceAll("-", "").toUpperCase()}`;
  return [{
    name: `40 unauthenticated gzip bodies (${(bomb.byteLength / 1024).toFixed(1)} KB -> 10 MiB), sent slowly`,
    run: (p) =>
      burst(40, 40, async () => {
        const headers = { ...json, "content-encoding": "gzip", "content-length": String(bomb.byteLength) };
        const r = await rawRequest(p.service.url, "POST", "/api/v1/search", headers, bomb.subarray(0, 100));
        for (let at = 100; at < bomb.byteLength; at += 1000) {
          await r.send(bomb.subarray(at, at + 1000));
          await sleep(20);
        }
        await r.answer;
        r.close();
      }),
  }, {
    name: "40 authenticated bodies trickling 1 byte per 100 ms until cut off (408 / 429)",
    run: (p) =>
      burst(40, 40, async () => {
        const r = await rawRequest(p.service.url, "POST", `${DIR}/admin/users`, {
          ...json,
          "x-directory-admin-key": ADMIN_KEY,
          "content-length": "100000",
        }, new TextEncoder().encode("{"));
        let done = false;
        r.answer.finally(() => done = true);
        while (!done) {
          await r.send(new TextEncoder().encode(" "));
          await sleep(100);
        }
        r.close();
      }),
  }, {
    name: "300 refused requests with 4000-character paths",
    run: (p) =>
      burst(300, 20, async () => {
        await (await fetch(`${p.service.url}${DIR}/admin/users/${"a".repeat(4000)}`)).body?.cancel();
      }),
  }, {
    name: "2000 requests with made-up methods",
    run: (p) =>
      burst(2000, 20, async () => {
        await (await fetch(`${p.service.url}/healthz`, { method: madeUp() })).body?.cancel();
      }),
  }, {
    name: `one body of 200,000 unknown keys (${(unknownKeys.length / 1024 / 1024).toFixed(1)} MB)`,
    run: (p) =>
      burst(1, 1, async () => {
        const res = await fetch(`${p.service.url}${DIR}/admin/users`, {
          method: "POST",
          headers: { ...json, "x-directory-admin-key": ADMIN_KEY },
          body: unknownKeys,
        });
        await res.body?.cancel();
      }),
  }];
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  const p = await startRagProcess({ LOG_LEVEL: "error", RATE_LIMIT_PER_MINUTE: "100000000" });
  const victim = (calls: number) =>
    p95Ms(
      () => fetch(`${p.service.url}${DIR}/users?limit=20`, { headers: { authorization: `Bearer ${READER_KEY}` } }),
      calls,
    );
  /** The victim's p95 over sequential calls for as long as `attack` runs (at least 20 calls). */
  const victimWhile = async (attack: Promise<void>) => {
    let over = false;
    attack.finally(() => over = true);
    const samples: number[] = [];
    while (!over || samples.length < 20) samples.push(await victim(1));
    await attack;
    return samples.sort((a, b) => a - b)[Math.ceil(samples.length * 0.95) - 1];
  };
  const figures: Figure[] = [];
  try {
    await victim(CALLS); // warm-up
    for (const attack of await attacks()) {
      const quiet = await victim(CALLS);
      const during = await victimWhile(attack.run(p));
      figures.push({
        bench: "edge",
        metric: `GET /users p95 during: ${attack.name}`,
        value: during,
        unit: "ms",
        baseline: { metric: "GET /users p95, quiet", value: quiet },
        ratio: during / quiet,
        bar: { what: "ratio", op: "<=", target: 2, from: "issue 16" },
      });
    }
  } finally {
    await p.stop();
  }
  return figures;
}

if (import.meta.main) console.log(table(await run()));
