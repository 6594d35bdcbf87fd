/**
 * `deno task bench`: runs every benchmark (or those named with --only), prints one
 * table of figures beside baselines measured in the same run, and writes it with
 * the machine it ran on to bench/RESULTS.md.
 */
import { parseArgs } from "node:util";
import { type Figure, table } from "./_report.ts";

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

async function machine(): Promise<string> {
  const cpu = Deno.readTextFileSync("/proc/cpuinfo").match(/model name\s*:\s*(.*)/)?.[1] ?? "unknown CPU";
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
    `- CPU: ${cpu}, ${cores} cores; memory ${memGiB} GiB`,
    `- ${await run("psql", ["--version"])}; ${await run("redis-server", ["--version"])}`,
    `- Deno ${Deno.version.deno} (V8 ${Deno.version.v8}, TypeScript ${Deno.version.typescript})`,
  ].join("\n");
}

if (import.meta.main) {
  const { values } = parseArgs({ args: Deno.args, options: { only: { type: "string", multiple: true } } });
  const names = values.only?.length ? values.only : Object.keys(BENCHES);
  const figures: Figure[] = [];
  const failed: string[] = [];
  for (const name of names) {
    const load = BENCHES[name];
    if (!load) throw new Error(`no benchmark named ${name}; known: ${Object.keys(BENCHES).join(", ")}`);
    console.error(`bench: ${name} ...`);
    // One benchmark failing must not cost the figures the others measured: it is reported and the run fails.
    try {
      figures.push(...await (await load()).run());
    } catch (err) {
      console.error(err);
      failed.push(`- ${name} FAILED: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const report = table(figures);
  console.log(report);
  const notes = figures.filter((f) => f.note).map((f) => `- ${f.bench} / ${f.metric}: ${f.note}`).join("\n");
  const doc = `# Benchmark results\n\nMeasured ${new Date().toISOString()} by \`deno task bench\`` +
    `${
      values.only?.length ? ` (only: ${names.join(", ")})` : ""
    }.\n\n## Machine\n\n${await machine()}\n\n## Figures\n\n${report}\n` +
    (notes ? `\n## Notes\n\n${notes}\n` : "") +
    (failed.length ? `\n## Failed\n\n${failed.join("\n")}\n` : "");
  const results = new URL("./RESULTS.md", import.meta.url).pathname;
  Deno.writeTextFileSync(results, doc);
  // Formatted as `deno fmt --check` expects, so a fresh report can be committed as it is.
  await new Deno.Command(Deno.execPath(), { args: ["fmt", "--quiet", results] }).output();
  if (failed.length) {
    console.error(failed.join("\n"));
    Deno.exit(1);
  }
}
