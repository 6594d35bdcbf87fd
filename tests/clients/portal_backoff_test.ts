/**
 * The client waits out 429 rate_limited as the service's Retry-After says, on a fake clock: the fake sleep records
 * each wait and "lets the minute pass" by emptying the instance's rate-limit buckets in Redis, so the retry is
 * answered by the real limiter without the test spending the minute.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, clearPrefix, type Item, startTestApp, type TestApp } from "../_helpers/app.ts";
import { PORTAL_B_KEY } from "../_helpers/tokens.ts";
import { type DirectoryUser, PortalError, publishSnapshot, retryDelayMs, unwrap } from "@/clients/portal/mod.ts";
import { clientOf } from "./_portal.ts";

let app: TestApp;
before(async () => {
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: "1" });
});
after(async () => {
  await app.stop();
});

/** A clock whose sleep records the wait and, when `passes`, ends the rate-limit window. */
function fakeClock(passes = true) {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
      if (passes) await clearPrefix(app.env.REDIS_KEY_PREFIX);
    },
  };
}

describe("backing off on 429", () => {
  it("waits the Retry-After the service sends, then gets the answer", async () => {
    const clock = fakeClock();
    const statuses: number[] = [];
    const client = clientOf(app, { backoff: { sleep: clock.sleep }, statuses });
    const read = () => client.api.GET("/api/directory/v1/companies").then(unwrap);
    await read();
    const second = await read();
    assert.ok(second.data.items.length >= 1);
    // Normally [200, 429, 200]; a Redis slower than the limiter's 100 ms lets the process's own bucket (which the
    // fake clock cannot empty) refuse once more, and the client then simply waits again.
    assert.deepEqual([statuses[0], statuses[1], statuses.at(-1)], [200, 429, 200]);
    assert.equal(clock.waits.length, statuses.filter((s) => s === 429).length, "one wait per 429");
    assert.ok(clock.waits.every((ms) => ms >= 1000 && ms <= 60_000), `waited ${clock.waits} ms`);
  });

  it("gives up after maxAttempts with the rate_limited problem", async () => {
    await clearPrefix(app.env.REDIS_KEY_PREFIX);
    const clock = fakeClock(false);
    const client = clientOf(app, { backoff: { sleep: clock.sleep, maxAttempts: 3 } });
    await client.api.GET("/api/directory/v1/companies").then(unwrap);
    const err = await client.api.GET("/api/directory/v1/companies").then(unwrap).catch((e) => e);
    assert.ok(err instanceof PortalError);
    assert.deepEqual([err.status, err.code, clock.waits.length], [429, "rate_limited", 2]);
  });

  it("publishes a snapshot again from its source after a 429", async () => {
    await clearPrefix(app.env.REDIS_KEY_PREFIX);
    const created = await app.admin("/users", { method: "POST", json: { loginId: "after.429", koreanName: "재시도" } });
    const userId = (await body<Item<DirectoryUser>>(created)).data.id;
    const clock = fakeClock();
    const client = clientOf(app, { key: PORTAL_B_KEY });
    await client.api.GET("/api/directory/v1/companies").then(unwrap);
    let reads = 0;
    function* entries() {
      reads++;
      yield { userId, assignments: [{ kind: "GROUP" as const, key: "g", label: "그룹" }] };
    }
    const receipt = await publishSnapshot(client, {
      portalId: "portal-b",
      sourceVersion: "after-429",
      entries,
    }, { sleep: clock.sleep });
    assert.ok(clock.waits.length >= 1, "it was refused first");
    // The refused attempt may or may not have started reading before the 429 came; the last one read everything.
    assert.ok(reads >= 1 && reads <= clock.waits.length + 1, `${reads} reads`);
    assert.deepEqual([receipt.sourceVersion, receipt.userCount, receipt.assignmentCount], ["after-429", 1, 1]);
  });

  it("reads Retry-After as seconds or as an HTTP date, and doubles without one", () => {
    const at = (h: Record<string, string>) => new Response(null, { status: 429, headers: h });
    const now = () => Date.parse("2026-11-24T12:00:00Z");
    assert.equal(retryDelayMs(at({ "retry-after": "7" }), 1), 7000);
    assert.equal(retryDelayMs(at({ "retry-after": "Tue, 24 Nov 2026 12:00:30 GMT" }), 1, { now }), 30_000);
    assert.equal(retryDelayMs(at({ "retry-after": "Tue, 24 Nov 2026 11:00:00 GMT" }), 1, { now }), 0);
    assert.deepEqual([1, 2, 3].map((n) => retryDelayMs(at({}), n)), [1000, 2000, 4000]);
    assert.equal(retryDelayMs(at({ "retry-after": "3600" }), 1, { maxDelayMs: 5000 }), 5000);
  });
});
