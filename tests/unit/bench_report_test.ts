import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { type Figure, mergeReport, report } from "@/bench/_report.ts";

const fig = (bench: string, metric: string, value: number, note?: string): Figure => ({
  bench,
  metric,
  value,
  unit: "ms",
  note,
});

describe("bench report", () => {
  const first = report(
    [fig("search", "p95", 10, "slow machine"), fig("edge", "victim p95", 5, "quiet"), fig("ask", "p95", 3)],
    "- CPU: test",
    "2026-01-01T00:00:00Z",
  );

  it("dates every bench of a whole run under Runs", () => {
    assert.match(first, /## Runs\n\n- ask: 2026-01-01T00:00:00Z\n- edge: 2026-01-01T00:00:00Z\n- search: 2026-01-01/);
    assert.match(first, /\| search \| p95 \| 10\.00 ms \|/);
    assert.match(first, /- search \/ p95: slow machine/);
  });

  it("replaces only the rows and notes of the benches it ran, in place, keeping hand-written notes", () => {
    const annotated = first.replace("## Notes\n\n", "## Notes\n\n- A paragraph written by hand about search.\n");
    const merged = mergeReport(
      annotated,
      [fig("edge", "victim p95", 7, "busy"), fig("edge", "new row", 1)],
      "2026-02-02T00:00:00Z",
    );
    assert.match(merged, /\| search \| p95 \| 10\.00 ms \|/);
    assert.match(
      merged,
      /\| edge \| victim p95 \| 7\.00 ms \|[^\n]*\n\| edge \| new row \| 1\.00 ms \|[^\n]*\n\| ask \|/,
    );
    assert.doesNotMatch(merged, /5\.00 ms/);
    assert.match(merged, /- search \/ p95: slow machine/);
    assert.match(merged, /- edge \/ victim p95: busy/);
    assert.doesNotMatch(merged, /: quiet/);
    assert.match(merged, /- A paragraph written by hand about search\./);
    assert.match(merged, /- edge: 2026-02-02T00:00:00Z\n- search: 2026-01-01T00:00:00Z/);
    assert.equal(merged.match(/## Runs/g)?.length, 1);
  });

  it("adds a bench it has not seen after the other rows", () => {
    const merged = mergeReport(first, [fig("pool", "p95", 2)], "2026-03-03T00:00:00Z");
    const rows = merged.split("\n").filter((l) => /^\| [a-z]/.test(l) && !l.startsWith("| bench"));
    assert.deepEqual(rows.map((r) => r.split("|")[1].trim()), ["search", "edge", "ask", "pool"]);
  });
});
