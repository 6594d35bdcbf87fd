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

const cellsOf = (line: string) => line.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());

/** The report of a whole run: every bench's rows and notes, measured at `measured`. */
export function report(figures: Figure[], machine: string, measured: string): string {
  const skeleton =
    `# Benchmark results\n\nWritten by \`deno task bench\`; \`--only\` replaces the named benches' rows and notes and ` +
    `keeps the rest. Each bench's rows are from the run dated under Runs.\n\n## Machine\n\n${machine}\n\n## Figures\n\n` +
    `${table([])}\n`;
  return mergeReport(skeleton, figures, measured);
}

/**
 * A report that keeps what `previous` measured of other benches: the rows and notes of the benches in `figures`
 * are replaced (where their first row or note stood; new ones after the others), every other row, note and
 * paragraph stays, and `measured` is recorded for each of those benches under "Runs". A run of some benches must
 * not cost the figures of the others, which were measured on other days and say so.
 */
export function mergeReport(previous: string, figures: Figure[], measured: string): string {
  const benches = new Set(figures.map((f) => f.bench));
  const fresh = table(figures).split("\n").slice(2);
  const freshNotes = figures.filter((f) => f.note).map((f) => `- ${f.bench} / ${f.metric}: ${f.note}`);
  const runs = new Map<string, string>();
  const out: string[] = [];
  let placedRows = false;
  let placedNotes = false;
  let skippingNote = false;
  let section = "";
  for (const line of previous.split("\n")) {
    if (line.startsWith("## ")) section = line.slice(3).trim();
    if (section === "Runs") {
      const run = line.match(/^- (.+?): (.+)$/);
      if (run) runs.set(run[1], run[2]);
      continue;
    }
    if (section === "Figures" && /^\| (?!bench |-)/.test(line)) {
      if (!benches.has(cellsOf(line)[0])) out.push(line);
      else if (!placedRows) out.push(...fresh), placedRows = true;
      continue;
    }
    if (section === "Notes") {
      if (line.startsWith("- ")) skippingNote = line.includes(" / ") && benches.has(line.slice(2).split(" / ")[0]);
      else if (!line.startsWith("  ")) skippingNote = false;
      if (skippingNote) {
        if (!placedNotes) out.push(...freshNotes), placedNotes = true;
        continue;
      }
    }
    out.push(line);
  }
  if (!placedRows) insertAfterTable(out, fresh);
  if (!placedNotes && freshNotes.length) {
    const notes = out.indexOf("## Notes");
    if (notes >= 0) out.splice(notes + 2, 0, ...freshNotes);
    else out.push("", "## Notes", "", ...freshNotes, "");
  }
  for (const bench of benches) runs.set(bench, measured);
  const runList = [...runs].sort(([a], [b]) => a.localeCompare(b)).map(([b, d]) => `- ${b}: ${d}`);
  out.splice(out.indexOf("## Machine"), 0, "## Runs", "", ...runList, "");
  return out.join("\n");
}

function insertAfterTable(lines: string[], rows: string[]): void {
  let end = lines.findIndex((l) => l.startsWith("| bench")) + 2;
  while (end < lines.length && lines[end].startsWith("|")) end++;
  lines.splice(end, 0, ...rows);
}
