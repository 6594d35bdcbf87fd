import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { RateLimiter } from "@/lib/rate_limit.ts";

describe("rate limiter", () => {
  it("allows the per-minute budget, then refuses with a retry time, and refills over time", () => {
    let now = 0;
    const limiter = new RateLimiter(60, undefined, () => now);
    for (let i = 0; i < 60; i++) assert.equal(limiter.takeLocal("k").ok, true);
    const refused = limiter.takeLocal("k");
    assert.equal(refused.ok, false);
    assert.equal(refused.ok === false && refused.retryAfterSeconds, 1);
    assert.equal(limiter.takeLocal("other").ok, true, "buckets are per key");
    now += 1000;
    assert.equal(limiter.takeLocal("k").ok, true);
    assert.equal(limiter.takeLocal("k").ok, false);
  });
});
