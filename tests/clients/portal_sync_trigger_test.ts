/**
 * The reference portal's trigger: it fires for every feed on its timer, at once for the woken feeds when woken
 * (also by wakes that came while no round was waiting), and on abort; a webhook delivery wakes it for the resource
 * it names only when its signature verifies.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Webhook } from "standardwebhooks";
import { pollingTrigger, type Wake, webhookHandler } from "@/examples/portal-sync/trigger.ts";

const SECRET = "whsec_" + btoa("the reference portal's secret!!!");
const HOUR = 3_600_000;

/** What `p` settled with before the event loop ran through a few turns, or "pending". */
async function settledSoon(p: Promise<Wake>): Promise<Wake | "pending"> {
  let settled: Wake | "pending" = "pending";
  p.then((w) => (settled = w));
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  return settled;
}

function delivery(body: string, secret = SECRET): Request {
  const at = new Date();
  return new Request("http://portal.test/webhooks", {
    method: "POST",
    body,
    headers: {
      "webhook-id": "msg_1",
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign("msg_1", at, body),
    },
  });
}

describe("the reference portal's trigger", () => {
  it("waits for its timer, and fires at once for the woken feeds when woken during or before the wait", async () => {
    const trigger = pollingTrigger(HOUR);
    const stop = new AbortController();
    const waiting = trigger.next(stop.signal);
    assert.equal(await settledSoon(waiting), "pending", "an hour's timer has not fired");
    trigger.wake("users");
    assert.deepEqual(await settledSoon(waiting), { cause: "webhook", feeds: ["users"] });
    trigger.wake("departments");
    trigger.wake("user-groups");
    trigger.wake("departments");
    assert.deepEqual(
      await settledSoon(trigger.next(stop.signal)),
      { cause: "webhook", feeds: ["departments", "user-groups"] },
      "wakes before the wait are kept, each feed once",
    );
    const after = trigger.next(stop.signal);
    assert.equal(await settledSoon(after), "pending", "the kept wakes were used once");
    stop.abort();
    assert.deepEqual(await settledSoon(after), { cause: "poll" });
  });

  it("asks for every feed when its timer fires", async () => {
    const trigger = pollingTrigger(1);
    assert.deepEqual(await trigger.next(new AbortController().signal), { cause: "poll" });
  });

  it("is woken for the delivered resource by a verified webhook delivery and by nothing else", async () => {
    const trigger = pollingTrigger(HOUR);
    const handle = webhookHandler(SECRET, trigger);
    const stop = new AbortController();
    const waiting = trigger.next(stop.signal);
    const event = (resource: string) => JSON.stringify({ type: "directory.changed", resource, ids: [] });
    const bad = await handle(delivery(event("users"), "whsec_" + btoa("some other secret, 32 bytes long")));
    assert.equal(bad.status, 401);
    assert.equal((await handle(new Request("http://portal.test/webhooks"))).status, 405);
    assert.equal((await handle(delivery(event("glossary-terms")))).status, 204, "acknowledged, not mirrored");
    assert.equal(await settledSoon(waiting), "pending");
    assert.equal((await handle(delivery(event("user-groups")))).status, 204);
    assert.deepEqual(await settledSoon(waiting), { cause: "webhook", feeds: ["user-groups"] });
    stop.abort();
  });
});
