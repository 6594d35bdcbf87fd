/**
 * The directory console's screens answer whatever their query holds with a screen or a problem, never a 500:
 * a malformed id is 400 naming the field, an unknown one 404, and the user box takes a login id as readily
 * as a UUID (a login id used to reach PostgreSQL as a uuid cast and fail with its error in the log).
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { ADMIN_KEY } from "../_helpers/tokens.ts";

let app: TestApp;
let user: schemas.DirectoryUser;
before(async () => {
  app = await startTestApp();
  user = (await body<Item<schemas.DirectoryUser>>(
    await app.admin("/users", { method: "POST", json: { loginId: "Box.Kim", koreanName: "상자김" } }),
  )).data;
});
after(async () => {
  await app.stop();
});

const screen = (view: string) =>
  app.request(`/console/views/${view}`, { headers: { "x-directory-admin-key": ADMIN_KEY } });

describe("directory console screens", () => {
  it("the user box finds a user by login id (any case) or by UUID", async () => {
    for (const typed of ["Box.Kim", "box.kim", ` ${user.id} `, user.id.toUpperCase()]) {
      const res = await screen(`dashboard-user?userId=${encodeURIComponent(typed)}`);
      const html = await res.text();
      assert.equal(res.status, 200, `${typed}: ${html.slice(0, 200)}`);
      assert.match(html, /상자김/, typed);
    }
  });

  it("answers an unknown user with 404 and malformed ids with 400 naming the field, never 500", async () => {
    const unknown = await screen(`dashboard-user?userId=${encodeURIComponent("nobody.here")}`);
    assert.deepEqual([unknown.status, (await body<Problem>(unknown)).code], [404, "not_found"]);
    const cases: Array<[string, string]> = [
      ["user?id=kim", "id"],
      ["user", "id"],
      ["term?id=1%27%20or%201=1", "id"],
      ["group?id=abc", "id"],
      ["departments?companyId=abc", "companyId"],
      ["users?companyId=abc", "companyId"],
      ["links?termId=abc", "termId"],
    ];
    for (const [view, field] of cases) {
      const res = await screen(view);
      const problem = await body<Problem>(res);
      assert.deepEqual([res.status, problem.code, problem.errors?.[0].path], [400, "invalid_request", field], view);
    }
    for (const view of ["user", "term", "group"]) {
      const res = await screen(`${view}?id=${crypto.randomUUID()}`);
      assert.ok(res.status === 404 || res.status === 200, `${view}: ${res.status}`);
      await res.body?.cancel();
    }
  });
});
