import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type List, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { PORTAL_B_KEY, READER_KEY } from "../_helpers/tokens.ts";

type Group = schemas.UserGroup;

let app: TestApp;
const userIds: string[] = [];
before(async () => {
  app = await startTestApp();
  const rows = Array.from(
    { length: 12 },
    (_, i) => JSON.stringify({ loginId: `member.${i}`, koreanName: `구성원${i}` }),
  );
  const res = await app.admin("/users:import", {
    method: "POST",
    body: rows.join("\n"),
    headers: { "content-type": "application/x-ndjson" },
  });
  for (const r of (await body<Item<schemas.UserImportResult>>(res)).data.results) userIds.push(r.id ?? "");
  userIds.sort();
});
after(async () => {
  await app.stop();
});

const put = (id: string, json: Record<string, unknown>, key?: string) =>
  app.portal(`/user-groups/${id}`, { method: "PUT", json, key });
const groupsVersion = async () =>
  Number((await app.owner`select version from directory.ledgers where name = 'groups'`)[0].version);

async function pullAll(since: number): Promise<{ items: Group[]; dataVersion: number }> {
  const items: Group[] = [];
  let cursor: string | null = null;
  let dataVersion = 0;
  do {
    const res = await app.portal(
      `/user-groups?since=${since}&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    const page: List<Group> = await body<List<Group>>(res);
    assert.equal(res.status, 200, JSON.stringify(page));
    items.push(...page.data.items);
    cursor = page.data.nextCursor;
    dataVersion = page.meta.dataVersion;
  } while (cursor);
  return { items, dataVersion };
}

describe("user groups: pushes and pulls", () => {
  const gid = crypto.randomUUID();

  it("creates a group without baseVersion and pulls it with its members", async () => {
    const res = await put(gid, { code: "TF-1", name: "태스크포스", memberIds: [userIds[1], userIds[0]] });
    const g = (await body<Item<Group>>(res)).data;
    assert.equal(res.status, 200);
    assert.deepEqual(g.memberIds, [userIds[0], userIds[1]]);
    assert.equal(g.deleted, false);
    const pulled = await pullAll(0);
    assert.deepEqual(pulled.items.find((i) => i.id === gid), g);
    assert.equal(pulled.dataVersion, g.version);
  });

  it("refuses an update without baseVersion or with an old one: 409 with the ledger's record, nothing changed", async () => {
    const current = (await pullAll(0)).items.find((i) => i.id === gid)!;
    const v = await groupsVersion();
    for (const baseVersion of [undefined, current.version - 1]) {
      const res = await put(gid, { code: "TF-1", name: "바뀐 이름", baseVersion }, PORTAL_B_KEY);
      const b = await body<Problem<{ data: Group }>>(res);
      assert.equal(res.status, 409);
      assert.equal(b.code, "version_conflict");
      assert.deepEqual(b.data, current);
    }
    assert.equal(await groupsVersion(), v);
  });

  it("updates with the current baseVersion, and a retried push of the same content is a no-op success", async () => {
    const current = (await pullAll(0)).items.find((i) => i.id === gid)!;
    const push = { code: "TF-1", name: "새 이름", memberIds: [userIds[2]], baseVersion: current.version };
    const first = (await body<Item<Group>>(await put(gid, push))).data;
    assert.equal(first.name, "새 이름");
    assert.deepEqual(first.memberIds, [userIds[2]]);
    const v = await groupsVersion();
    const retry = await put(gid, push);
    assert.equal(retry.status, 200);
    assert.deepEqual((await body<Item<Group>>(retry)).data, first);
    assert.equal(await groupsVersion(), v, "no new version for a push that changes nothing");
  });

  it("adds and removes members based on baseVersion; no-op membership pushes succeed as they are", async () => {
    let g = (await pullAll(0)).items.find((i) => i.id === gid)!;
    const stale = await app.portal(`/user-groups/${gid}/members/${userIds[3]}?baseVersion=${g.version - 1}`, {
      method: "PUT",
    });
    assert.equal(stale.status, 409);
    const add = await app.portal(`/user-groups/${gid}/members/${userIds[3]}?baseVersion=${g.version}`, {
      method: "PUT",
    });
    g = (await body<Item<Group>>(add)).data;
    assert.deepEqual(g.memberIds, [userIds[2], userIds[3]].sort());
    const again = await app.portal(`/user-groups/${gid}/members/${userIds[3]}`, { method: "PUT" });
    assert.equal(again.status, 200, "already a member: nothing to conflict with");
    const remove = await app.portal(`/user-groups/${gid}/members/${userIds[2]}?baseVersion=${g.version}`, {
      method: "DELETE",
    });
    assert.deepEqual((await body<Item<Group>>(remove)).data.memberIds, [userIds[3]]);
  });

  it("refuses unknown members with 422 unknown_user_ids listing them, and changes nothing", async () => {
    const g = (await pullAll(0)).items.find((i) => i.id === gid)!;
    const ghost = crypto.randomUUID();
    const v = await groupsVersion();
    const res = await put(gid, { code: "TF-1", name: "x", memberIds: [userIds[0], ghost], baseVersion: g.version });
    const b = await body<Problem<{ unknownUserIds: string[] }>>(res);
    assert.equal(res.status, 422);
    assert.equal(b.code, "unknown_user_ids");
    assert.deepEqual(b.unknownUserIds, [ghost]);
    const member = await app.portal(`/user-groups/${gid}/members/${ghost}?baseVersion=${g.version}`, { method: "PUT" });
    assert.equal((await body<Problem>(member)).code, "unknown_user_ids");
    const create = await put(crypto.randomUUID(), { code: "NEW", name: "x", memberIds: [ghost] });
    assert.equal(create.status, 422);
    assert.equal(await groupsVersion(), v);
  });

  it("deletes based on baseVersion into a tombstone that later pulls carry; deleting again returns it", async () => {
    const since = await groupsVersion();
    const g = (await pullAll(0)).items.find((i) => i.id === gid)!;
    assert.equal((await app.portal(`/user-groups/${gid}`, { method: "DELETE" })).status, 409);
    const del = await app.portal(`/user-groups/${gid}?baseVersion=${g.version}`, { method: "DELETE" });
    const tomb = (await body<Item<Group>>(del)).data;
    assert.equal(tomb.deleted, true);
    assert.deepEqual(tomb.memberIds, []);
    assert.deepEqual((await pullAll(since)).items, [tomb]);
    assert.deepEqual(
      (await body<Item<Group>>(await app.portal(`/user-groups/${gid}`, { method: "DELETE" }))).data,
      tomb,
    );
    assert.equal((await app.portal(`/user-groups/${gid}/members/${userIds[0]}`, { method: "PUT" })).status, 404);
    const revive = await put(gid, { code: "TF-1", name: "부활", baseVersion: tomb.version });
    assert.equal((await body<Item<Group>>(revive)).data.deleted, false);
  });

  it("removes a deleted user from every group, as a new group version", async () => {
    const g2 = crypto.randomUUID();
    const created = (await body<Item<Group>>(
      await put(g2, { code: "LEAVERS", name: "떠날 사람", memberIds: [userIds[10], userIds[11]] }),
    ))
      .data;
    await app.admin(`/users/${userIds[11]}`, { method: "DELETE" });
    const after = (await pullAll(created.version)).items.find((i) => i.id === g2)!;
    assert.deepEqual(after.memberIds, [userIds[10]]);
  });

  it("refuses bad input with 400, unknown groups with 404, and writes nothing", async () => {
    const v = await groupsVersion();
    for (
      const json of [{ name: "no code" }, { code: "X", name: "" }, { code: "X", name: "y", memberIds: ["nope"] }, {
        code: "X",
        name: "y",
        extra: 1,
      }, { code: "X", name: "y", baseVersion: -1 }]
    ) {
      const res = await put(crypto.randomUUID(), json);
      assert.equal(res.status, 400, JSON.stringify(json));
      assert.equal((await body<Problem>(res)).code, "invalid_request");
    }
    assert.equal((await put("not-a-uuid", { code: "X", name: "y" })).status, 400);
    assert.equal(
      (await app.portal(`/user-groups/${crypto.randomUUID()}?baseVersion=1`, { method: "DELETE" })).status,
      404,
    );
    assert.equal((await app.portal(`/user-groups?since=-1`)).status, 400);
    assert.equal((await app.portal(`/user-groups?cursor=forged`)).status, 400);
    assert.equal(await groupsVersion(), v);
  });

  it("refuses a code another live group has (any case) with 409 group_code_conflict, and writes nothing", async () => {
    const holder = crypto.randomUUID();
    const held = (await body<Item<Group>>(await put(holder, { code: "DUP-CODE", name: "먼저" }))).data;
    const other = crypto.randomUUID();
    const mine = (await body<Item<Group>>(await put(other, { code: "MINE", name: "나중" }))).data;
    const v = await groupsVersion();
    for (
      const [id, json, key] of [
        [crypto.randomUUID(), { code: "dup-code", name: "다른 포털" }, PORTAL_B_KEY],
        [other, { code: "Dup-Code", name: "나중", baseVersion: mine.version }, undefined],
      ] as const
    ) {
      const res = await put(id, json, key);
      const problem = await body<Problem>(res);
      assert.deepEqual([res.status, problem.code], [409, "group_code_conflict"], JSON.stringify(problem));
    }
    assert.equal(await groupsVersion(), v, "nothing was written");
    assert.equal(
      (await app.portal(`/user-groups/${holder}?baseVersion=${held.version}`, { method: "DELETE" })).status,
      200,
    );
    assert.equal(
      (await put(crypto.randomUUID(), { code: "dup-code", name: "재사용" })).status,
      200,
      "a tombstone's code is free",
    );
  });

  it("needs directory:sync to push and directory:read to pull", async () => {
    assert.equal((await app.portal("/user-groups", { key: READER_KEY })).status, 200);
    const res = await put(crypto.randomUUID(), { code: "R", name: "r" }, READER_KEY);
    assert.equal(res.status, 403);
    assert.equal((await body<Problem>(res)).code, "insufficient_scope");
  });

  it("answers 410 for a pull older than purged tombstones, but never for a pull from scratch", async () => {
    const g3 = crypto.randomUUID();
    const created = (await body<Item<Group>>(await put(g3, { code: "OLD", name: "오래됨" }))).data;
    const tomb = (await body<Item<Group>>(
      await app.portal(`/user-groups/${g3}?baseVersion=${created.version}`, { method: "DELETE" }),
    ))
      .data;
    await app.owner`update directory.user_groups set deleted_at = now() - interval '40 days' where id = ${g3}`;
    const { purgeTombstones } = await import("@/domain/directory/mod.ts");
    await purgeTombstones(app.runtime.directory!);
    const res = await app.portal(`/user-groups?since=${tomb.version - 1}`);
    assert.equal(res.status, 410);
    assert.equal((await body<Problem>(res)).code, "resync_required");
    assert.equal((await app.portal(`/user-groups?since=0`)).status, 200);
    assert.equal((await app.portal(`/user-groups`)).status, 200);
  });
});

describe("user groups: convergence", () => {
  it("a portal that pulls from since=0 and applies every later pull reaches exactly the ledger's state", async () => {
    let seed = 20241121;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const ids: string[] = Array.from({ length: 6 }, () => crypto.randomUUID());
    const known = new Map<string, number>(); // what the pushing portals believe each group's version is
    const replica = new Map<string, Group>();
    let since = 0;
    const apply = async () => {
      const pulled = await pullAll(since);
      for (const item of pulled.items) replica.set(item.id, item);
      since = pulled.dataVersion;
    };
    await apply();
    for (let step = 0; step < 150; step++) {
      const id = ids[rand(ids.length)];
      const base = known.get(id);
      const key = rand(2) ? undefined : PORTAL_B_KEY;
      const op = rand(10);
      let res: Response;
      if (op < 5) {
        const members = userIds.slice(0, 10).filter(() => rand(3) === 0);
        res = await put(id, {
          code: `G-${id.slice(0, 4)}`,
          name: `그룹 ${step}`,
          memberIds: members,
          baseVersion: base,
        }, key);
      } else if (op < 8) {
        const method = rand(2) ? "PUT" : "DELETE";
        res = await app.portal(`/user-groups/${id}/members/${userIds[rand(10)]}${base ? `?baseVersion=${base}` : ""}`, {
          method,
          key,
        });
      } else {
        res = await app.portal(`/user-groups/${id}${base ? `?baseVersion=${base}` : ""}`, { method: "DELETE", key });
      }
      const b = await body<Item<Group> | Problem<{ data: Group }>>(res);
      assert.ok([200, 404, 409].includes(res.status), `step ${step}: ${res.status} ${JSON.stringify(b)}`);
      if (res.status === 200) known.set(id, b.data.version);
      if (res.status === 409) known.set(id, b.data.version); // the ledger wins: adopt its record
      if (rand(4) === 0) await apply();
    }
    await apply();
    const ledger = await pullAll(0);
    const truth = new Map(ledger.items.map((i) => [i.id, i]));
    assert.deepEqual(
      new Map([...replica].filter(([id]) => ids.includes(id))),
      new Map([...truth].filter(([id]) => ids.includes(id))),
    );
    const rows = await app
      .owner`select g.id, g.version, coalesce(array_agg(m.user_id order by m.user_id) filter (where m.user_id is not null), '{}') as members
      from directory.user_groups g left join directory.user_group_members m on m.group_id = g.id
      where g.id = any(${ids}) and g.deleted_at is null group by g.id`;
    for (const r of rows) assert.deepEqual(replica.get(r.id)?.memberIds, r.members, "replica members equal the tables");
  });
});
