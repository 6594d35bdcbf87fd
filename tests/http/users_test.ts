import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type List, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { READER_KEY } from "../_helpers/tokens.ts";

type User = schemas.DirectoryUser;
const DEFAULT_COMPANY = "00000000-0000-4000-8000-000000000001";

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(async () => {
  await app.stop();
});

async function createUser(fields: Record<string, unknown>): Promise<User> {
  const res = await app.admin("/users", { method: "POST", json: fields });
  const b = await body<Item<User>>(res);
  assert.equal(res.status, 201, JSON.stringify(b));
  return b.data;
}

async function ledgerVersion(): Promise<number> {
  const [row] = await app.owner`select version from directory.ledgers where name = 'directory'`;
  return Number(row.version);
}

describe("users: happy paths", () => {
  it("creates a user in the default company with derived name and isEmployed", async () => {
    const u = await createUser({ loginId: "hong.gildong", koreanName: "홍길동", englishName: "Gildong Hong" });
    assert.equal(u.companyId, DEFAULT_COMPANY);
    assert.equal(u.name, "홍길동");
    assert.equal(u.isEmployed, true);
    assert.equal(u.employmentStatus, "ACTIVE");
    assert.equal(u.clearanceLevel, 0);
    assert.equal(u.companyDefaultLocale, "ko");
    const res = await app.portal(`/users/${u.id}`);
    assert.equal(res.status, 200);
    assert.deepEqual((await body<Item<User>>(res)).data, u);
  });

  it("falls back to englishName for name when there is no Korean name", async () => {
    const u = await createUser({ loginId: "john.doe", englishName: "John Doe" });
    assert.equal(u.name, "John Doe");
  });

  it("accepts clearance as a level name and stores its rank", async () => {
    const u = await createUser({ loginId: "clear.name", englishName: "C", clearanceLevel: "CONFIDENTIAL" });
    assert.equal(u.clearanceLevel, 2);
  });

  it("updates with the current version, moves employment status and audits the move", async () => {
    const u = await createUser({ loginId: "status.mover", koreanName: "상태이동" });
    const res = await app.admin(`/users/${u.id}`, {
      method: "PATCH",
      json: { version: u.version, employmentStatus: "LEAVE" },
    });
    const updated = (await body<Item<User>>(res)).data;
    assert.equal(res.status, 200);
    assert.equal(updated.employmentStatus, "LEAVE");
    assert.equal(updated.isEmployed, false);
    assert.ok(updated.version > u.version);
    const back = await app.admin(`/users/${u.id}`, {
      method: "PATCH",
      json: { version: updated.version, employmentStatus: "RETIRED" },
    });
    assert.equal(back.status, 200);
    const audit = await body<List<schemas.AuditEntry>>(
      await app.admin(`/audit-log?targetType=user&targetId=${u.id}&action=user.employment_status`),
    );
    const moves = audit.data.items.map((e) => `${e.details.from}->${e.details.to}`);
    assert.deepEqual(moves, ["LEAVE->RETIRED", "ACTIVE->LEAVE"]);
    assert.equal(audit.data.items[0].actorId, "7");
    assert.equal(audit.data.items[0].actorLabel, "test admin");
  });

  it("deactivates idempotently and lists only active users with onlyActive", async () => {
    const u = await createUser({ loginId: "to.deactivate", koreanName: "비활성" });
    const r1 = await app.admin(`/users/${u.id}/deactivate`, { method: "POST" });
    assert.equal((await body<Item<User>>(r1)).data.isActive, false);
    const v = (await body<Item<User>>(await app.admin(`/users/${u.id}`))).data.version;
    const r2 = await app.admin(`/users/${u.id}/deactivate`, { method: "POST" });
    assert.equal((await body<Item<User>>(r2)).data.version, v, "a second deactivate changes nothing");
    const all = await body<List<User>>(await app.portal(`/users?q=to.deactivate`));
    const active = await body<List<User>>(await app.portal(`/users?q=to.deactivate&onlyActive=true`));
    assert.equal(all.data.items.length, 1);
    assert.equal(active.data.items.length, 0);
  });

  it("deletes a user: 404 afterwards, and a tombstone in the change feed", async () => {
    const before = await ledgerVersion();
    const u = await createUser({ loginId: "to.delete", koreanName: "삭제" });
    const del = await app.admin(`/users/${u.id}`, { method: "DELETE" });
    assert.equal(del.status, 200);
    assert.equal((await app.portal(`/users/${u.id}`)).status, 404);
    const feed = await body<List<User | schemas.Tombstone>>(await app.portal(`/users?updatedSince=${before}`));
    const item = feed.data.items.find((i) => i.id === u.id);
    assert.deepEqual(item, {
      id: u.id,
      deleted: true,
      version: (await body<Item<schemas.Tombstone>>(del)).data.version,
    });
  });

  it("matches q case-insensitively on login, names, e-mail and employee number", async () => {
    await createUser({
      loginId: "Search.Target",
      koreanName: "검색대상",
      englishName: "Findable Person",
      email: "finder@corp.example",
      employeeNo: "E-77",
    });
    for (const q of ["search.target", "검색", "FINDABLE", "finder@corp", "e-77"]) {
      const res = await body<List<User>>(await app.portal(`/users?q=${encodeURIComponent(q)}`));
      assert.equal(res.data.items.length, 1, `q=${q}`);
    }
    const none = await body<List<User>>(await app.portal(`/users?q=${encodeURIComponent("%")}`));
    assert.equal(none.data.items.length, 0, "a LIKE wildcard in q is matched literally");
  });

  it("filters by company and treats an empty companyId as all companies", async () => {
    const company = (await body<Item<schemas.Company>>(
      await app.admin("/companies", { method: "POST", json: { code: "ACME", name: "에이크미" } }),
    ))
      .data;
    await createUser({ loginId: "acme.user", koreanName: "에이크미사람", companyId: company.id });
    const only = await body<List<User>>(await app.portal(`/users?companyId=${company.id}`));
    assert.deepEqual(only.data.items.map((u) => u.loginId), ["acme.user"]);
    const all = await body<List<User>>(await app.portal(`/users?companyId=&limit=1000`));
    assert.ok(all.data.items.length > 1);
    assert.equal(all.data.items.find((u) => u.loginId === "acme.user")?.companyDefaultLocale, "ko");
  });

  it("lists with the ledger's dataVersion and generatedAt", async () => {
    const res = await body<List<User>>(await app.portal("/users?limit=1"));
    assert.equal(res.meta.dataVersion, await ledgerVersion());
    assert.ok(!Number.isNaN(Date.parse(res.meta.generatedAt)));
  });
});

describe("users: errors", () => {
  it("refuses a stale version with 409 version_conflict carrying the stored record, and changes nothing", async () => {
    const u = await createUser({ loginId: "conflicted", koreanName: "충돌" });
    await app.admin(`/users/${u.id}`, { method: "PATCH", json: { version: u.version, jobTitle: "책임" } });
    const v = await ledgerVersion();
    const res = await app.admin(`/users/${u.id}`, { method: "PATCH", json: { version: u.version, jobTitle: "선임" } });
    const b = await body<Problem<{ data: User }>>(res);
    assert.equal(res.status, 409);
    assert.equal(b.code, "version_conflict");
    assert.equal(b.data.jobTitle, "책임");
    assert.equal(await ledgerVersion(), v);
  });

  it("refuses headRole, unknown fields, bad e-mail and missing names with 400 naming each field", async () => {
    const v = await ledgerVersion();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ loginId: "x1", koreanName: "가", headRole: "LEADER" }, "headRole"],
      [{ loginId: "x2", koreanName: "가", name: "가" }, "name"],
      [{ loginId: "x3", koreanName: "가", email: "not-an-email" }, "email"],
      [{ loginId: "x4" }, "koreanName"],
      [{ loginId: "", koreanName: "가" }, "loginId"],
      [{ loginId: "x5", koreanName: "가", clearanceLevel: 4 }, "clearanceLevel"],
      [{ loginId: "x6", koreanName: "가", employmentStatus: "FIRED" }, "employmentStatus"],
      [{ loginId: "x7", koreanName: "가", departmentId: "not-a-uuid" }, "departmentId"],
    ];
    for (const [fields, path] of cases) {
      const res = await app.admin("/users", { method: "POST", json: fields });
      const b = await body<Problem>(res);
      assert.equal(res.status, 400, JSON.stringify(fields));
      assert.equal(b.code, "invalid_request");
      assert.equal(res.headers.get("content-type"), "application/problem+json");
      assert.ok(b.errors?.some((e) => e.path === path), `${path} in ${JSON.stringify(b.errors)}`);
    }
    assert.equal(await ledgerVersion(), v, "nothing was written");
  });

  it("refuses a duplicate loginId (any case) and a duplicate employeeNo with 409 conflict", async () => {
    await createUser({ loginId: "dup.login", koreanName: "중복", employeeNo: "N-1" });
    const v = await ledgerVersion();
    const a = await app.admin("/users", { method: "POST", json: { loginId: "DUP.LOGIN", koreanName: "중복2" } });
    assert.equal(a.status, 409);
    assert.equal((await body<Problem>(a)).code, "conflict");
    const b = await app.admin("/users", {
      method: "POST",
      json: { loginId: "other.login", koreanName: "중복3", employeeNo: "N-1" },
    });
    assert.equal(b.status, 409);
    assert.equal(await ledgerVersion(), v);
  });

  it("refuses a department of another company and an unknown company with 422", async () => {
    const c = (await body<Item<schemas.Company>>(
      await app.admin("/companies", { method: "POST", json: { code: "OTHERCO", name: "다른회사" } }),
    ))
      .data;
    const d = (await body<Item<schemas.Department>>(
      await app.admin("/departments", { method: "POST", json: { code: "D1", name: "부서", companyId: c.id } }),
    )).data;
    const v = await ledgerVersion();
    const wrong = await app.admin("/users", {
      method: "POST",
      json: { loginId: "cross.company", koreanName: "교차", departmentId: d.id },
    });
    assert.equal(wrong.status, 422);
    assert.equal((await body<Problem>(wrong)).errors?.[0].path, "departmentId");
    const unknown = await app.admin("/users", {
      method: "POST",
      json: { loginId: "no.company", koreanName: "무소속", companyId: crypto.randomUUID() },
    });
    assert.equal(unknown.status, 422);
    assert.equal(await ledgerVersion(), v);
  });

  it("answers 404 for an unknown user and 400 for a malformed id", async () => {
    const missing = await app.portal(`/users/${crypto.randomUUID()}`);
    assert.equal(missing.status, 404);
    assert.equal((await body<Problem>(missing)).code, "not_found");
    const bad = await app.portal("/users/12345");
    assert.equal(bad.status, 400);
    for (const path of [`/users/${crypto.randomUUID()}`]) {
      for (const [method, json] of [["PATCH", { version: 1, jobTitle: "x" }], ["DELETE", undefined]] as const) {
        const res = await app.admin(path, { method, json });
        assert.equal(res.status, 404, `${method} ${path}`);
      }
      assert.equal((await app.admin(`${path}/deactivate`, { method: "POST" })).status, 404);
    }
  });

  it("refuses a limit above 1000, a negative updatedSince and a tampered cursor", async () => {
    for (const q of ["limit=1001", "limit=0", "updatedSince=-1", "onlyActive=maybe", "companyId=nope"]) {
      const res = await app.portal(`/users?${q}`);
      assert.equal(res.status, 400, q);
      assert.equal((await body<Problem>(res)).code, "invalid_request");
    }
    await createUser({ loginId: "page.one", koreanName: "하나" });
    await createUser({ loginId: "page.two", koreanName: "둘" });
    const first = await body<List<User>>(await app.portal("/users?limit=1"));
    const cursor = first.data.nextCursor;
    assert.ok(cursor);
    const flipped = cursor.slice(0, 3) + (cursor[3] === "A" ? "B" : "A") + cursor.slice(4);
    for (const bad of [flipped, "garbage", `${cursor}.x`]) {
      const res = await app.portal(`/users?cursor=${encodeURIComponent(bad)}`);
      assert.equal(res.status, 400);
      assert.equal((await body<Problem>(res)).code, "invalid_cursor");
    }
    const deptCursor = (await body<List<schemas.Department>>(await app.portal("/departments?limit=1"))).data.nextCursor;
    if (deptCursor) {
      const res = await app.portal(`/users?cursor=${encodeURIComponent(deptCursor)}`);
      assert.equal((await body<Problem>(res)).code, "invalid_cursor", "a cursor of another list is refused");
    }
    const other = await app.portal(`/users?limit=1&q=page&cursor=${encodeURIComponent(cursor)}`);
    assert.equal(other.status, 400, "a cursor sent with other filters than the page that made it");
    const problem = await body<Problem>(other);
    assert.equal(problem.code, "cursor_query_mismatch");
    assert.match(problem.detail ?? "", /other filters/);
    const same = await app.portal(`/users?limit=5&cursor=${encodeURIComponent(cursor)}`);
    assert.equal(same.status, 200, "the page size may change between pages");
  });

  it("refuses a body that is not JSON, malformed JSON and an empty body", async () => {
    const v = await ledgerVersion();
    const text = await app.admin("/users", {
      method: "POST",
      body: "loginId=x",
      headers: { "content-type": "text/plain" },
    });
    assert.equal(text.status, 415);
    assert.equal((await body<Problem>(text)).code, "unsupported_media_type");
    const broken = await app.admin("/users", {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
    });
    assert.equal(broken.status, 400);
    assert.equal((await body<Problem>(broken)).code, "invalid_request");
    const empty = await app.admin("/users", {
      method: "POST",
      body: "",
      headers: { "content-type": "application/json" },
    });
    assert.equal(empty.status, 400);
    assert.equal(await ledgerVersion(), v);
  });
});

describe("users: security", () => {
  it("refuses portal reads without a credential and with a credential lacking directory:read", async () => {
    const none = await app.request("/api/directory/v1/users");
    assert.equal(none.status, 401);
    assert.equal((await body<Problem>(none)).code, "unauthorized");
    const reader = await app.portal("/users", { key: READER_KEY });
    assert.equal(reader.status, 200);
  });

  it("refuses admin calls with a portal key", async () => {
    const res = await app.request("/api/directory/v1/admin/users", {
      headers: { "x-directory-admin-key": "test-portal-a-key-0123456789abcdef" },
    });
    assert.equal(res.status, 401);
  });
});
