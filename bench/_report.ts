/** Benchmark results: one row per figure with its same-run baseline, and the report they make. */

/** One measured figure, optionally beside a baseline measured in the same run. */
export interface Figure {
  bench: string;
  metric: string;
  value: number;
  unit: string;
  baseline?: { metric: string; value: number };
  /** value / baseline when both are rates, or the figure's own ratio. */
  ratio?: number;
  /** The bar: e.g. ratio >= 0.5, or value <= 60 seconds. */
  bar?: { what: "ratio" | "value"; op: ">=" | "<="; target: number; from: string };
  note?: string;
}

/** The middle value (the upper one of an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Whether a figure meets its bar, and by how much it falls short when it does not. */
export function verdict(f: Figure): string {
  if (!f.bar) return "";
  const actual = f.bar.what === "ratio" ? f.ratio ?? NaN : f.value;
  const ok = f.bar.op === ">=" ? actual >= f.bar.target : actual <= f.bar.target;
  if (ok) return "met";
  const gap = f.bar.op === ">=" ? f.bar.target / actual : actual / f.bar.target;
  return `NOT met (${gap.toFixed(2)}x off)`;
}

const fmt = (n: number) => Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toPrecision(3);

/** Renders figures as a Markdown table. */
export function table(figures: Figure[]): string {
  const rows = figures.map((f) => [
    f.bench,
    f.metric,
    `${fmt(f.value)} ${f.unit}`,
    f.baseline ? `${f.baseline.metric}: ${fmt(f.baseline.value)} ${f.unit}` : "",
    f.ratio !== undefined ? fmt(f.ratio) : "",
    f.bar ? `${f.bar.what} ${f.bar.op} ${f.bar.target} (${f.bar.from})` : "",
    verdict(f),
  ]);
  const head = ["bench", "figure", "value", "baseline (same run)", "ratio", "bar", "verdict"];
  return [head, head.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
}
