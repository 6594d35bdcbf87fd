import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  counter,
  gauge,
  histogram,
  methodLabel,
  newRegistry,
  renderRegistry,
  sharedFor,
  timed,
} from "@/lib/metrics.ts";

describe("metrics", () => {
  it("renders counters, scrape-time gauges and cumulative histogram buckets in Prometheus text", async () => {
    const r = newRegistry();
    const c = counter("jobs_total", "Jobs", ["kind"], r);
    gauge("queue_depth", "Depth", ["stream"], (g) => g.set({ stream: "a" }, 3), r);
    const h = histogram("latency_seconds", "Latency", [], r);
    c.inc({ kind: 'say "hi"' });
    c.inc({ kind: 'say "hi"' });
    h.observe(0.004);
    h.observe(0.3);
    const { text, contentType } = await renderRegistry(r);
    assert.match(contentType, /^text\/plain; version=0\.0\.4/);
    assert.match(text, /jobs_total\{kind="say \\"hi\\""\} 2/);
    assert.match(text, /queue_depth\{stream="a"\} 3/);
    assert.match(text, /latency_seconds_bucket\{le="0.005"\} 1/);
    assert.match(text, /latency_seconds_bucket\{le="0.5"\} 2/);
    assert.match(text, /latency_seconds_bucket\{le="\+Inf"\} 2/);
    assert.match(text, /latency_seconds_count 2/);
  });

  it("leaves a gauge whose read fails out of the scrape instead of failing it", async () => {
    const r = newRegistry();
    gauge("broken", "Reads a dependency that is down", ["stream"], () => Promise.reject(new Error("down")), r);
    counter("still_here_total", "Another metric", [], r).inc();
    const { text } = await renderRegistry(r);
    assert.doesNotMatch(text, /^broken\{/m);
    assert.match(text, /^still_here_total 1$/m);
  });

  it("times a call by outcome and passes its error on", async () => {
    const r = newRegistry();
    const h = histogram("call_seconds", "Calls", ["outcome"], r);
    assert.equal(await timed(h, {}, () => Promise.resolve(7)), 7);
    await assert.rejects(timed(h, {}, () => Promise.reject(new Error("no"))), /no/);
    const { text } = await renderRegistry(r);
    assert.match(text, /call_seconds_count\{outcome="ok"\} 1/);
    assert.match(text, /call_seconds_count\{outcome="error"\} 1/);
  });
});

describe("a read shared between scrapes", () => {
  it("reads once however often it is asked within its time, and again once forgotten", async () => {
    let reads = 0;
    const shared = sharedFor(60_000, () => Promise.resolve(++reads));
    assert.deepEqual(await Promise.all([shared.get(), shared.get(), shared.get()]), [1, 1, 1]);
    shared.forget();
    assert.equal(await shared.get(), 2);
  });
});

describe("the method label", () => {
  it("names the standard methods and folds anything else into other", () => {
    assert.equal(methodLabel("GET"), "GET");
    assert.equal(methodLabel("PATCH"), "PATCH");
    assert.equal(methodLabel("XDEADBEEF"), "other");
    assert.equal(methodLabel("get"), "other");
  });
});
