import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";

let app: TestApp;
before(async () => {
  app = await startTestApp({ SYNC_STALE_AFTER_SECONDS: "10" }, { workers: true });
});
after(async () => {
  await app.stop();
});

describe("sync freshness job", () => {
  it("marks a portal STALE once its last success is older than SYNC_STALE_AFTER_SECONDS, and audits it", async () => {
    const ok = await app.portal("/sync-status", {
      method: "POST",
      json: { portalId: "portal-a", resource: "users", outcome: "success" },
    });
    assert.equal(ok.status, 200);
    await app.portal("/sync-status", {
      method: "POST",
      json: { portalId: "portal-a", resource: "departments", outcome: "success" },
    });
    await app.owner`update directory.sync_status set last_success_at = now() - interval '2 minutes'
                    where portal_id = 'portal-a' and resource = 'users'`;
    let state = "";
    const end = Date.now() + 20_000;
    while (Date.now() < end) {
      const items = (await body<{ data: { items: schemas.PortalSync[] } }>(await app.admin("/sync-status"))).data.items;
      const portal = items.find((p) => p.portalId === "portal-a")!;
      state = portal.resources.find((r) => r.resource === "users")?.state ?? "";
      if (state === "STALE") {
        assert.equal(portal.resources.find((r) => r.resource === "departments")?.state, "HEALTHY");
        assert.equal(portal.needsCheck, true);
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(state, "STALE");
    const [audit] = await app
      .owner`select actor_kind, actor_id from directory.audit_log where action = 'sync_status.stale'`;
    assert.deepEqual({ ...audit }, { actor_kind: "system", actor_id: "sync-freshness" });
    const back = await app.portal("/sync-status", {
      method: "POST",
      json: { portalId: "portal-a", resource: "users", outcome: "success" },
    });
    assert.equal((await body<Item<schemas.SyncStatus>>(back)).data.state, "HEALTHY");
  });
});
