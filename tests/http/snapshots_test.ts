import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type List, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { PORTAL_B_KEY, READER_KEY } from "../_helpers/tokens.ts";

type Entry = schemas.PortalSnapshotEntry;

let app: TestApp;
const users: schemas.UserImportResult["results"] = [];
before(async () => {
  app = await startTestApp({ SNAPSHOT_MAX_BODY_BYTES: "2000000" });
  const rows = Array.from(
    { length: 60 },
    (_, i) => JSON.stringify({ loginId: `snap.${i}`, koreanName: `스냅${i}`, englishName: `Snap ${i}` }),
  );
  const res = await app.admin("/users:import", {
    method: "POST",
    body: rows.join("\n"),
    headers: { "content-type": "application/x-ndjson" },
  });
  for (const r of (await body<Item<schemas.UserImportResult>>(res)).data.results) users.push(r);
});
after(async () => {
  await app.stop();
});

const publish = (json: unknown, key?: string, headers: Record<string, string> = {}) =>
  app.portal("/authorization-snapshot", { method: "POST", json, key, headers });

function snapshot(
  portalId: string,
  sourceVersion: string,
  count: number,
  extra: (i: number) => Record<string, unknown>[] = () => [],
) {
  return {
    portalId,
    sourceVersion,
    entries: users.slice(0, count).map((u, i) => ({
      userId: u.id,
      assignments: [
        { kind: "ROLE", key: "viewer", label: `열람자 ${sourceVersion}` },
        { kind: "GROUP", key: `team-${i % 3}`, label: `팀 ${i % 3}`, scope: "portal" },
        ...extra(i),
      ],
    })),
  };
}

const overview = async () => (await body<List<schemas.PortalSnapshot>>(await app.admin("/snapshots"))).data.items;

describe("authorization snapshots", () => {
  it("accepts a publication and shows it per portal and per user with collection time and source version", async () => {
    const res = await publish(snapshot("portal-a", "v1", 40));
    const r = (await body<Item<schemas.SnapshotReceipt>>(res)).data;
    assert.equal(res.status, 200, JSON.stringify(r));
    assert.equal(r.userCount, 40);
    assert.equal(r.assignmentCount, 80);
    assert.equal(r.sourceVersion, "v1");
    const a = (await overview()).find((p) => p.portalId === "portal-a")!;
    assert.equal(a.snapshot?.id, r.snapshotId);
    assert.equal(a.snapshot?.collectedAt, r.collectedAt);
    assert.equal(a.publication.state, "HEALTHY");
    const entries = await body<List<Entry>>(await app.admin("/snapshots?portalId=portal-a&limit=25"));
    assert.equal(entries.data.items.length, 25);
    assert.ok(entries.data.nextCursor);
    const first = entries.data.items[0];
    assert.equal(first.assignments[0].kind, "GROUP", "assignments are stored in canonical order");
    assert.equal(first.assignments[1].scope, null);
    const perUser =
      (await body<Item<schemas.UserSnapshotView>>(await app.admin(`/snapshots/users/${users[0].id}`))).data;
    assert.equal(perUser.portals.length, 1);
    assert.equal(perUser.portals[0].sourceVersion, "v1");
    assert.deepEqual(perUser.portals[0].roles.map((x) => x.key), ["viewer"]);
    assert.equal(perUser.portals[0].companyId, "00000000-0000-4000-8000-000000000001", "company observed at ingestion");
    const audit = await app
      .owner`select actor_id from directory.audit_log where action = 'authorization_snapshot.publish'`;
    assert.deepEqual(audit.map((x) => x.actor_id), ["portal-a"]);
  });

  it("replaces the previous snapshot whole and records what changed per user", async () => {
    const res = await publish(
      snapshot(
        "portal-a",
        "v2",
        30,
        (i) => i === 0 ? [{ kind: "PERMISSION", key: "doc:write", label: "문서 쓰기" }] : [],
      ),
    );
    assert.equal(res.status, 200);
    const all: Entry[] = [];
    let cursor: string | null = null;
    do {
      const page: List<Entry> = await body<List<Entry>>(
        await app.admin(
          `/snapshots?portalId=portal-a&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        ),
      );
      all.push(...page.data.items);
      cursor = page.data.nextCursor;
    } while (cursor);
    assert.equal(all.length, 30);
    assert.ok(all.every((e) => e.assignments.some((x) => x.label === "열람자 v2")), "no entry of v1 remains");
    const changes =
      (await body<List<schemas.SnapshotChange>>(await app.admin("/snapshots/changes?portalId=portal-a&limit=100")))
        .data.items;
    const removedUser = changes.find((c) => c.userId === users[35].id)!;
    assert.equal(removedUser.added.length, 0);
    assert.equal(removedUser.removed.length, 2);
    const grew = changes.find((c) => c.userId === users[0].id)!;
    assert.deepEqual(grew.added.map((x) => x.key).sort(), ["doc:write", "viewer"]);
    assert.deepEqual(grew.removed.map((x) => x.key), ["viewer"], "a relabelled role is removed and added");
    const [{ n }] = await app.owner`select count(*)::int as n from directory.authorization_entries`;
    assert.equal(n, 30 + 40, "the replaced snapshot keeps its entries for the changes view");
    const a = (await overview()).find((p) => p.portalId === "portal-a")!;
    assert.equal(a.changedUsers, changes.length);
  });

  it("lets readers see the old snapshot or the new one, never a mix, while a replacement commits", async () => {
    let stop = false;
    const seen = new Set<string>();
    const reader = (async () => {
      while (!stop) {
        const page = await body<List<Entry>>(await app.admin("/snapshots?portalId=portal-b&limit=1000"));
        const versions = new Set(
          page.data.items.map((e) => e.assignments.find((x) => x.kind === "ROLE")?.label),
        );
        assert.ok(versions.size <= 1, `a read saw a mix: ${[...versions].join(", ")}`);
        for (const v of versions) seen.add(v as string);
      }
    })();
    for (let i = 1; i <= 6; i++) {
      const res = await publish(snapshot("portal-b", `b${i}`, 60 - i), PORTAL_B_KEY);
      assert.equal(res.status, 200);
    }
    stop = true;
    await reader;
    assert.ok(seen.size >= 2, `the reader saw several versions (${[...seen].join(", ")})`);
  });

  it("rejects a snapshot naming unknown users whole (422 unknown_user_ids), keeps the previous one, shows the failure", async () => {
    const before = (await overview()).find((p) => p.portalId === "portal-a")!;
    const ghosts: string[] = Array.from({ length: 120 }, () => crypto.randomUUID());
    const bad = snapshot("portal-a", "v3", 5);
    bad.entries.push(...ghosts.map((g) => ({ userId: g, assignments: [] })));
    const res = await publish(bad);
    const b = await body<Problem<{ unknownUserIds: string[] }>>(res);
    assert.equal(res.status, 422);
    assert.equal(b.code, "unknown_user_ids");
    assert.equal(b.unknownUserIds.length, 100, "up to 100 listed");
    assert.ok(b.unknownUserIds.every((id) => ghosts.includes(id)));
    const afterFail = (await overview()).find((p) => p.portalId === "portal-a")!;
    assert.deepEqual(afterFail.snapshot, before.snapshot, "the previous snapshot stays");
    assert.equal(afterFail.publication.state, "FAILED");
    assert.equal(
      afterFail.publication.lastSuccessAt,
      before.snapshot?.collectedAt,
      "the last successful collection time is kept",
    );
    assert.ok(afterFail.publication.lastFailureAt);
  });

  it("refuses another portal's ID with 403 portal_mismatch and records the failure for the caller", async () => {
    const res = await publish(snapshot("portal-b", "x", 3));
    assert.equal(res.status, 403);
    assert.equal((await body<Problem>(res)).code, "portal_mismatch");
    assert.equal((await overview()).find((p) => p.portalId === "portal-b")?.snapshot?.sourceVersion, "b6");
  });

  it("refuses malformed bodies with 400 naming the place, and changes nothing", async () => {
    const [{ n: before }] = await app.owner`select count(*)::int as n from directory.authorization_snapshots`;
    const valid = snapshot("portal-a", "bad", 2);
    const cases: Array<[unknown, string]> = [
      [{ ...valid, extra: 1 }, "extra"],
      [{ portalId: "portal-a", entries: [] }, "sourceVersion"],
      [{ ...valid, entries: "nope" }, "entries"],
      [{ ...valid, entries: [{ userId: "not-a-uuid", assignments: [] }] }, "entries.0.userId"],
      [
        { ...valid, entries: [{ userId: users[0].id, assignments: [{ kind: "OWNER", key: "k", label: "l" }] }] },
        "entries.0.assignments.0.kind",
      ],
      [{ ...valid, entries: [{ userId: users[0].id, assignments: [], headRole: "x" }] }, "entries.0.headRole"],
      [{ ...valid, entries: [valid.entries[0], valid.entries[0]] }, "entries.1.userId"],
      [[valid], ""],
    ];
    for (const [json, path] of cases) {
      const res = await publish(json);
      const b = await body<Problem>(res);
      assert.equal(res.status, 400, JSON.stringify(json).slice(0, 100));
      assert.equal(b.code, "invalid_request");
      assert.equal(b.errors?.[0].path, path);
    }
    for (const raw of ['{"portalId":"portal-a",', "", "{]"]) {
      const res = await app.portal("/authorization-snapshot", {
        method: "POST",
        body: raw,
        headers: { "content-type": "application/json" },
      });
      assert.equal(res.status, 400, raw);
    }
    const text = await app.portal("/authorization-snapshot", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "text/plain" },
    });
    assert.equal(text.status, 415);
    const [{ n: after }] = await app.owner`select count(*)::int as n from directory.authorization_snapshots`;
    assert.equal(after, before);
  });

  it("streams a gzip body and refuses one above SNAPSHOT_MAX_BODY_BYTES after decompression with 413", async () => {
    const gz = async (v: unknown) =>
      new Uint8Array(
        await new Response(new Blob([JSON.stringify(v)]).stream().pipeThrough(new CompressionStream("gzip")))
          .arrayBuffer(),
      );
    const ok = await app.portal("/authorization-snapshot", {
      method: "POST",
      body: await gz(snapshot("portal-a", "gz", 10)),
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
    });
    assert.equal(ok.status, 200);
    const huge = snapshot("portal-a", "huge", 1);
    huge.entries[0].assignments.push(
      ...Array.from({ length: 9000 }, (_, i) => ({ kind: "PERMISSION", key: `p${i}`, label: "x".repeat(300) })),
    );
    const res = await app.portal("/authorization-snapshot", {
      method: "POST",
      body: await gz(huge),
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
    });
    assert.equal(res.status, 413);
    assert.equal((await body<Problem>(res)).code, "payload_too_large");
  });

  it("flags users on leave, retired or deactivated who still hold assignments, and stale snapshots", async () => {
    const leave = users[1];
    const u = (await body<Item<schemas.DirectoryUser>>(await app.admin(`/users/${leave.id}`))).data;
    await app.admin(`/users/${leave.id}`, { method: "PATCH", json: { version: u.version, employmentStatus: "LEAVE" } });
    await app.admin(`/users/${users[2].id}/deactivate`, { method: "POST" });
    const drift = (await body<List<Entry>>(await app.admin("/snapshots?portalId=portal-a&driftOnly=true"))).data.items;
    assert.deepEqual(drift.map((e) => e.userId).sort(), [users[1].id, users[2].id].sort());
    assert.equal((await overview()).find((p) => p.portalId === "portal-a")!.driftUsers, 2);
    const perUser = (await body<Item<schemas.UserSnapshotView>>(await app.admin(`/snapshots/users/${leave.id}`))).data;
    assert.ok(perUser.portals.every((p) => p.drift));
    assert.equal(perUser.user.employmentStatus, "LEAVE");
    await app.portal("/sync-status", {
      method: "POST",
      json: { portalId: "portal-a", resource: "users", outcome: "success" },
    });
    assert.equal((await overview()).find((p) => p.portalId === "portal-a")!.snapshotOlderThanSync, true);
  });

  it("needs authorization:sync to publish, and the admin key for the dashboard", async () => {
    const res = await publish(snapshot("reader", "r", 1), READER_KEY);
    assert.equal(res.status, 403);
    assert.equal((await body<Problem>(res)).code, "insufficient_scope");
    assert.equal((await app.request("/api/directory/v1/admin/snapshots")).status, 401);
    assert.equal((await app.admin(`/snapshots/users/${crypto.randomUUID()}`)).status, 404);
    assert.equal((await app.admin(`/snapshots?portalId=portal-a&cursor=forged`)).status, 400);
  });
});
