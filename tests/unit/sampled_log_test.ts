import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { type HeldBack, SampledLog } from "@/lib/sampled_log.ts";

describe("a sampled log", () => {
  it("writes each key's first events of a window and counts the rest into one summary", () => {
    const written: string[] = [];
    const summaries: HeldBack<string>[] = [];
    const log = new SampledLog<string>(2, 60_000, {
      write: (e) => written.push(e),
      summarize: (h) => summaries.push(h),
    });
    for (let i = 0; i < 5; i++) log.offer("a", `a${i}`);
    log.offer("b", "b0");
    assert.deepEqual(written, ["a0", "a1", "b0"]);
    assert.deepEqual(summaries, []);
    log.flush();
    assert.deepEqual(summaries, [{ key: "a", last: "a4", count: 3 }]);
  });

  it("starts a fresh budget when a window ends, after writing the summary of the last one", async () => {
    const written: string[] = [];
    const summaries: HeldBack<string>[] = [];
    const log = new SampledLog<string>(1, 50, { write: (e) => written.push(e), summarize: (h) => summaries.push(h) });
    log.offer("a", "first");
    log.offer("a", "held");
    await new Promise((r) => setTimeout(r, 120));
    assert.deepEqual(summaries, [{ key: "a", last: "held", count: 1 }]);
    log.offer("a", "next window");
    assert.deepEqual(written, ["first", "next window"]);
    log.flush();
  });
});
