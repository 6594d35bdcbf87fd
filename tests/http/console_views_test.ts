/**
 * The directory console's screens answer whatever their query holds with a screen or a problem, never a 500:
 * a malformed id is 400 naming the field, an unknown one 404, and the user box takes a login id as readily
 * as a UUID (a login id used to reach PostgreSQL as a uuid cast and fail with its error in the log).
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { ADMIN_KEY, PORTAL_B_KEY } from "../_helpers/tokens.ts";

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

  it("shows a sync failure's text only while the resource is failing, not beside a later HEALTHY", async () => {
    const report = (outcome: string, occurredAt: string, error?: string) =>
      app.portal("/sync-status", {
        method: "POST",
        json: { portalId: "portal-a", resource: "users", outcome, occurredAt, ...(error ? { error } : {}) },
      });
    const row = async () => {
      const html = await (await screen("sync-status?lang=en")).text();
      return /<tr data-portal="portal-a" data-resource="users">(.*?)<\/tr>/s.exec(html)?.[1] ?? "";
    };
    assert.equal((await report("failure", "2026-01-01T00:00:00Z", "upstream timed out")).status, 200);
    assert.match(await row(), /<td data-col="error">upstream timed out<\/td>/);
    assert.equal((await report("success", "2026-01-01T01:00:00Z")).status, 200);
    const healthy = await row();
    assert.match(healthy, /badge-healthy/);
    assert.match(healthy, /<td data-col="error"><\/td>/, "no failure text beside HEALTHY");
    assert.match(healthy, /Resolved by a later success/);
  });

  it("shows a revision of a definition as a word diff: only the changed word struck out and inserted", async () => {
    await app.portal("/glossary/term-proposals", {
      method: "POST",
      json: { terms: [{ notation: "품의서", definition: "결재를 받기 위해 올리는 문서" }] },
    });
    const [term] = (await body<{ data: { items: schemas.Term[] } }>(await app.admin("/terms?status=proposed"))).data
      .items;
    assert.equal(
      (await app.admin(`/terms/${term.id}/approve?version=${term.version}`, { method: "POST" })).status,
      200,
    );
    const edit = await app.portal(`/glossary/terms/${term.id}`, {
      method: "PATCH",
      json: { definition: "결재를 받기 위해 작성하는 문서" },
      key: PORTAL_B_KEY,
    });
    assert.equal(edit.status, 202, await edit.clone().text());
    const html = await (await screen("revisions?status=pending")).text();
    assert.match(
      html,
      /data-field="definition">.*?<span class="diff">결재를 받기 위해 <del[^>]*>올리는<\/del><ins[^>]*>작성하는<\/ins> 문서<\/span>/s,
    );
    const termScreen = await (await screen(`term?id=${term.id}`)).text();
    assert.match(termScreen, /<textarea name="definition"[^>]*>결재를 받기 위해 올리는 문서<\/textarea>/);
  });
});
