import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Counter, Gauge, Histogram, methodLabel, Registry } from "@/lib/metrics.ts";

describe("metrics", () => {
  it("renders counters, gauges and cumulative histogram buckets in Prometheus text", () => {
    const r = new Registry();
    const c = r.register(new Counter("jobs_total", "Jobs"));
    r.register(new Gauge("queue_depth", "Depth", () => [[{ stream: "a" }, 3]]));
    const h = r.register(new Histogram("latency_seconds", "Latency", [0.1, 1]));
    c.inc({ kind: 'say "hi"' });
    c.inc({ kind: 'say "hi"' });
    h.observe({}, 0.05);
    h.observe({}, 0.5);
    const text = r.render();
    assert.match(text, /jobs_total\{kind="say \\"hi\\""\} 2/);
    assert.match(text, /queue_depth\{stream="a"\} 3/);
    assert.match(text, /latency_seconds_bucket\{le="0.1"\} 1/);
    assert.match(text, /latency_seconds_bucket\{le="1"\} 2/);
    assert.match(text, /latency_seconds_bucket\{le="\+Inf"\} 2/);
    assert.match(text, /latency_seconds_count 2/);
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
