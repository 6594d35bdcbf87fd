/**
 * Fair ingestion (issue 16, item 4): how long another tenant's one-chunk document takes from POST to indexed while
 * one user of the first tenant has 20 documents queued from a host that sends them slowly (above the minimum rate,
 * so each holds a slot until its fetch timeout), beside the same figure without them, in one run against the real
 * service process with default settings. BENCH_FAIR_SAMPLES (default 5) documents each way, one after the other.
 */
import type { Figure } from "./_report.ts";
import { median } from "./_report.ts";
import { startRagProcess } from "@/tests/_helpers/rag_process.ts";
import { otherTenantTimeToIndexed, queueSlowDocuments } from "@/tests/_helpers/slow_tenant.ts";

const SAMPLES = Number(Deno.env.get("BENCH_FAIR_SAMPLES") ?? 5);
const SLOW_DOCS = 20;

async function samples(label: string, measure: (label: string) => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < SAMPLES; i++) out.push(await measure(`${label}-${i}`));
  return out;
}

/** Runs the benchmark. */
export async function run(): Promise<Figure[]> {
  const rag = await startRagProcess();
  try {
    const measure = (label: string) => otherTenantTimeToIndexed(rag, label);
    const quiet = await samples("quiet", measure);
    await queueSlowDocuments(rag, SLOW_DOCS);
    const attacked = await samples("attacked", measure);
    const [value, baseline] = [Math.max(...attacked), Math.max(...quiet)];
    return [{
      bench: "fair ingest",
      metric: `other tenant's one-chunk document, POST to indexed, worst of ${SAMPLES}, behind ${SLOW_DOCS} slow ` +
        "documents of one user",
      value,
      unit: "ms",
      baseline: { metric: `the same without them, worst of ${SAMPLES}`, value: baseline },
      ratio: value / baseline,
      bar: { what: "value", op: "<=", target: 10_000, from: "issue 16" },
      note: `medians ${median(attacked)} ms with the slow documents, ${median(quiet)} ms without; samples with: ` +
        `${attacked.join(", ")} ms; without: ${quiet.join(", ")} ms`,
    }];
  } finally {
    await rag.stop();
  }
}

if (import.meta.main) {
  const { table } = await import("./_report.ts");
  const figures = await run();
  console.log(table(figures));
  for (const f of figures) if (f.note) console.log(`- ${f.bench} / ${f.metric}: ${f.note}`);
}
