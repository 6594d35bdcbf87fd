/**
 * A subscription tells its portal which records of a resource changed and when: for a portal that may not read
 * that resource, the ids alone (users, content keys of other portals' documents) and their timing are what its
 * scopes withhold. A portal holding `webhooks:manage` but not the resource's read scope (`directory:read` for users,
 * departments and user groups; `glossary:read` for terms and content links) is refused with 403
 * `insufficient_scope`, nothing registered; with the read scope it subscribes as before.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type List, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import { credentialEnv } from "../_helpers/tokens.ts";

const HOOKS_ONLY_KEY = "test-hooks-only-key-0123456789abcd";
const GLOSSARY_HOOKS_KEY = "test-glossary-hooks-key-0123456789";

let app: TestApp;
before(async () => {
  const portals = JSON.parse(credentialEnv().PORTAL_API_KEYS_JSON);
  portals.push(
    { portalId: "hooks-only", apiKey: HOOKS_ONLY_KEY, scopes: ["webhooks:manage"], enabled: true },
    {
      portalId: "glossary-hooks",
      apiKey: GLOSSARY_HOOKS_KEY,
      scopes: ["webhooks:manage", "glossary:read"],
      enabled: true,
    },
  );
  app = await startTestApp({
    SERVICES: "directory",
    WEBHOOK_ALLOW_LOOPBACK: "true",
    PORTAL_API_KEYS_JSON: JSON.stringify(portals),
  });
});
after(async () => {
  await app.stop();
});

const subscribe = (key: string, resources: string[]) =>
  app.portal("/subscriptions", { key, method: "POST", json: { url: "http://127.0.0.1:9/hook", resources } });
const count = async (key: string) =>
  (await body<List<unknown>>(await app.portal("/subscriptions", { key }))).data.items.length;

describe("webhook subscriptions and the read scopes", () => {
  it("refuses a resource the portal may not read, registering nothing", async () => {
    const cases: Array<[string, string[]]> = [
      [HOOKS_ONLY_KEY, ["users"]],
      [HOOKS_ONLY_KEY, ["departments"]],
      [HOOKS_ONLY_KEY, ["user-groups"]],
      [HOOKS_ONLY_KEY, ["glossary-terms"]],
      [HOOKS_ONLY_KEY, ["content-term-links"]],
      [GLOSSARY_HOOKS_KEY, ["glossary-terms", "users"]],
    ];
    for (const [key, resources] of cases) {
      const res = await subscribe(key, resources);
      const b = await body<Problem>(res);
      assert.deepEqual([res.status, b.code], [403, "insufficient_scope"], `${resources}: ${JSON.stringify(b)}`);
    }
    assert.equal(await count(HOOKS_ONLY_KEY), 0);
    assert.equal(await count(GLOSSARY_HOOKS_KEY), 0);
  });

  it("registers the resources the portal may read", async () => {
    const res = await subscribe(GLOSSARY_HOOKS_KEY, ["glossary-terms", "content-term-links"]);
    assert.equal(res.status, 201, await res.clone().text());
    assert.equal(await count(GLOSSARY_HOOKS_KEY), 1);
  });
});
