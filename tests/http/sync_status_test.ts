import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { PORTAL_B_KEY } from "../_helpers/tokens.ts";

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(async () => {
  await app.stop();
});

const report = (json: Record<string, unknown>, key?: string) =>
  app.portal("/sync-status", { method: "POST", json, key });
const statusOf = async (portalId: string, resource: string) => {
  const items = (await body<{ data: { items: schemas.PortalSync[] } }>(await app.admin("/sync-status"))).data.items;
  const found = items.find((p) => p.portalId === portalId)?.resources.find((r) => r.resource === resource);
  assert.ok(found, `${portalId} ${resource}`);
  return found;
};

describe("sync status", () => {
  it("starts as NEVER_SYNCED for every configured portal and resource", async () => {
    const s = await statusOf("portal-b", "departments");
    assert.equal(s.state, "NEVER_SYNCED");
    assert.equal(s.lastSuccessAt, null);
  });

  it("becomes HEALTHY on success, FAILED on failure keeping the last success, HEALTHY again on success", async () => {
    const ok = await report({ portalId: "portal-a", resource: "users", outcome: "success", dataVersion: 42 });
    const a = (await body<Item<schemas.SyncStatus>>(ok)).data;
    assert.equal(ok.status, 200);
    assert.equal(a.state, "HEALTHY");
    assert.equal(a.dataVersion, 42);
    const fail = (await body<Item<schemas.SyncStatus>>(
      await report({ portalId: "portal-a", resource: "users", outcome: "failure", error: "timeout" }),
    )).data;
    assert.equal(fail.state, "FAILED");
    assert.equal(fail.error, "timeout");
    assert.equal(fail.lastSuccessAt, a.lastSuccessAt);
    assert.equal(fail.dataVersion, 42);
    const again = (await body<Item<schemas.SyncStatus>>(
      await report({ portalId: "portal-a", resource: "users", outcome: "success", dataVersion: 43 }),
    ))
      .data;
    assert.equal(again.state, "HEALTHY");
    assert.equal(again.lastFailureAt, fail.lastFailureAt);
    assert.equal((await statusOf("portal-a", "users")).dataVersion, 43);
  });

  it("keeps FAILED when a late success report is older than the last failure", async () => {
    await report({ portalId: "portal-a", resource: "departments", outcome: "failure", error: "x" });
    const late = (await body<Item<schemas.SyncStatus>>(
      await report({
        portalId: "portal-a",
        resource: "departments",
        outcome: "success",
        occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
      }),
    )).data;
    assert.equal(late.state, "FAILED");
  });

  it("takes a future occurredAt as now", async () => {
    const r = (await body<Item<schemas.SyncStatus>>(
      await report({
        portalId: "portal-a",
        resource: "user-groups",
        outcome: "success",
        occurredAt: "2999-01-01T00:00:00Z",
      }),
    )).data;
    assert.ok(Date.parse(r.lastSuccessAt ?? "") <= Date.now());
  });

  it("refuses another portal's ID with 403 portal_mismatch and records nothing", async () => {
    const res = await report({ portalId: "portal-b", resource: "users", outcome: "success" });
    assert.equal(res.status, 403);
    assert.equal((await body<Problem>(res)).code, "portal_mismatch");
    assert.equal((await statusOf("portal-b", "users")).state, "NEVER_SYNCED");
    assert.equal(
      (await report({ portalId: "portal-b", resource: "users", outcome: "success" }, PORTAL_B_KEY)).status,
      200,
    );
  });

  it("refuses bad reports with 400 and records nothing", async () => {
    const cases = [
      { portalId: "portal-a", resource: "groups", outcome: "success" },
      { portalId: "portal-a", resource: "users", outcome: "ok" },
      { portalId: "portal-a", resource: "users", outcome: "success", dataVersion: -1 },
      { portalId: "portal-a", resource: "users", outcome: "success", occurredAt: "yesterday" },
      { portalId: "portal-a", resource: "users", outcome: "success", extra: true },
      { resource: "users", outcome: "success" },
    ];
    const [before] = await app.owner`select count(*)::int as n, max(updated_at) as at from directory.sync_status`;
    for (const json of cases) {
      const res = await report(json);
      assert.equal(res.status, 400, JSON.stringify(json));
      assert.equal((await body<Problem>(res)).code, "invalid_request");
    }
    const [afterRow] = await app.owner`select count(*)::int as n, max(updated_at) as at from directory.sync_status`;
    assert.deepEqual(afterRow, before);
  });
});
