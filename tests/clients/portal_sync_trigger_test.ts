/**
 * The reference portal's trigger: it fires on its timer, at once when woken (also by a wake that came while no
 * round was waiting), and on abort; a webhook delivery wakes it only when its signature verifies.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Webhook } from "standardwebhooks";
import { pollingTrigger, webhookHandler } from "@/examples/portal-sync/trigger.ts";

const SECRET = "whsec_" + btoa("the reference portal's secret!!!");
const HOUR = 3_600_000;

/** Whether `p` settles before the event loop has run through a few turns. */
async function settlesSoon(p: Promise<void>): Promise<boolean> {
  let settled = false;
  p.then(() => (settled = true));
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
  it("waits for its timer, and fires at once when woken during or before the wait, or aborted", async () => {
    const trigger = pollingTrigger(HOUR);
    const stop = new AbortController();
    const waiting = trigger.next(stop.signal);
    assert.equal(await settlesSoon(waiting), false, "an hour's timer has not fired");
    trigger.wake();
    assert.equal(await settlesSoon(waiting), true);
    trigger.wake();
    assert.equal(await settlesSoon(trigger.next(stop.signal)), true, "a wake before the wait is kept");
    const after = trigger.next(stop.signal);
    assert.equal(await settlesSoon(after), false, "the kept wake was used once");
    stop.abort();
    assert.equal(await settlesSoon(after), true);
  });

  it("is woken by a verified webhook delivery and by nothing else", async () => {
    const trigger = pollingTrigger(HOUR);
    const handle = webhookHandler(SECRET, trigger);
    const stop = new AbortController();
    const waiting = trigger.next(stop.signal);
    const bad = await handle(
      delivery('{"type":"directory.changed"}', "whsec_" + btoa("some other secret, 32 bytes long")),
    );
    assert.equal(bad.status, 401);
    assert.equal((await handle(new Request("http://portal.test/webhooks"))).status, 405);
    assert.equal(await settlesSoon(waiting), false);
    assert.equal((await handle(delivery('{"type":"directory.changed"}'))).status, 204);
    assert.equal(await settlesSoon(waiting), true);
    stop.abort();
  });
});
