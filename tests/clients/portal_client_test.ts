/**
 * The portal client's helpers against the real service (in-process): a cursor walk sees every user once, the
 * change feed keeps a copy equal to the ledger and falls back to a full walk on 410 resync_required, the ontology
 * pack is re-read only when its ETag changes, and a snapshot is published as a (gzip) stream.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, startTestApp, type TestApp } from "../_helpers/app.ts";
import { PORTAL_B_KEY } from "../_helpers/tokens.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import {
  type DirectoryUser,
  OntologyPackCache,
  type PortalClient,
  PortalError,
  publishSnapshot,
  readAll,
  syncFeed,
  unwrap,
  walkPages,
} from "@/clients/portal/mod.ts";
import { clientOf, mapSink } from "./_portal.ts";

let app: TestApp;
let client: PortalClient;
before(async () => {
  app = await startTestApp();
  client = clientOf(app);
  const rows = Array.from(
    { length: 250 },
    (_, i) => JSON.stringify({ loginId: `mirror.${i}`, koreanName: `거울${i}` }),
  );
  const res = await app.admin("/users:import", {
    method: "POST",
    body: rows.join("\n"),
    headers: { "content-type": "application/x-ndjson" },
  });
  assert.equal((await body<Item<schemas.UserImportResult>>(res)).data.created, 250);
});
after(async () => {
  await app.stop();
});

/** The ledger's live users, id to version, read from the tables. */
async function ledgerUsers(): Promise<Map<string, number>> {
  const rows = await app.owner<{ id: string; version: string }[]>`
    select id, version from directory.users where deleted_at is null`;
  return new Map(rows.map((r) => [r.id, Number(r.version)]));
}
const versions = (copy: Map<string, DirectoryUser>) => new Map([...copy].map(([id, u]) => [id, u.version]));
const createUser = async (loginId: string) =>
  (await body<Item<DirectoryUser>>(await app.admin("/users", { method: "POST", json: { loginId, koreanName: "새" } })))
    .data;

describe("walking cursor pages", () => {
  it("sees every user exactly once across pages and keeps the first page's dataVersion", async () => {
    const read = (cursor?: string) =>
      client.api.GET("/api/directory/v1/users", { params: { query: { limit: 100, cursor } } }).then(unwrap);
    let pages = 0;
    for await (const _ of walkPages(read)) pages++;
    const { items, dataVersion } = await readAll(read);
    assert.ok(pages >= 3, `${pages} pages`);
    const ids = items.map((u) => u.id);
    assert.equal(new Set(ids).size, ids.length, "no user twice");
    assert.deepEqual(new Set(ids), new Set((await ledgerUsers()).keys()));
    assert.equal(dataVersion, (await read(undefined)).meta.dataVersion);
  });
});

describe("the change feed", () => {
  it("keeps a copy equal to the ledger through creates, updates and deletes", async () => {
    const copy = new Map<string, DirectoryUser>();
    const first = await syncFeed(client, "users", mapSink(copy), { limit: 70 });
    assert.equal(first.mode, "full");
    assert.deepEqual(versions(copy), await ledgerUsers());

    const born = await createUser("feed.born");
    const [victim, changed] = [...copy.values()].slice(0, 2);
    await app.admin(`/users/${victim.id}`, { method: "DELETE" });
    await app.admin(`/users/${changed.id}`, { method: "PATCH", json: { version: changed.version, jobTitle: "과장" } });
    const next = await syncFeed(client, "users", mapSink(copy), { since: first.dataVersion, limit: 70 });
    assert.deepEqual([next.mode, next.changes], ["incremental", 3]);
    assert.ok(copy.has(born.id) && !copy.has(victim.id));
    assert.equal(copy.get(changed.id)?.jobTitle, "과장");
    assert.deepEqual(versions(copy), await ledgerUsers());
  });

  it("answers 410 resync_required with a full walk that also drops what the copy should no longer hold", async () => {
    const copy = new Map<string, DirectoryUser>();
    const start = await syncFeed(client, "users", mapSink(copy));
    const gone = await createUser("feed.purged");
    await app.admin(`/users/${gone.id}`, { method: "DELETE" });
    await app.owner`update directory.users set deleted_at = now() - interval '40 days' where id = ${gone.id}`;
    const { purgeTombstones } = await import("@/domain/directory/mod.ts");
    assert.ok(await purgeTombstones(app.runtime.directory!) >= 1);
    const raw = await client.api.GET("/api/directory/v1/users", {
      params: { query: { updatedSince: start.dataVersion } },
    });
    assert.equal(raw.response.status, 410, "the ledger no longer keeps these changes");

    const stale = { ...copy.values().next().value!, id: crypto.randomUUID() };
    copy.set(stale.id, stale);
    const resynced = await syncFeed(client, "users", mapSink(copy), { since: start.dataVersion });
    assert.equal(resynced.mode, "full");
    assert.ok(!copy.has(stale.id), "a record the ledger does not hold is dropped");
    assert.deepEqual(versions(copy), await ledgerUsers());
  });

  it("passes on errors other than resync_required", async () => {
    const broken = clientOf(app, { key: "not-a-key-of-any-portal-0123456789" });
    const err = await syncFeed(broken, "users", mapSink(new Map()), { since: 1 }).catch((e) => e);
    assert.ok(err instanceof PortalError);
    assert.deepEqual([err.status, err.code], [401, "unauthorized"]);
  });
});

describe("the ontology pack", () => {
  it("is re-read only when its ETag changes, a 304 reusing the kept pack", async () => {
    const statuses: number[] = [];
    const cache = new OntologyPackCache(clientOf(app, { statuses }));
    const first = await cache.refresh();
    const again = await cache.refresh();
    assert.deepEqual([first.changed, again.changed, again.etag], [true, false, first.etag]);
    assert.deepEqual(statuses, [200, 304]);
    assert.deepEqual(again.pack, first.pack);

    const proposed = await app.portal("/glossary/term-proposals", {
      method: "POST",
      json: { terms: [{ notation: "연차" }] },
    });
    const id = (await body<{ data: { proposed: { id: string }[] } }>(proposed)).data.proposed[0].id;
    assert.equal((await app.admin(`/terms/${id}/approve`, { method: "POST" })).status, 200);
    const changed = await cache.refresh();
    assert.equal(changed.changed, true);
    assert.notEqual(changed.etag, first.etag);
    assert.ok(changed.pack.concepts.some((c) => c.notation === "연차"));
  });
});

describe("publishing a snapshot", () => {
  async function* entriesOf(users: DirectoryUser[]) {
    for (const u of users) {
      yield { userId: u.id, assignments: [{ kind: "ROLE" as const, key: "reader", label: "읽기" }] };
    }
  }

  it("streams the entries, gzip-compressed or plain, and replaces the portal's snapshot", async () => {
    const { items } = await readAll((cursor) =>
      client.api.GET("/api/directory/v1/users", { params: { query: { limit: 1000, cursor } } }).then(unwrap)
    );
    const users = items as DirectoryUser[];
    for (const gzip of [true, false]) {
      const receipt = await publishSnapshot(client, {
        portalId: "portal-a",
        sourceVersion: `stream-${gzip}`,
        entries: () => entriesOf(users),
      }, { gzip });
      assert.deepEqual([receipt.userCount, receipt.assignmentCount, receipt.sourceVersion], [
        users.length,
        users.length,
        `stream-${gzip}`,
      ]);
    }
  });

  it("throws the service's refusal: an unknown user, another portal's id", async () => {
    const unknown = crypto.randomUUID();
    const err = await publishSnapshot(client, {
      portalId: "portal-a",
      sourceVersion: "bad",
      entries: () => [{ userId: unknown, assignments: [] }],
    }).catch((e) => e);
    assert.ok(err instanceof PortalError);
    assert.deepEqual([err.status, err.code, err.problem.unknownUserIds], [422, "unknown_user_ids", [unknown]]);
    const other = await publishSnapshot(clientOf(app, { key: PORTAL_B_KEY }), {
      portalId: "portal-a",
      sourceVersion: "x",
      entries: () => [],
    }).catch((e) => e);
    assert.deepEqual([other.status, other.code], [403, "portal_mismatch"]);
  });
});
