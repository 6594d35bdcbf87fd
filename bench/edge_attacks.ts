/**
 * Issue 16, parts 2 and 5: what another caller sees while cheap attacks run against the real service process. For
 * each attack, at the size the issue reports it, GET /users p95 (a portal reading the directory, sequential calls) is
 * measured on a quiet service (200 calls) and then for as long as the attack runs, in the same run; the bar is a
 * ratio of at most 2. Each attack runs in its own process (`_edge_attacker.ts`), started before the measurement.
 */
import { DIR } from "@/tests/_helpers/app.ts";
import { READER_KEY } from "@/tests/_helpers/tokens.ts";
import { startRagProcess } from "@/tests/_helpers/rag_process.ts";
import { p95Ms } from "@/tests/_helpers/attack.ts";
import { attacks } from "./_edge_attacker.ts";
import { type Figure, table } from "./_report.ts";

const CALLS = Number(Deno.env.get("BENCH_EDGE_CALLS") ?? 200);

/** Starts attack `index` in its own process; once it is ready, sets it off and gives its run until it exits. */
async function attacker(url: string, index: number): Promise<{ done: Promise<void> }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./_edge_attacker.ts", import.meta.url).pathname, url, String(index)],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let said = "";
  while (!said.includes("ready")) {
    const { value, done } = await lines.read();
    if (done) throw new Error(`attacker ${index} exited before it was ready`);
    said += value;
  }
  lines.releaseLock();
  const stdin = child.stdin.getWriter();
  await stdin.write(new TextEncoder().encode("go\n"));
  await stdin.close();
  const done = child.status.then(async (status) => {
    await child.stdout.cancel().catch(() => {});
    if (!status.success) throw new Error(`attacker ${index} failed (${status.code})`);
  });
  return { done };
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  // The service as deployed: empty values leave the defaults (testEnv turns holding refusals off for the tests).
  const p = await startRagProcess({
    LOG_LEVEL: "error",
    RATE_LIMIT_PER_MINUTE: "100000000",
    HTTP_REFUSALS_BEFORE_DELAY: "",
    HTTP_REFUSAL_DELAY_MS: "",
  });
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
    for (const [index, attack] of (await attacks()).entries()) {
      const quiet = await victim(CALLS);
      const during = await victimWhile((await attacker(p.service.url, index)).done);
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
