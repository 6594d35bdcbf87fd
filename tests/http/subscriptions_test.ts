/**
 * Webhook subscriptions through the portal API: register, read, pause, resume, rotate, delete; every bad field
 * refused with a problem and nothing written; the URL policy of content fetches applied to delivery URLs; a
 * portal never sees or touches another portal's subscription.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import { MAX_SUBSCRIPTIONS_PER_PORTAL, type webhookSchemas } from "@/domain/directory/mod.ts";
import { PORTAL_B_KEY, READER_KEY } from "../_helpers/tokens.ts";

type Subscription = webhookSchemas.Subscription;

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(async () => {
  await app.stop();
});

/** A private address: ordinary for the URL policy (on-premises portals live there), and no DNS needed. */
const URL_OK = "http://10.20.30.40:8443/hooks/directory";

const create = (json: unknown, key?: string) => app.portal("/subscriptions", { method: "POST", json, key });
const count = async () =>
  (await app.owner`select count(*)::int as n from directory.webhook_subscriptions`)[0].n as number;

async function created(json: Record<string, unknown> = {}): Promise<Subscription> {
  const res = await create({ url: URL_OK, resources: ["users"], ...json });
  const b = await body<Item<Subscription>>(res);
  assert.equal(res.status, 201, JSON.stringify(b));
  return b.data;
}

describe("subscriptions: happy paths", () => {
  it("registers a subscription with a Standard Webhooks secret shown once, then lists and reads it", async () => {
    const s = await created({ resources: ["users", "glossary-terms"] });
    assert.match(s.secret ?? "", /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(s.state, "active");
    assert.equal(s.portalId, "portal-a");
    assert.deepEqual(s.resources, ["users", "glossary-terms"]);
    const list = (await body<Item<{ items: Subscription[] }>>(await app.portal("/subscriptions"))).data.items;
    const listed = list.find((x) => x.id === s.id);
    assert.ok(listed);
    assert.equal(listed.secret, undefined);
    const one = await app.portal(`/subscriptions/${s.id}`);
    assert.equal(one.status, 200);
    assert.equal((await body<Item<Subscription>>(one)).data.url, URL_OK);
  });

  it("pauses, resumes and rotates the secret, keeping the previous one valid for a while", async () => {
    const s = await created();
    const patch = (json: unknown) => app.portal(`/subscriptions/${s.id}`, { method: "PATCH", json });
    assert.equal((await body<Item<Subscription>>(await patch({ state: "paused" }))).data.state, "paused");
    assert.equal((await body<Item<Subscription>>(await patch({ state: "active" }))).data.state, "active");
    const rotated = (await body<Item<Subscription>>(await patch({ rotateSecret: true }))).data;
    assert.match(rotated.secret ?? "", /^whsec_/);
    assert.notEqual(rotated.secret, s.secret);
    assert.ok(Date.parse(rotated.previousSecretExpiresAt ?? "") > Date.now());
    const [row] = await app.owner`select secret, previous_secret from directory.webhook_subscriptions
      where id = ${s.id}`;
    assert.equal(row.secret, rotated.secret);
    assert.equal(row.previous_secret, s.secret);
  });

  it("deletes a subscription: it is gone afterwards", async () => {
    const s = await created();
    assert.equal((await app.portal(`/subscriptions/${s.id}`, { method: "DELETE" })).status, 204);
    assert.equal((await app.portal(`/subscriptions/${s.id}`)).status, 404);
  });

  it("audits creation, changes and deletion by the portal, never with a secret", async () => {
    const s = await created();
    await app.portal(`/subscriptions/${s.id}`, { method: "PATCH", json: { rotateSecret: true } });
    await app.portal(`/subscriptions/${s.id}`, { method: "DELETE" });
    const rows = await app.owner`select action, actor_id, details::text from directory.audit_log
      where target_id = ${s.id} order by id`;
    assert.deepEqual(rows.map((r) => r.action), [
      "webhook_subscription.create",
      "webhook_subscription.update",
      "webhook_subscription.delete",
    ]);
    assert.ok(rows.every((r) => r.actor_id === "portal-a" && !r.details.includes("whsec_")));
  });
});

describe("subscriptions: the OpenAPI document", () => {
  it("describes the routes and the delivery a subscription receives (body and signature headers)", async () => {
    const doc = await (await app.request("/openapi.json")).json();
    assert.ok(doc.paths["/api/directory/v1/subscriptions"].post);
    assert.ok(doc.paths["/api/directory/v1/subscriptions/{id}"].patch);
    const delivery = doc.webhooks["directory.changed"].post;
    assert.deepEqual(
      delivery.parameters.map((p: { name: string }) => p.name).sort(),
      ["webhook-id", "webhook-signature", "webhook-timestamp"],
    );
    const event = doc.components.schemas.WebhookEvent;
    assert.deepEqual(Object.keys(event.properties).sort(), [
      "dataVersion",
      "fromDataVersion",
      "ids",
      "resource",
      "type",
    ]);
  });
});

describe("subscriptions: bad input", () => {
  const BAD: [string, unknown][] = [
    ["no url", { resources: ["users"] }],
    ["url not a string", { url: 5, resources: ["users"] }],
    ["url empty", { url: "", resources: ["users"] }],
    ["url too long", { url: `http://10.0.0.1/${"a".repeat(2048)}`, resources: ["users"] }],
    ["no resources", { url: URL_OK }],
    ["resources empty", { url: URL_OK, resources: [] }],
    ["resources unknown", { url: URL_OK, resources: ["documents"] }],
    ["resources repeated", { url: URL_OK, resources: ["users", "users"] }],
    ["resources not an array", { url: URL_OK, resources: "users" }],
    ["companyId not a uuid", { url: URL_OK, resources: ["users"], companyId: "acme" }],
    ["an unknown field", { url: URL_OK, resources: ["users"], secret: "whsec_mine" }],
    ["not an object", ["users"]],
  ];
  for (const [what, json] of BAD) {
    it(`refuses ${what} with 400 invalid_request and writes nothing`, async () => {
      const before = await count();
      const res = await create(json);
      const b = await body<Problem>(res);
      assert.equal(res.status, 400, JSON.stringify(b));
      assert.equal(b.code, "invalid_request");
      assert.equal(await count(), before);
    });
  }

  it("refuses an unknown company with 422 unprocessable and writes nothing", async () => {
    const before = await count();
    const res = await create({ url: URL_OK, resources: ["users"], companyId: crypto.randomUUID() });
    const b = await body<Problem>(res);
    assert.equal(res.status, 422);
    assert.equal(b.code, "unprocessable");
    assert.equal(await count(), before);
  });

  it("refuses malformed JSON and a body that is not JSON", async () => {
    const malformed = await app.portal("/subscriptions", {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
    });
    assert.equal(malformed.status, 400);
    assert.equal((await body<Problem>(malformed)).code, "invalid_request");
    const text = await app.portal("/subscriptions", { method: "POST", body: "x" });
    assert.equal(text.status, 415);
  });

  it("refuses a bad change or id with 400 and changes nothing", async () => {
    const s = await created();
    for (const json of [{}, { state: "failing" }, { rotateSecret: false }, { state: "paused", url: URL_OK }]) {
      const res = await app.portal(`/subscriptions/${s.id}`, { method: "PATCH", json });
      assert.equal(res.status, 400, JSON.stringify(json));
      assert.equal((await body<Problem>(res)).code, "invalid_request");
    }
    const [row] = await app.owner`select state, secret from directory.webhook_subscriptions where id = ${s.id}`;
    assert.equal(row.state, "active");
    assert.equal(row.secret, s.secret);
    assert.equal((await app.portal("/subscriptions/not-a-uuid")).status, 400);
  });
});

describe("subscriptions: the URL policy of content fetches", () => {
  const REFUSED = [
    "http://127.0.0.1:8080/hook",
    "http://[::1]/hook",
    "http://localhost/hook",
    "http://169.254.169.254/latest/meta-data",
    "http://0.0.0.0/hook",
    "http://2130706433/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://user:pass@10.20.30.40/hook",
    "ftp://10.20.30.40/hook",
    "not a url",
  ];
  for (const url of REFUSED) {
    it(`refuses ${url} with 422 webhook_url_not_allowed and writes nothing`, async () => {
      const before = await count();
      const res = await create({ url, resources: ["users"] });
      const b = await body<Problem>(res);
      assert.equal(res.status, 422, JSON.stringify(b));
      assert.equal(b.code, "webhook_url_not_allowed");
      assert.equal(await count(), before);
    });
  }

  it("refuses an address of this host's own interfaces", async () => {
    const own = Deno.networkInterfaces().find((i) => i.family === "IPv4" && !i.address.startsWith("127."));
    if (!own) return; // a host with loopback only has no other own address to try
    const res = await create({ url: `http://${own.address}/hook`, resources: ["users"] });
    assert.equal(res.status, 422);
  });
});

describe("subscriptions: security", () => {
  it("caps a portal's subscriptions (422 unprocessable beyond, nothing written)", async () => {
    const key = PORTAL_B_KEY;
    const mine = async () =>
      (await app.owner`select count(*)::int as n from directory.webhook_subscriptions
        where portal_id = 'portal-b'`)[0].n as number;
    while (await mine() < MAX_SUBSCRIPTIONS_PER_PORTAL) {
      assert.equal((await create({ url: URL_OK, resources: ["users"] }, key)).status, 201);
    }
    const refused = await create({ url: URL_OK, resources: ["users"] }, key);
    assert.equal(refused.status, 422);
    assert.equal((await body<Problem>(refused)).code, "unprocessable");
    assert.equal(await mine(), MAX_SUBSCRIPTIONS_PER_PORTAL);
    await app.owner`delete from directory.webhook_subscriptions where portal_id = 'portal-b'`;
  });

  it("needs a credential and the webhooks:manage scope", async () => {
    const none = await app.request("/api/directory/v1/subscriptions");
    assert.equal(none.status, 401);
    const reader = await create({ url: URL_OK, resources: ["users"] }, READER_KEY);
    assert.equal(reader.status, 403);
    assert.equal((await body<Problem>(reader)).code, "insufficient_scope");
  });

  it("hides a portal's subscription from another portal: 404 to read, change or delete, absent from its list", async () => {
    const s = await created();
    const other = (path: string, init: RequestInit & { json?: unknown } = {}) =>
      app.portal(path, { ...init, key: PORTAL_B_KEY });
    assert.equal((await other(`/subscriptions/${s.id}`)).status, 404);
    const patch = await other(`/subscriptions/${s.id}`, { method: "PATCH", json: { state: "paused" } });
    assert.equal(patch.status, 404);
    assert.equal((await body<Problem>(patch)).code, "not_found");
    assert.equal((await other(`/subscriptions/${s.id}`, { method: "DELETE" })).status, 404);
    const list = (await body<Item<{ items: Subscription[] }>>(await other("/subscriptions"))).data.items;
    assert.ok(!list.some((x) => x.id === s.id));
    const [row] = await app.owner`select state from directory.webhook_subscriptions where id = ${s.id}`;
    assert.equal(row.state, "active");
  });
});
