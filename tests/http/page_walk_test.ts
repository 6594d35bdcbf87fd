import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type List, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";

type User = schemas.DirectoryUser;

let app: TestApp;
before(async () => {
  app = await startTestApp();
  const rows = Array.from(
    { length: 600 },
    (_, i) => JSON.stringify({ loginId: `walker.${i}`, koreanName: `걷는이${i}` }),
  );
  const res = await app.admin("/users:import", {
    method: "POST",
    body: rows.join("\n"),
    headers: { "content-type": "application/x-ndjson" },
  });
  assert.equal((await body<Item<schemas.UserImportResult>>(res)).data.created, 600);
});
after(async () => {
  await app.stop();
});

describe("page walk under concurrent writes", () => {
  it("returns every user that existed at the start and was not deleted exactly once", async () => {
    const initial = new Map<string, User>();
    let c: string | null = null;
    do {
      const page: List<User> = await body<List<User>>(
        await app.portal(`/users?limit=1000${c ? `&cursor=${encodeURIComponent(c)}` : ""}`),
      );
      for (const u of page.data.items) initial.set(u.id, u);
      c = page.data.nextCursor;
    } while (c);
    const ids = [...initial.keys()];
    const deleted = new Set<string>();
    let stop = false;

    const writer = (async () => {
      let n = 0;
      while (!stop) {
        const victim = ids[(n * 7919) % ids.length];
        const target = ids[(n * 104729 + 13) % ids.length];
        await app.admin("/users", { method: "POST", json: { loginId: `late.${n}`, koreanName: `늦게${n}` } });
        if (!deleted.has(target)) {
          const cur = await app.admin(`/users/${target}`);
          if (cur.status === 200) {
            const u = (await body<Item<User>>(cur)).data;
            await app.admin(`/users/${target}`, { method: "PATCH", json: { version: u.version, jobTitle: `t${n}` } });
          }
        }
        if (n % 3 === 0 && !deleted.has(victim)) {
          deleted.add(victim);
          await app.admin(`/users/${victim}`, { method: "DELETE" });
        }
        n++;
      }
    })();

    const seen = new Map<string, number>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await app.portal(`/users?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      const page = await body<List<User>>(res);
      for (const u of page.data.items) seen.set(u.id, (seen.get(u.id) ?? 0) + 1);
      cursor = page.data.nextCursor;
      pages++;
      await new Promise((r) => setTimeout(r, 2));
    } while (cursor);
    stop = true;
    await writer;

    assert.ok(pages > 20, "the walk spanned many pages while writes happened");
    assert.ok(deleted.size > 0, "deletes happened during the walk");
    for (const [id, count] of seen) assert.equal(count, 1, `user ${id} seen ${count} times`);
    for (const id of ids) {
      if (!deleted.has(id)) assert.equal(seen.get(id), 1, `pre-existing user ${id} missing from the walk`);
    }
  });

  it("follows the change feed in version order to exactly the ledger's state", async () => {
    const start = (await body<List<User>>(await app.portal("/users?limit=1"))).meta.dataVersion;
    const copy = new Map<string, User>();
    const a = (await body<Item<User>>(
      await app.admin("/users", { method: "POST", json: { loginId: "feed.a", koreanName: "가" } }),
    ))
      .data;
    const b = (await body<Item<User>>(
      await app.admin("/users", { method: "POST", json: { loginId: "feed.b", koreanName: "나" } }),
    ))
      .data;
    await app.admin(`/users/${a.id}`, { method: "PATCH", json: { version: a.version, jobTitle: "팀장" } });
    await app.admin(`/users/${b.id}`, { method: "DELETE" });
    let cursor: string | null = null;
    let lastVersion = start;
    do {
      const page: List<User | schemas.Tombstone> = await body<List<User | schemas.Tombstone>>(
        await app.portal(
          `/users?updatedSince=${start}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        ),
      );
      for (const item of page.data.items) {
        assert.ok(item.version >= lastVersion, "version order");
        lastVersion = item.version;
        if ("deleted" in item) copy.delete(item.id);
        else copy.set(item.id, item);
      }
      cursor = page.data.nextCursor;
    } while (cursor);
    assert.equal(copy.get(a.id)?.jobTitle, "팀장");
    assert.equal(copy.has(b.id), false);
  });

  it("emits users that leave an onlyActive feed as tombstones", async () => {
    const u = (await body<Item<User>>(
      await app.admin("/users", { method: "POST", json: { loginId: "leaver", koreanName: "떠남" } }),
    ))
      .data;
    const since = u.version - 1;
    await app.admin(`/users/${u.id}/deactivate`, { method: "POST" });
    const feed = await body<List<User | schemas.Tombstone>>(
      await app.portal(`/users?updatedSince=${since}&onlyActive=true`),
    );
    const left = feed.data.items.find((i) => i.id === u.id);
    assert.deepEqual(left && "deleted" in left ? left.deleted : undefined, true);
  });

  it("carries a user who moved to another company as a tombstone in the old company's feed", async () => {
    const company = async (code: string) =>
      (await body<Item<schemas.Company>>(await app.admin("/companies", { method: "POST", json: { code, name: code } })))
        .data.id;
    const [from, to] = [await company("FROMCO"), await company("TOCO")];
    const create = async (loginId: string) =>
      (await body<Item<User>>(
        await app.admin("/users", { method: "POST", json: { loginId, koreanName: loginId, companyId: from } }),
      )).data;
    const [mover, importee, stayer, returner] = [
      await create("mover"),
      await create("importee"),
      await create("stayer"),
      await create("returner"),
    ];
    const since = (await body<List<User>>(await app.portal("/users?limit=1"))).meta.dataVersion;
    /** A portal's copy of one company's users, kept by following its feed a page of `limit` at a time. */
    const follow = async (companyId: string, limit: number) => {
      const copy = new Map<string, User>();
      const seen: Array<[string, boolean]> = [];
      let cursor: string | null = null;
      do {
        const page: List<User | schemas.Tombstone> = await body<List<User | schemas.Tombstone>>(
          await app.portal(
            `/users?companyId=${companyId}&updatedSince=${since}&limit=${limit}${
              cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""
            }`,
          ),
        );
        for (const item of page.data.items) {
          seen.push([item.id, "deleted" in item]);
          if ("deleted" in item) copy.delete(item.id);
          else copy.set(item.id, item);
        }
        cursor = page.data.nextCursor;
      } while (cursor);
      return { copy, seen };
    };
    const move = async (u: User, companyId: string) => {
      const current = (await body<Item<User>>(await app.admin(`/users/${u.id}`))).data;
      const res = await app.admin(`/users/${u.id}`, { method: "PATCH", json: { version: current.version, companyId } });
      assert.equal(res.status, 200, await res.clone().text());
    };
    await move(mover, to);
    const imported = await app.admin("/users:import", {
      method: "POST",
      body: JSON.stringify({ loginId: "importee", koreanName: "importee", companyId: to }),
      headers: { "content-type": "application/x-ndjson" },
    });
    assert.equal(imported.status, 200, await imported.clone().text());
    await move(returner, to);
    await move(returner, from);
    await app.admin(`/users/${stayer.id}`, { method: "PATCH", json: { version: stayer.version, jobTitle: "남음" } });
    for (const limit of [1, 100]) {
      const old = await follow(from, limit);
      assert.deepEqual(
        old.seen.filter(([id]) => id === mover.id || id === importee.id),
        [[mover.id, true], [importee.id, true]],
        "each mover arrives as a tombstone in the company it left",
      );
      assert.deepEqual([...old.copy.keys()].sort(), [stayer.id, returner.id].sort(), `limit ${limit}`);
      assert.equal(old.seen.filter(([id]) => id === returner.id).at(-1)?.[1], false, "one who came back is live");
      const next = await follow(to, limit);
      assert.deepEqual([...next.copy.keys()].sort(), [mover.id, importee.id].sort(), `limit ${limit}`);
    }
    await app.owner`update directory.user_company_departures set departed_at = now() - interval '40 days'
                    where user_id = ${mover.id}`;
    const { purgeTombstones } = await import("@/domain/directory/mod.ts");
    assert.equal(await purgeTombstones(app.runtime.directory!), 1);
    const res = await app.portal(`/users?companyId=${from}&updatedSince=${since}`);
    assert.deepEqual([res.status, (await body<Problem>(res)).code], [410, "resync_required"], "a purged move");
  });

  it("answers 410 resync_required for a feed older than the purged tombstones", async () => {
    const u = (await body<Item<User>>(
      await app.admin("/users", { method: "POST", json: { loginId: "purged", koreanName: "지움" } }),
    ))
      .data;
    const del = (await body<Item<schemas.Tombstone>>(await app.admin(`/users/${u.id}`, { method: "DELETE" }))).data;
    await app.owner`update directory.users set deleted_at = now() - interval '40 days' where id = ${u.id}`;
    const { purgeTombstones } = await import("@/domain/directory/mod.ts");
    assert.ok(await purgeTombstones(app.runtime.directory!) >= 1);
    const res = await app.portal(`/users?updatedSince=${del.version - 1}`);
    assert.equal(res.status, 410);
    assert.equal((await body<Problem>(res)).code, "resync_required");
    assert.equal((await app.portal(`/users?updatedSince=${del.version}`)).status, 200);
  });
});
