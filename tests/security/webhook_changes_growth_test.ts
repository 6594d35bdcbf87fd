/**
 * A portal that pauses its subscription (or lets it fail) must not make the directory keep every later change of
 * the resource forever: changes older than WEBHOOK_CHANGES_RETENTION_SECONDS are forgotten whatever the cursors,
 * and the subscription, once resumed, says so honestly: its next delivery starts after what was forgotten (its
 * `fromDataVersion` does not join the receiver's last `dataVersion`), never claiming versions it has no ids for.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { webhookSchemas } from "@/domain/directory/mod.ts";
import { until } from "../_helpers/poll.ts";
import { type Receiver, startReceiver } from "../_helpers/webhook_receiver.ts";

type Subscription = webhookSchemas.Subscription;

let app: TestApp;
let receiver: Receiver;
before(async () => {
  receiver = startReceiver();
  app = await startTestApp({
    SERVICES: "directory",
    WEBHOOK_ALLOW_LOOPBACK: "true",
    WEBHOOK_CHANGES_RETENTION_SECONDS: "2",
  }, { workers: true });
});
after(async () => {
  await app.stop();
  await receiver.stop();
});

async function newUser(loginId: string): Promise<string> {
  const res = await app.admin("/users", { method: "POST", json: { loginId, koreanName: loginId } });
  assert.equal(res.status, 201, await res.clone().text());
  return (await body<Item<{ id: string }>>(res)).data.id;
}

const keptChanges = async () =>
  Number((await app.owner`select count(*) as n from directory.webhook_changes where resource = 'users'`)[0].n);

describe("a paused subscription and the changes table", () => {
  it("forgets changes past the retention and resumes after a visible gap, not a false range", async () => {
    const created = await app.portal("/subscriptions", {
      method: "POST",
      json: { url: `${receiver.base}/paused`, resources: ["users"] },
    });
    const s = (await body<Item<Subscription>>(created)).data;
    assert.equal(created.status, 201);
    const paused = await app.portal(`/subscriptions/${s.id}`, { method: "PATCH", json: { state: "paused" } });
    assert.equal(paused.status, 200);

    const dropped: string[] = [];
    for (let i = 0; i < 5; i++) dropped.push(await newUser(`paused.hold.${i}`));
    assert.ok(await keptChanges() >= 5, "the writes were recorded for the paused subscription");
    const [{ v }] = await app.owner`select max(data_version)::int as v from directory.webhook_changes`;
    await until("the paused subscription no longer holds old changes", async () => await keptChanges() === 0, 20_000);

    await app.portal(`/subscriptions/${s.id}`, { method: "PATCH", json: { state: "active" } });
    const fresh = await newUser("paused.after");
    await until("the resumed subscription delivers", () => receiver.received.some((r) => r.path === "/paused"));
    const deliveries = receiver.received.filter((r) => r.path === "/paused");
    assert.ok(deliveries.some((d) => d.event.ids.includes(fresh)));
    for (const d of deliveries) {
      assert.ok(d.event.fromDataVersion >= v, "no delivery claims the forgotten versions");
      assert.ok(!d.event.ids.some((id) => dropped.includes(id)));
    }
  });
});
