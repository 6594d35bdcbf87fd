import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type List, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";

let app: TestApp;
before(async () => {
  app = await startTestApp();
  await app.admin("/departments", { method: "POST", json: { code: "SALES", name: "영업팀" } });
});
after(async () => {
  await app.stop();
});

const post = (text: string, type: string) =>
  app.admin("/users:import", { method: "POST", body: text, headers: { "content-type": type } });

describe("users import", () => {
  it("imports CSV with quoted cells, a BOM, booleans and department codes, reporting each row", async () => {
    const csv = "\uFEFFloginId,koreanName,englishName,email,deptCode,isDepartmentHead,clearanceLevel,employeeNo\n" +
      'csv.one,"김, 하나",Hana Kim,one@corp.example,SALES,true,2,S-1\n' +
      "csv.two,이둘,,two@corp.example,,no,INTERNAL,\n" +
      "csv.bad,삼셋,,not-an-email,,,,\n" +
      "csv.nodept,사넷,,,NOPE,,,\n";
    const res = await post(csv, "text/csv; charset=utf-8");
    const b = (await body<Item<schemas.UserImportResult>>(res)).data;
    assert.equal(res.status, 200);
    assert.deepEqual([b.created, b.updated, b.unchanged, b.failed], [2, 0, 0, 2]);
    assert.deepEqual(b.results.map((r) => [r.line, r.status]), [[2, "created"], [3, "created"], [4, "failed"], [
      5,
      "failed",
    ]]);
    assert.equal(b.results[2].field, "email");
    assert.equal(b.results[3].field, "deptCode");
    const one = (await body<Item<schemas.DirectoryUser>>(await app.portal(`/users/${b.results[0].id}`))).data;
    assert.equal(one.koreanName, "김, 하나");
    assert.equal(one.deptCode, "SALES");
    assert.equal(one.isDepartmentHead, true);
    assert.equal(one.clearanceLevel, 2);
    assert.equal(
      (await body<List<schemas.DirectoryUser>>(await app.portal("/users?q=csv.bad"))).data.items.length,
      0,
      "failed rows are not written",
    );
  });

  it("imports JSON Lines, updates matched users, keeps unchanged ones at their version", async () => {
    const first = [
      { loginId: "jl.one", koreanName: "제이엘", employmentStatus: "ACTIVE" },
      { loginId: "jl.two", englishName: "JL Two" },
    ].map((r) => JSON.stringify(r)).join("\n");
    const a = (await body<Item<schemas.UserImportResult>>(await post(first, "application/x-ndjson"))).data;
    assert.equal(a.created, 2);
    const v = (await body<Item<schemas.DirectoryUser>>(await app.portal(`/users/${a.results[1].id}`))).data.version;
    const second = [
      JSON.stringify({ loginId: "JL.ONE", employmentStatus: "RETIRED" }),
      "",
      JSON.stringify({ loginId: "jl.two", englishName: "JL Two" }),
      "{not json",
      JSON.stringify({ loginId: "jl.three", koreanName: "셋", headRole: "X" }),
      JSON.stringify({ loginId: "jl.four", koreanName: "넷" }),
      JSON.stringify({ loginId: "jl.four", koreanName: "넷 again" }),
    ].join("\n");
    const b = (await body<Item<schemas.UserImportResult>>(await post(second, "application/x-ndjson"))).data;
    assert.deepEqual(b.results.map((r) => r.status), [
      "updated",
      "unchanged",
      "failed",
      "failed",
      "created",
      "failed",
    ]);
    assert.equal(b.results[2].line, 4);
    assert.equal(b.results[3].field, "headRole");
    assert.match(b.results[5].message ?? "", /twice/);
    const one = (await body<Item<schemas.DirectoryUser>>(await app.portal(`/users/${a.results[0].id}`))).data;
    assert.equal(one.employmentStatus, "RETIRED");
    assert.equal(one.koreanName, "제이엘", "fields the row leaves out are kept");
    assert.equal(
      (await body<Item<schemas.DirectoryUser>>(await app.portal(`/users/${a.results[1].id}`))).data.version,
      v,
    );
    const moves = await app
      .owner`select details from directory.audit_log where action = 'user.employment_status' and target_id = ${
      a.results[0].id ?? null
    }`;
    assert.deepEqual(moves.map((m) => m.details), [{ from: "ACTIVE", to: "RETIRED" }]);
  });

  it("refuses other media types with 415 and an oversized file with 413", async () => {
    const res = await post('{"loginId":"x"}', "application/json");
    assert.equal(res.status, 415);
    assert.equal((await body<Problem>(res)).code, "unsupported_media_type");
    const small = await startTestApp({ MAX_BODY_BYTES: "2048" });
    try {
      const big = "loginId,koreanName\n" + Array.from({ length: 200 }, (_, i) => `bulk.${i},사람${i}`).join("\n");
      const r = await small.admin("/users:import", {
        method: "POST",
        body: big,
        headers: { "content-type": "text/csv" },
      });
      assert.equal(r.status, 413);
      assert.equal((await body<List<schemas.DirectoryUser>>(await small.admin("/users?q=bulk."))).data.items.length, 0);
    } finally {
      await small.stop();
    }
  });

  it("refuses a CSV that cannot be parsed with 400 and writes nothing", async () => {
    const res = await post('loginId,koreanName\n"unterminated,이름\n', "text/csv");
    assert.equal(res.status, 400);
    assert.equal((await body<Problem>(res)).code, "invalid_request");
  });
});
