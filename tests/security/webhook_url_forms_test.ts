/**
 * A portal registering a webhook URL that reaches this host or a metadata service through another spelling of the
 * address: decimal, octal, hex and short IPv4, IPv4 inside IPv6 (mapped, compatible, NAT64, 6to4), the unspecified
 * address, link-local and cloud metadata over IPv6, full-width letters, a trailing dot. Each is 422
 * `webhook_url_not_allowed` with nothing written (WEBHOOK_ALLOW_LOOPBACK off).
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";

let app: TestApp;
before(async () => {
  app = await startTestApp({ SERVICES: "directory" });
});
after(async () => {
  await app.stop();
});

const REFUSED = [
  "http://127.1/hook",
  "http://0x7f000001/hook",
  "http://0177.0.0.1/hook",
  "http://017700000001/hook",
  "http://0/hook",
  "http://[::]/hook",
  "http://[0:0:0:0:0:ffff:7f00:1]/hook",
  "http://[::127.0.0.1]/hook",
  "http://[64:ff9b::7f00:1]/hook",
  "http://[2002:7f00:1::]/hook",
  "http://[::ffff:169.254.169.254]/hook",
  "http://[fe80::1]/hook",
  "http://[fd00:ec2::254]/latest/meta-data",
  "http://100.100.100.200/latest/meta-data",
  "http://ｌｏｃａｌｈｏｓｔ/hook",
  "http://LOCALHOST./hook",
  "https://127.0.0.1:443@10.0.0.1/hook",
  "http://127.0.0.1\t/hook",
];

const count = async () => (await app.owner`select count(*)::int as n from directory.webhook_subscriptions`)[0].n;

describe("webhook URLs in other spellings of a refused address", () => {
  for (const url of REFUSED) {
    it(`refuses ${JSON.stringify(url)}`, async () => {
      const before = await count();
      const res = await app.portal("/subscriptions", { method: "POST", json: { url, resources: ["users"] } });
      const b = await body<Problem>(res);
      assert.deepEqual([res.status, b.code], [422, "webhook_url_not_allowed"], JSON.stringify(b));
      assert.equal(await count(), before);
    });
  }
});
