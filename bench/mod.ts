/**
 * `deno task bench`: runs every benchmark (or those named with --only), prints one
 * table of figures beside baselines measured in the same run, and writes it with
 * the machine it ran on to bench/RESULTS.md; with --only, the other benches' rows
 * and notes stay as they were. --search-chunks sets the search corpus's size
 * (BENCH_SEARCH_CHUNKS, default 100,000), e.g. 1000000.
 */
import { parseArgs } from "node:util";
import { type Figure, mergeReport, report, table } from "./_report.ts";

const BENCHES: Record<string, () => Promise<{ run(): Promise<Figure[]> }>> = {
  "directory": () => import("./directory_users.ts"),
  "snapshots": () => import("./directory_snapshots.ts"),
  "pool": () => import("./publication_pool.ts"),
  "glossary": () => import("./term_matching.ts"),
  "term-linking": () => import("./term_linking.ts"),
  "ingest": () => import("./ingest.ts"),
  "fair-ingest": () => import("./fair_ingest.ts"),
  "embedding": () => import("./embedding.ts"),
  "ingest-extract": () => import("./ingest_extract.ts"),
  "extraction-attacks": () => import("./extraction_attacks.ts"),
  "ask": () => import("./ask.ts"),
  "eval": () => import("./eval.ts"),
  "search": () => import("./search.ts"),
  "edge": () => import("./edge_attacks.ts"),
  "webhooks": () => import("./webhook_delivery.ts"),
};

function cpu(): string {
  return Deno.readTextFileSync("/proc/cpuinfo").match(/model name\s*:\s*(.*)/)?.[1] ?? "unknown CPU";
}

async function machine(): Promise<string> {
  const cores = navigator.hardwareConcurrency;
  const memGiB = (Deno.systemMemoryInfo().total / 2 ** 30).toFixed(1);
  const run = async (cmd: string, args: string[]) => {
    try {
      const out = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "null" }).output();
      return new TextDecoder().decode(out.stdout).trim().split("\n")[0];
    } catch {
      return "unavailable";
    }
  };
  return [
    `- CPU: ${cpu()}, ${cores} cores; memory ${memGiB} GiB`,
    `- ${await run("psql", ["--version"])}; ${await run("redis-server", ["--version"])}`,
    `- Deno ${Deno.version.deno} (V8 ${Deno.version.v8}, TypeScript ${Deno.version.typescript})`,
  ].join("\n");
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { only: { type: "string", multiple: true }, "search-chunks": { type: "string" } },
  });
  if (values["search-chunks"]) {
    if (!/^[1-9][0-9]*$/.test(values["search-chunks"])) throw new Error("--search-chunks takes a positive count");
    Deno.env.set("BENCH_SEARCH_CHUNKS", values["search-chunks"]);
  }
  const names = values.only?.length ? values.only : Object.keys(BENCHES);
  for (const name of names) {
    if (!BENCHES[name]) throw new Error(`no benchmark named ${name}; known: ${Object.keys(BENCHES).join(", ")}`);
  }
  const figures: Figure[] = [];
  const failed: string[] = [];
  for (const name of names) {
    console.error(`bench: ${name} ...`);
    // One benchmark failing must not cost the figures the others measured: it is reported and the run fails.
    try {
      figures.push(...await (await BENCHES[name]()).run());
    } catch (err) {
      console.error(err);
      failed.push(`- ${name} FAILED: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  console.log(table(figures));
  const results = new URL("./RESULTS.md", import.meta.url).pathname;
  const measured = new Date().toISOString();
  const doc = values.only?.length
    // A partial run may be on another machine than the full run whose Machine section stays: its run names its CPU.
    ? mergeReport(Deno.readTextFileSync(results), figures, `${measured} on ${cpu()}`)
    : report(figures, await machine(), measured);
  Deno.writeTextFileSync(results, doc + (failed.length ? `\n## Failed\n\n${failed.join("\n")}\n` : ""));
  // Formatted as `deno fmt --check` expects, so a fresh report can be committed as it is.
  await new Deno.Command(Deno.execPath(), { args: ["fmt", "--quiet", results] }).output();
  if (failed.length) {
    console.error(failed.join("\n"));
    Deno.exit(1);
  }
}
