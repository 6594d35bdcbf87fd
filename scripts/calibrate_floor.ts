/**
 * Calibrates the vector leg's relevance floor for the installation's embedding model from a labelled set in
 * eval-ko's format (a folder with corpus.jsonl and queries.jsonl), prints both similarity distributions and the
 * chosen floor, and with `--apply` stores it as retrieval.vectorFloor (a new installation settings version):
 *
 *   deno task calibrate-floor [--set DIR] [--top N] [--miss RATE] [--apply]
 */
import { applyVectorFloor, calibrateVectorFloor, type FloorCalibration, type LabelledSet } from "@/domain/rag/mod.ts";
import { ragScriptContext } from "@/app/scripts.ts";

/** What `calibrate-floor` was asked. */
export interface CalibrateFloorOptions {
  set: string;
  top: number;
  missRate: number;
  apply: boolean;
}

function readJsonl<T>(dir: string, name: string): T[] {
  return Deno.readTextFileSync(`${dir}/${name}`).split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
}

/** The labelled set in `dir`; a question whose relevant passages are all missing is left out. */
export function readLabelledSet(dir: string): LabelledSet {
  const passages = readJsonl<LabelledSet["passages"][number]>(dir, "corpus.jsonl");
  const known = new Set(passages.map((p) => p.id));
  const questions = readJsonl<LabelledSet["questions"][number]>(dir, "queries.jsonl")
    .filter((q) => q.relevant_ids.some((id) => known.has(id)));
  return { passages, questions };
}

/** Counts of `xs` in bins of 0.05 from -1 to 1, as rows `[from, to) count share` (empty bins left out). */
function histogram(xs: number[]): string[] {
  const bins = new Map<number, number>();
  for (const x of xs) {
    const b = Math.min(19, Math.floor(x * 20));
    bins.set(b, (bins.get(b) ?? 0) + 1);
  }
  return [...bins].sort((a, b) => a[0] - b[0]).map(([b, n]) =>
    `  [${(b / 20).toFixed(2)}, ${((b + 1) / 20).toFixed(2)})  ${String(n).padStart(6)}  ${
      (100 * n / xs.length).toFixed(1)
    }%`
  );
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The report: each distribution, then the floor and what it keeps and drops. */
export function floorReport(c: FloorCalibration, o: CalibrateFloorOptions): string {
  return [
    `embedding model: ${c.model}`,
    `relevant passages (${c.relevant.length} question-passage pairs):`,
    ...histogram(c.relevant),
    `nearest ${o.top} irrelevant passages per question (${c.irrelevant.length}):`,
    ...histogram(c.irrelevant),
    `floor: ${c.floor.toFixed(3)} (the ${o.missRate} quantile of the relevant similarities)`,
    `below it: ${pct(c.relevantBelow)} of relevant passages, ${pct(c.irrelevantBelow)} of the nearest irrelevant ones`,
    ...(c.irrelevantBelow < 0.5
      ? [
        "(most near irrelevant passages are above it: this model's similarities barely separate them from relevant ones)",
      ]
      : []),
  ].join("\n");
}

/** `calibrate-floor`: the exit status. */
export async function calibrateFloorCommand(o: CalibrateFloorOptions): Promise<number> {
  const set = readLabelledSet(o.set);
  const ctx = await ragScriptContext();
  try {
    const c = await calibrateVectorFloor(ctx, set, { top: o.top, missRate: o.missRate });
    console.log(floorReport(c, o));
    if (o.apply) {
      const s = await applyVectorFloor(ctx, "script:calibrate-floor", c);
      console.log(`stored retrieval.vectorFloor ${JSON.stringify(s.retrieval.vectorFloor)}`);
    } else {
      console.log("(not stored: run again with --apply to store it)");
    }
    return 0;
  } finally {
    await ctx.sql.end();
    await ctx.system.end();
  }
}
