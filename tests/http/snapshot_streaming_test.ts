/**
 * Publications large enough to stream in several batches (1,000 entries each): whatever goes wrong deep in a
 * body, after earlier batches are already spooled, nothing is written and the next publication works; the changes view compares the latest snapshot with the one it replaced; and entries the fast
 * path leaves to the schema (escapes, characters outside the Basic Multilingual Plane) land exactly, equal to
 * the same set written another way.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type List, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";

/** An entry of a publication, as this test builds them (some on purpose invalid). */
type SentEntry = { userId: string; assignments: Record<string, unknown>[] };
const USERS = 5_000;

let app: TestApp;
let ids: string[] = [];
before(async () => {
  app = await startTestApp({ SNAPSHOT_MAX_BODY_BYTES: "20000000", DATABASE_POOL_MAX: "3" });
  const rows = Array.from(
    { length: USERS },
    (_, i) => JSON.stringify({ loginId: `stream.${i}`, koreanName: `흐름${i}` }),
  );
  const res = await app.admin("/users:import", {
    method: "POST",
    body: rows.join("\n"),
    headers: { "content-type": "application/x-ndjson" },
  });
  ids = (await body<Item<schemas.UserImportResult>>(res)).data.results.map((r) => r.id ?? "");
  assert.equal(ids.length, USERS);
});
after(async () => {
  await app.stop();
});

/** Every user with a viewer role; `role(i)` overrides user i's role key. */
function entries(version: string, role: (i: number) => string = () => "viewer") {
  return ids.map((userId, i) => ({
    userId,
    assignments: [{ kind: "ROLE", key: role(i), label: `역할 ${version}` }, {
      kind: "GROUP",
      key: "all",
      label: "전체",
    }],
  }));
}

const publish = (json: unknown) => app.portal("/authorization-snapshot", { method: "POST", json });

/** What a failed publication must leave alone. */
async function state() {
  const [row] = await app.owner`
    select (select count(*)::int from directory.authorization_snapshots) as snapshots,
           (select count(*)::int from directory.authorization_entries) as entries,
           (select id from directory.authorization_snapshots where portal_id = 'portal-a' and is_latest) as latest`;
  return row;
}

async function allChanges(): Promise<schemas.SnapshotChange[]> {
  const out: schemas.SnapshotChange[] = [];
  let cursor: string | null = null;
  do {
    const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const page: List<schemas.SnapshotChange>["data"] =
      (await body<List<schemas.SnapshotChange>>(await app.admin(`/snapshots/changes?portalId=portal-a&limit=500${q}`)))
        .data;
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

describe("streamed publications", () => {
  it("a first publication of 5,000 entries lands whole", async () => {
    const res = await publish({ portalId: "portal-a", sourceVersion: "v1", entries: entries("v1") });
    const r = (await body<Item<schemas.SnapshotReceipt>>(res)).data;
    assert.equal(res.status, 200, JSON.stringify(r));
    assert.equal(r.userCount, USERS);
    assert.equal(r.assignmentCount, 2 * USERS);
    const s = await state();
    assert.equal(s.entries, USERS);
    assert.deepEqual(await allChanges(), [], "a first snapshot has nothing to compare with");
  });

  it("a bad entry in the fifth batch cancels the batches already copied; the next publication works", async () => {
    const before = await state();
    const list: SentEntry[] = entries("bad");
    list[4_500] = { userId: ids[4_500], assignments: [{ kind: "OWNER", key: "k", label: "l" }] };
    const res = await publish({ portalId: "portal-a", sourceVersion: "bad", entries: list });
    const b = await body<Problem>(res);
    assert.equal(res.status, 400);
    assert.equal(b.errors?.[0].path, "entries.4500.assignments.0.kind");
    assert.deepEqual(await state(), before, "nothing of the cancelled publication remains");
    const cut = await app.portal("/authorization-snapshot", {
      method: "POST",
      body: JSON.stringify({ portalId: "portal-a", sourceVersion: "cut", entries: entries("cut") }).slice(0, 400_000),
      headers: { "content-type": "application/json" },
    });
    assert.equal(cut.status, 400, "a body that ends early");
    assert.deepEqual(await state(), before);
    const overview = (await body<List<schemas.PortalSnapshot>>(await app.admin("/snapshots"))).data.items;
    assert.equal(overview.find((p) => p.portalId === "portal-a")!.publication.state, "FAILED");
  });

  it("unknown users in several batches are all counted, and nothing is written", async () => {
    const before = await state();
    const list: SentEntry[] = entries("ghosts");
    const ghosts = [10, 2_500, 4_999].map((i) => (list[i] = { userId: crypto.randomUUID(), assignments: [] }).userId);
    const res = await publish({ portalId: "portal-a", sourceVersion: "ghosts", entries: list });
    const b = await body<Problem<{ unknownUserIds: string[] }>>(res);
    assert.equal(res.status, 422);
    assert.equal(b.code, "unknown_user_ids");
    assert.deepEqual(b.unknownUserIds, ghosts);
    assert.match(b.detail, /^3 entries/);
    assert.deepEqual(await state(), before);
  });

  it("another portal's ID named after the entries is refused once it is read, and nothing is written", async () => {
    const before = await state();
    const text = `{"sourceVersion":"late","entries":${JSON.stringify(entries("late"))},"portalId":"portal-b"}`;
    const res = await app.portal("/authorization-snapshot", {
      method: "POST",
      body: text,
      headers: { "content-type": "application/json" },
    });
    assert.equal(res.status, 403);
    assert.equal((await body<Problem>(res)).code, "portal_mismatch");
    assert.deepEqual(await state(), before);
  });

  it("changes compare the latest snapshot with the one it replaced; older entries are deleted", async () => {
    const v1 = (await state()).latest;
    const v2 = await publish({
      portalId: "portal-a",
      sourceVersion: "v2",
      entries: entries("v1", (i) => i % 10 === 0 ? "editor" : "viewer").slice(0, USERS - 7),
    });
    assert.equal(v2.status, 200);
    let changes = await allChanges();
    assert.equal(changes.length, USERS / 10 + 7, "every tenth user changed role and seven left");
    const left = changes.find((c) => c.userId === ids[USERS - 1])!;
    assert.deepEqual(left.added, []);
    assert.deepEqual(left.removed.map((x) => x.key).sort(), ["all", "viewer"]);
    const promoted = changes.find((c) => c.userId === ids[10])!;
    assert.deepEqual(promoted.added.map((x) => x.key), ["editor"]);
    assert.deepEqual(promoted.removed.map((x) => x.key), ["viewer"]);
    const overview = async () =>
      (await body<List<schemas.PortalSnapshot>>(await app.admin("/snapshots"))).data.items.find((p) =>
        p.portalId === "portal-a"
      )!;
    assert.equal((await overview()).changedUsers, changes.length);
    assert.equal((await overview()).publication.state, "HEALTHY");

    const v3 = await publish({ portalId: "portal-a", sourceVersion: "v3", entries: entries("v1").slice(0, USERS - 7) });
    assert.equal(v3.status, 200);
    changes = await allChanges();
    assert.equal(changes.length, USERS / 10, "against v2, not v1: only the editors went back");
    assert.ok(changes.every((c) => c.added[0].key === "viewer" && c.removed[0].key === "editor"));
    assert.equal((await overview()).changedUsers, changes.length);
    const [{ n }] = await app.owner`select count(*)::int as n from directory.authorization_entries
                                    where snapshot_id = ${v1}`;
    assert.equal(n, 0, "the snapshot two publications back gave up its entries");
    assert.equal((await state()).entries, 2 * (USERS - 7));
  });

  it("entries read by the schema land exactly, and the same sets written another way change nothing", async () => {
    const odd = [
      { kind: "GROUP", key: 'a\\b"c', label: "탭\t줄\n", scope: "😀" },
      { kind: "ROLE", key: "\u00e9", label: "é" },
    ];
    const list = entries("odd").map((e, i) => i % 100 === 0 ? { ...e, assignments: [...e.assignments, ...odd] } : e);
    assert.equal((await publish({ portalId: "portal-a", sourceVersion: "odd", entries: list })).status, 200);
    const mine = (await body<Item<schemas.UserSnapshotView>>(await app.admin(`/snapshots/users/${ids[100]}`))).data
      .portals[0];
    assert.deepEqual(mine.groups.map((x) => [x.key, x.label, x.scope]), [
      ['a\\b"c', "탭\t줄\n", "😀"],
      ["all", "전체", null],
    ]);
    assert.deepEqual(mine.roles.map((x) => [x.key, x.label]), [["viewer", "역할 odd"], ["é", "é"]]);

    // The same sets, spaced, members reversed, repeated, with escapes where none are needed.
    const reversed = list.map((e) => ({
      assignments: [...e.assignments, ...e.assignments].reverse().map((a) =>
        Object.fromEntries(Object.entries(a).reverse())
      ),
      userId: e.userId.toUpperCase(),
    }));
    const text = JSON.stringify({ portalId: "portal-a", sourceVersion: "same", entries: reversed }, null, 1)
      .replaceAll('"전체"', '"\\uc804\\uccb4"');
    const res = await app.portal("/authorization-snapshot", {
      method: "POST",
      body: text,
      headers: { "content-type": "application/json" },
    });
    assert.equal(res.status, 200, JSON.stringify(await body(res)));
    assert.deepEqual(await allChanges(), [], "equal sets are equal canonical text, whichever path read them");
  });
});
