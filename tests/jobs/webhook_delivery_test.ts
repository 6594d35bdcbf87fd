/**
 * Webhook deliveries to a real receiver on loopback: signed so the standardwebhooks package verifies them (with
 * either secret during a rotation), filtered by company, retried with backoff until the subscription is given up
 * on (failing, shown in sync status) and caught up once resumed, and never held back by another portal's slow
 * receiver.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { webhookSchemas } from "@/domain/directory/mod.ts";
import { until } from "../_helpers/poll.ts";
import { type Receiver, startReceiver, verifies } from "../_helpers/webhook_receiver.ts";
import { ADMIN_KEY, PORTAL_B_KEY } from "../_helpers/tokens.ts";
import { verifyWebhook } from "@/clients/portal/mod.ts";

type Subscription = webhookSchemas.Subscription;

let app: TestApp;
let receiver: Receiver;
before(async () => {
  receiver = startReceiver();
  app = await startTestApp({
    SERVICES: "directory",
    WEBHOOK_ALLOW_LOOPBACK: "true",
    WEBHOOK_TIMEOUT_SECONDS: "3",
    WEBHOOK_RETRY_MAX_SECONDS: "1",
    WEBHOOK_GIVE_UP_SECONDS: "2",
  }, { workers: true });
});
after(async () => {
  await app.stop();
  await receiver.stop();
});

async function subscribe(path: string, json: Record<string, unknown> = {}): Promise<Subscription> {
  const res = await app.portal("/subscriptions", {
    method: "POST",
    json: { url: `${receiver.base}${path}`, resources: ["users"], ...json },
  });
  const b = await body<Item<Subscription>>(res);
  assert.equal(res.status, 201, JSON.stringify(b));
  return b.data;
}

async function newUser(loginId: string, companyId?: string): Promise<string> {
  const res = await app.admin("/users", { method: "POST", json: { loginId, koreanName: loginId, companyId } });
  assert.equal(res.status, 201, await res.clone().text());
  return (await body<Item<{ id: string }>>(res)).data.id;
}

const deliveriesTo = (path: string) => receiver.received.filter((r) => r.path === path);
const sawId = (path: string, id: string) => deliveriesTo(path).some((r) => r.event.ids.includes(id));

describe("webhook deliveries", () => {
  it("delivers a change signed with the subscription's secret, and with both secrets during a rotation", async () => {
    const s = await subscribe("/signed");
    const first = await newUser("hook.first");
    await until("the first change is delivered", () => sawId("/signed", first));
    const delivery = deliveriesTo("/signed").find((r) => r.event.ids.includes(first))!;
    assert.equal(delivery.event.type, "directory.changed");
    assert.equal(delivery.event.resource, "users");
    assert.ok(delivery.event.dataVersion > delivery.event.fromDataVersion);
    assert.ok(verifies(delivery, s.secret!));
    // The portal client's own verification (Web Crypto, no package) accepts the real delivery too.
    assert.deepEqual(await verifyWebhook(s.secret!, delivery.headers, delivery.body), delivery.event);
    assert.ok(!verifies(delivery, `whsec_${btoa("another secret of thirty-two bytes")}`));
    assert.ok(!verifies({ ...delivery, body: delivery.body.replace(first, crypto.randomUUID()) }, s.secret!));

    const rotated = await app.portal(`/subscriptions/${s.id}`, { method: "PATCH", json: { rotateSecret: true } });
    const newSecret = (await body<Item<Subscription>>(rotated)).data.secret!;
    const second = await newUser("hook.second");
    await until("the second change is delivered", () => sawId("/signed", second));
    const after = deliveriesTo("/signed").find((r) => r.event.ids.includes(second))!;
    assert.ok(verifies(after, newSecret));
    assert.ok(verifies(after, s.secret!));
  });

  it("delivers only the filtered company's records", async () => {
    const company = await app.admin("/companies", { method: "POST", json: { code: "HOOKCO", name: "훅회사" } });
    const companyId = (await body<Item<{ id: string }>>(company)).data.id;
    await subscribe("/company", { companyId });
    const outside = await newUser("hook.outside");
    const inside = await newUser("hook.inside", companyId);
    await until("the company's change is delivered", () => sawId("/company", inside));
    assert.ok(!sawId("/company", outside));
  });

  it("backs off a failing receiver, gives up after the give-up period, and catches up once resumed", async () => {
    receiver.answer("/failing", "fail");
    const s = await subscribe("/failing");
    const id = await newUser("hook.failing");
    const read = async () => (await body<Item<Subscription>>(await app.portal(`/subscriptions/${s.id}`))).data;
    await until("the subscription is failing", async () => (await read()).state === "failing", 30_000);
    const failing = await read();
    assert.ok(failing.consecutiveFailures >= 2);
    assert.ok(failing.recentDeliveries.length >= 2);
    assert.ok(failing.recentDeliveries.every((d) => d.status === 500));
    const sync = await body<{ data: { items: { portalId: string; failingSubscriptions: string[] }[] } }>(
      await app.admin("/sync-status"),
    );
    assert.ok(sync.data.items.find((p) => p.portalId === "portal-a")?.failingSubscriptions.includes(s.id));
    const screen = async (view: string, lang: string) =>
      await (await app.request(`/console/views/${view}?lang=${lang}`, {
        headers: { "x-directory-admin-key": ADMIN_KEY },
      })).text();
    for (const [lang, label] of [["en", "Recent deliveries"], ["ko", "최근 전달"]]) {
      const html = await screen("subscriptions", lang);
      assert.match(html, new RegExp(`data-subscription="${s.id}" data-state="failing"`));
      assert.ok(html.includes(label));
      assert.ok(html.includes(failing.recentDeliveries[0].messageId));
    }
    assert.match(await screen("sync-status", "en"), /Failing webhook subscriptions: [1-9]/);

    const attempts = deliveriesTo("/failing").length;
    receiver.answer("/failing", "ok");
    const resumed = await app.portal(`/subscriptions/${s.id}`, { method: "PATCH", json: { state: "active" } });
    assert.equal((await body<Item<Subscription>>(resumed)).data.state, "active");
    await until("the resumed subscription delivers", () => deliveriesTo("/failing").length > attempts);
    assert.ok(sawId("/failing", id));
    await until("its failures are forgotten", async () => (await read()).consecutiveFailures === 0);
  });

  it("delivers to one portal while another's receiver holds its request open", async () => {
    receiver.answer("/slow", "hold");
    await subscribe("/slow");
    await subscribe("/fast");
    const id = await newUser("hook.isolated");
    await until("the slow receiver holds a delivery", () => receiver.open("/slow") > 0);
    await until("the fast receiver got the change", () => sawId("/fast", id));
    assert.ok(receiver.open("/slow") > 0, "the slow delivery is still open");
    const attempts = async () =>
      (await body<Item<{ items: Subscription[] }>>(await app.portal("/subscriptions"))).data.items
        .find((x) => x.url.endsWith("/slow"))!.recentDeliveries;
    await until("the slow delivery timed out", async () => (await attempts()).length > 0);
    assert.equal((await attempts())[0].error, "no answer within WEBHOOK_TIMEOUT_SECONDS");
    receiver.release();
  });

  it("tells a portal only a fixed reason when its receiver cannot be reached, never the network error", async () => {
    const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (closed.addr as Deno.NetAddr).port;
    closed.close();
    const res = await app.portal("/subscriptions", {
      method: "POST",
      json: { url: `http://127.0.0.1:${port}/gone`, resources: ["users"] },
    });
    const s = (await body<Item<Subscription>>(res)).data;
    await newUser("hook.unreachable");
    const read = async () => (await body<Item<Subscription>>(await app.portal(`/subscriptions/${s.id}`))).data;
    await until("the attempt failed", async () => (await read()).recentDeliveries.length > 0);
    const failed = await read();
    assert.equal(failed.recentDeliveries[0].status, null);
    assert.equal(failed.recentDeliveries[0].error, "the receiver could not be reached");
    assert.equal(failed.lastError, "the receiver could not be reached");
  });
});

describe("webhook delivery slots shared by portal", () => {
  let slow: TestApp;
  before(async () => {
    // Held requests outlast the test: a portal waiting for another's to time out would never be served in time.
    slow = await startTestApp(
      { SERVICES: "directory", WEBHOOK_ALLOW_LOOPBACK: "true", WEBHOOK_TIMEOUT_SECONDS: "120" },
      {
        workers: true,
      },
    );
  });
  after(async () => {
    receiver.release();
    await slow.stop();
  });

  it("serves a portal while another portal's receivers hold more requests open than there are slots", async () => {
    const subscribeOn = async (path: string, key?: string) => {
      const res = await slow.portal("/subscriptions", {
        method: "POST",
        json: { url: `${receiver.base}${path}`, resources: ["users"] },
        key,
      });
      assert.equal(res.status, 201, await res.clone().text());
    };
    for (let i = 0; i < 18; i++) {
      receiver.answer(`/crowd/${i}`, "hold");
      await subscribeOn(`/crowd/${i}`, PORTAL_B_KEY);
    }
    await subscribeOn("/served");
    const res = await slow.admin("/users", { method: "POST", json: { loginId: "hook.shared", koreanName: "공유" } });
    const id = (await body<Item<{ id: string }>>(res)).data.id;
    await until(
      "the other portal's receivers hold requests",
      () => receiver.received.some((r) => r.path === "/crowd/0"),
    );
    await until("the portal is served meanwhile", () => sawId("/served", id));
    const held = Array.from({ length: 18 }, (_, i) => receiver.open(`/crowd/${i}`)).reduce((a, b) => a + b);
    assert.ok(held >= 1 && held <= 16, `held ${held}`);
  });
});
