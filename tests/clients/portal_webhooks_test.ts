/**
 * The client's webhook verification accepts what the reference implementation (the `standardwebhooks` package)
 * signs, and refuses a changed body, a wrong secret, a stale or future timestamp and missing headers.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Webhook } from "standardwebhooks";
import { verifyWebhook, WebhookVerificationError } from "@/clients/portal/mod.ts";

const SECRET = "whsec_" + btoa("a portal's webhook secret, 32 by");
const OTHER = "whsec_" + btoa("another webhook secret, 32 bytes");
const BODY = JSON.stringify({
  type: "directory.changed",
  resource: "users",
  fromDataVersion: 41,
  dataVersion: 42,
  ids: ["3f2b8c1e-0000-4000-8000-000000000001"],
});
const NOW = 1_790_000_000_000;

function signed(secret: string, body: string, at = new Date(NOW), id = "msg_2b7y8") {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = new Webhook(secret).sign(id, at, body);
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signature };
}

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(() => undefined, (e) => e);
  assert.ok(err instanceof WebhookVerificationError, `expected a refusal, got ${err}`);
  return err.reason;
}

describe("webhook verification", () => {
  const now = () => NOW;

  it("accepts a delivery signed by the reference implementation and returns its body", async () => {
    assert.deepEqual(await verifyWebhook(SECRET, signed(SECRET, BODY), BODY, { now }), JSON.parse(BODY));
    const headers = new Headers(signed(SECRET, BODY));
    assert.deepEqual(await verifyWebhook(SECRET, headers, new TextEncoder().encode(BODY), { now }), JSON.parse(BODY));
  });

  it("accepts a delivery carrying several signatures when one matches (a secret being rotated)", async () => {
    const h = signed(SECRET, BODY);
    const old = signed(OTHER, BODY)["webhook-signature"];
    h["webhook-signature"] = `${old} v2,bm90IHRoaXM= ${h["webhook-signature"]}`;
    assert.deepEqual(await verifyWebhook(SECRET, h, BODY, { now }), JSON.parse(BODY));
  });

  it("refuses a changed body, a wrong secret and a malformed signature", async () => {
    assert.equal(await refusal(verifyWebhook(SECRET, signed(SECRET, BODY), BODY + " ", { now })), "bad_signature");
    assert.equal(await refusal(verifyWebhook(SECRET, signed(OTHER, BODY), BODY, { now })), "bad_signature");
    const h = { ...signed(SECRET, BODY), "webhook-signature": "v1,###" };
    assert.equal(await refusal(verifyWebhook(SECRET, h, BODY, { now })), "bad_signature");
  });

  it("refuses a timestamp more than five minutes away, either way, and keeps one just inside", async () => {
    const old = signed(SECRET, BODY, new Date(NOW - 301_000));
    assert.equal(await refusal(verifyWebhook(SECRET, old, BODY, { now })), "stale_timestamp");
    const ahead = signed(SECRET, BODY, new Date(NOW + 301_000));
    assert.equal(await refusal(verifyWebhook(SECRET, ahead, BODY, { now })), "stale_timestamp");
    const inside = signed(SECRET, BODY, new Date(NOW - 299_000));
    assert.deepEqual(await verifyWebhook(SECRET, inside, BODY, { now }), JSON.parse(BODY));
  });

  it("refuses a delivery without its headers or with a timestamp that is not a number", async () => {
    const { "webhook-id": _, ...noId } = signed(SECRET, BODY);
    assert.equal(await refusal(verifyWebhook(SECRET, noId, BODY, { now })), "missing_headers");
    const bad = { ...signed(SECRET, BODY), "webhook-timestamp": "soon" };
    assert.equal(await refusal(verifyWebhook(SECRET, bad, BODY, { now })), "bad_timestamp");
  });
});
