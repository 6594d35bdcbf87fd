import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type List, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";

type Dept = schemas.Department;

let app: TestApp;
let companyId: string;
before(async () => {
  app = await startTestApp();
  companyId = (await body<Item<schemas.Company>>(
    await app.admin("/companies", { method: "POST", json: { code: "TREE", name: "트리회사" } }),
  )).data
    .id;
});
after(async () => {
  await app.stop();
});

async function dept(code: string, parentId: string | null = null, extra: Record<string, unknown> = {}): Promise<Dept> {
  const res = await app.admin("/departments", {
    method: "POST",
    json: { companyId, code, name: `부서 ${code}`, parentId, ...extra },
  });
  const b = await body<Item<Dept>>(res);
  assert.equal(res.status, 201, JSON.stringify(b));
  return b.data;
}

async function walk(query: string, limit: number): Promise<Dept[]> {
  const items: Dept[] = [];
  let cursor: string | null = null;
  do {
    const q: string = `/departments?companyId=${companyId}&limit=${limit}${query}${
      cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""
    }`;
    const page = await body<List<Dept>>(await app.portal(q));
    items.push(...page.data.items);
    cursor = page.data.nextCursor;
  } while (cursor);
  return items;
}

async function ledgerVersion(): Promise<number> {
  const [row] = await app.owner`select version from directory.ledgers where name = 'directory'`;
  return Number(row.version);
}

describe("departments", () => {
  let root: Dept, a: Dept, b: Dept, a1: Dept, a2: Dept;

  it("lists the tree parents first and siblings by sort order, across pages", async () => {
    root = await dept("ROOT");
    b = await dept("B", root.id, { sortOrder: 20 });
    a = await dept("A", root.id, { sortOrder: 10 });
    a2 = await dept("A2", a.id, { sortOrder: 2 });
    a1 = await dept("A1", a.id, { sortOrder: 1 });
    assert.equal(a1.depth, 2);
    assert.deepEqual(a1.path, [root.id, a.id, a1.id]);
    const items = await walk("", 2);
    assert.deepEqual(items.map((d) => d.code), ["ROOT", "A", "A1", "A2", "B"]);
    const seen = new Set<string>();
    for (const d of items) {
      assert.ok(d.parentId === null || seen.has(d.parentId), `${d.code} after its parent`);
      seen.add(d.id);
    }
  });

  it("moves a subtree, recomputing depth, path and order, and bumps every moved department's version", async () => {
    const before = await ledgerVersion();
    const res = await app.admin(`/departments/${a.id}`, {
      method: "PATCH",
      json: { version: a.version, parentId: b.id },
    });
    assert.equal(res.status, 200, JSON.stringify(await body(res.clone())));
    a = (await body<Item<Dept>>(res)).data;
    assert.equal(a.depth, 2);
    const items = await walk("", 100);
    assert.deepEqual(items.map((d) => d.code), ["ROOT", "B", "A", "A1", "A2"]);
    const moved = items.find((d) => d.code === "A1")!;
    assert.deepEqual(moved.path, [root.id, b.id, a.id, a1.id]);
    assert.equal(moved.depth, 3);
    const feed = await body<List<Dept | schemas.Tombstone>>(await app.portal(`/departments?updatedSince=${before}`));
    assert.deepEqual(new Set(feed.data.items.map((d) => ("deleted" in d ? d.id : d.code))), new Set(["A", "A1", "A2"]));
  });

  it("refuses a move under itself or a descendant (a cycle) with 422 and changes nothing", async () => {
    const v = await ledgerVersion();
    const current = (await body<Item<Dept>>(await app.admin(`/departments/${a.id}`))).data;
    for (const parentId of [a.id, a1.id]) {
      const res = await app.admin(`/departments/${a.id}`, {
        method: "PATCH",
        json: { version: current.version, parentId },
      });
      const bd = await body<Problem>(res);
      assert.equal(res.status, 422, JSON.stringify(bd));
      assert.equal(bd.errors?.[0].path, "parentId");
    }
    assert.equal(await ledgerVersion(), v);
  });

  it("refuses a parent of another company", async () => {
    const other = (await body<Item<Dept>>(
      await app.admin("/departments", { method: "POST", json: { code: "ELSE", name: "다른곳" } }),
    ))
      .data;
    const res = await app.admin("/departments", {
      method: "POST",
      json: { companyId, code: "X", name: "x", parentId: other.id },
    });
    assert.equal(res.status, 422);
  });

  it("keeps codes unique per company (409 duplicate_code, any case) but allows them across companies", async () => {
    const dup = await app.admin("/departments", { method: "POST", json: { companyId, code: "root", name: "중복" } });
    assert.equal(dup.status, 409);
    assert.equal((await body<Problem>(dup)).code, "duplicate_code");
    const elsewhere = await app.admin("/departments", {
      method: "POST",
      json: { code: "ROOT", name: "기본회사 루트" },
    });
    assert.equal(elsewhere.status, 201);
  });

  it("hides an inactive department's whole subtree unless includeInactive", async () => {
    const res = await app.admin(`/departments/${b.id}/deactivate`, { method: "POST" });
    assert.equal((await body<Item<Dept>>(res)).data.isActive, false);
    assert.deepEqual((await walk("", 100)).map((d) => d.code), ["ROOT"]);
    assert.deepEqual((await walk("&includeInactive=true", 100)).map((d) => d.code), ["ROOT", "B", "A", "A1", "A2"]);
    const current = (await body<Item<Dept>>(await app.admin(`/departments/${b.id}`))).data;
    await app.admin(`/departments/${b.id}`, { method: "PATCH", json: { version: current.version, isActive: true } });
  });

  it("gives the users of a renamed department a new version with the new name", async () => {
    const user = (await body<Item<schemas.DirectoryUser>>(
      await app.admin("/users", {
        method: "POST",
        json: { loginId: "in.a2", koreanName: "부서원", companyId, departmentId: a2.id },
      }),
    )).data;
    assert.equal(user.deptCode, "A2");
    const current = (await body<Item<Dept>>(await app.admin(`/departments/${a2.id}`))).data;
    await app.admin(`/departments/${a2.id}`, {
      method: "PATCH",
      json: { version: current.version, code: "A2X", name: "새이름" },
    });
    const after = (await body<Item<schemas.DirectoryUser>>(await app.portal(`/users/${user.id}`))).data;
    assert.equal(after.deptCode, "A2X");
    assert.equal(after.departmentName, "새이름");
    assert.ok(after.version > user.version);
  });

  it("refuses to delete a department with children or users (409), then deletes an empty one as a tombstone", async () => {
    const withChildren = await app.admin(`/departments/${a.id}`, { method: "DELETE" });
    assert.equal(withChildren.status, 409);
    const withUsers = await app.admin(`/departments/${a2.id}`, { method: "DELETE" });
    assert.equal(withUsers.status, 409);
    const v = await ledgerVersion();
    const ok = await app.admin(`/departments/${a1.id}`, { method: "DELETE" });
    assert.equal(ok.status, 200);
    assert.equal((await app.admin(`/departments/${a1.id}`)).status, 404);
    const feed = await body<List<Dept | schemas.Tombstone>>(await app.portal(`/departments?updatedSince=${v}`));
    assert.deepEqual(feed.data.items, [{ id: a1.id, deleted: true, version: v + 1 }]);
  });

  it("refuses bad input with 400 and a stale version with 409", async () => {
    const v = await ledgerVersion();
    for (
      const json of [{ code: "has space", name: "x" }, { code: "OK1" }, { code: "OK2", name: "x", sortOrder: -1 }, {
        code: "OK3",
        name: "x",
        bogus: 1,
      }]
    ) {
      const res = await app.admin("/departments", { method: "POST", json: { companyId, ...json } });
      assert.equal(res.status, 400, JSON.stringify(json));
      assert.equal((await body<Problem>(res)).code, "invalid_request");
    }
    const stale = await app.admin(`/departments/${root.id}`, { method: "PATCH", json: { version: 1, name: "stale" } });
    assert.equal(stale.status, 409);
    assert.equal((await body<Problem<{ data: Dept }>>(stale)).data.id, root.id);
    for (const q of ["limit=1001", "includeInactive=yes", "updatedSince=abc"]) {
      assert.equal((await app.portal(`/departments?${q}`)).status, 400, q);
    }
    assert.equal(await ledgerVersion(), v);
  });
});

describe("companies", () => {
  it("has the default company after migration", async () => {
    const list = await body<List<schemas.Company>>(await app.portal("/companies"));
    const def = list.data.items.find((c) => c.code === "DEFAULT");
    assert.equal(def?.id, "00000000-0000-4000-8000-000000000001");
    assert.equal(typeof list.meta.dataVersion, "number");
  });

  it("keeps codes unique (409 duplicate_code) and refuses bad locales", async () => {
    const dup = await app.admin("/companies", { method: "POST", json: { code: "tree", name: "중복" } });
    assert.equal(dup.status, 409);
    assert.equal((await body<Problem>(dup)).code, "duplicate_code");
    const bad = await app.admin("/companies", {
      method: "POST",
      json: { code: "LOC", name: "x", defaultLocale: "Korean!" },
    });
    assert.equal(bad.status, 400);
  });

  it("carries a locale change to the company's users and departments as new versions", async () => {
    const c = (await body<Item<schemas.Company>>(
      await app.admin("/companies", {
        method: "POST",
        json: { code: "LOCALE", name: "로케일", defaultLocale: "ko" },
      }),
    )).data;
    const u = (await body<Item<schemas.DirectoryUser>>(
      await app.admin("/users", {
        method: "POST",
        json: { loginId: "locale.user", englishName: "L", companyId: c.id },
      }),
    )).data;
    const res = await app.admin(`/companies/${c.id}`, {
      method: "PATCH",
      json: { version: c.version, defaultLocale: "en" },
    });
    assert.equal(res.status, 200);
    const after = (await body<Item<schemas.DirectoryUser>>(await app.portal(`/users/${u.id}`))).data;
    assert.equal(after.companyDefaultLocale, "en");
    assert.ok(after.version > u.version);
  });

  it("refuses to delete the default company or one that still has users, and deletes an empty one", async () => {
    const def = await app.admin("/companies/00000000-0000-4000-8000-000000000001", { method: "DELETE" });
    assert.equal(def.status, 409);
    const busy = await app.admin(`/companies/${companyId}`, { method: "DELETE" });
    assert.equal(busy.status, 409);
    const empty = (await body<Item<schemas.Company>>(
      await app.admin("/companies", { method: "POST", json: { code: "EMPTY", name: "빈회사" } }),
    ))
      .data;
    assert.equal((await app.admin(`/companies/${empty.id}`, { method: "DELETE" })).status, 200);
    assert.equal((await app.admin(`/companies/${empty.id}`)).status, 404);
    const deact =
      (await body<Item<schemas.Company>>(await app.admin(`/companies/${companyId}/deactivate`, { method: "POST" })))
        .data;
    assert.equal(deact.isActive, false);
  });
});
