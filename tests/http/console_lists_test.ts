/**
 * The directory console's lists say how many rows their filters match (users, audit log, terms, revisions, links
 * and the dashboard's lists), and the users list is ordered on the server across its pages: a page in an order
 * continues in that order, a cursor is bound to the order it was made with, and an order the list does not offer
 * is a 400 naming the field.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type List, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { ADMIN_KEY, PORTAL_B_KEY } from "../_helpers/tokens.ts";

let app: TestApp;
const LOGINS = Array.from({ length: 27 }, (_, i) => `list.${String((i * 7) % 27).padStart(2, "0")}`);
before(async () => {
  app = await startTestApp();
  for (const [i, loginId] of LOGINS.entries()) {
    const res = await app.admin("/users", {
      method: "POST",
      json: { loginId, koreanName: `목록${i}`, isActive: i % 3 !== 0 },
    });
    assert.equal(res.status, 201, await res.text());
  }
});
after(async () => {
  await app.stop();
});

const screen = (view: string) =>
  app.request(`/console/views/${view}`, { headers: { "x-directory-admin-key": ADMIN_KEY } });

/** The login ids of a users page, the total it reports and the view its next link opens. */
async function usersPage(view: string) {
  const res = await screen(view);
  const html = await res.text();
  assert.equal(res.status, 200, html.slice(0, 300));
  const logins = [...html.matchAll(/<tr data-login="([^"]+)"/g)].map((m) => m[1]);
  const total = /data-total="(\d+)" data-capped="(true|false)"/.exec(html);
  const next = /data-view="(users\?[^"]*cursor=[^"]+)"/.exec(html)?.[1].replaceAll("&amp;", "&");
  return { logins, total: total ? [Number(total[1]), total[2] === "true"] : undefined, next };
}

async function walk(view: string): Promise<string[]> {
  const seen: string[] = [];
  for (let next: string | undefined = view; next;) {
    const page = await usersPage(next);
    seen.push(...page.logins);
    next = page.next;
  }
  return seen;
}

const totalOf = async (view: string) => {
  const res = await screen(view);
  const html = await res.text();
  assert.equal(res.status, 200, html.slice(0, 300));
  return /data-total="(\d+)"/.exec(html)?.[1];
};

describe("directory console glossary lists", () => {
  it("show how many terms, revisions and links their filters match", async () => {
    const proposed = await app.portal("/glossary/term-proposals", {
      method: "POST",
      json: {
        terms: [{ notation: "총계용어가" }, { notation: "총계용어나" }, {
          notation: "총계용어다",
          definition: "처음 정의",
        }],
      },
    });
    assert.ok(proposed.status < 300, await proposed.clone().text());
    const terms = (await body<List<schemas.Term>>(await app.admin("/terms?status=proposed&q=총계"))).data.items;
    const term = terms.find((x) => x.notation === "총계용어다")!;
    const approved = await app.admin(`/terms/${term.id}/approve?version=${term.version}`, { method: "POST" });
    assert.equal(approved.status, 200, await approved.clone().text());
    for (const contentKey of ["portal-a:notice:1", "portal-a:notice:2"]) {
      const linked = await app.admin("/content-term-links", {
        method: "POST",
        json: { contentKey, termId: term.id, confidence: 0.9 },
      });
      assert.ok(linked.status < 300, await linked.clone().text());
    }
    const revision = await app.portal(`/glossary/terms/${term.id}`, {
      method: "PATCH",
      json: { definition: "고친 정의" },
      key: PORTAL_B_KEY,
    });
    assert.equal(revision.status, 202, await revision.clone().text());

    assert.equal(await totalOf("terms?status=proposed&q=총계"), "2");
    assert.equal(await totalOf("terms?status=proposed&q=총계용어나"), "1");
    assert.equal(await totalOf("terms?status=approved&q=총계"), "1");
    assert.equal(await totalOf("revisions?status=pending"), "1");
    assert.equal(await totalOf(`revisions?status=pending&termId=${crypto.randomUUID()}`), undefined);
    assert.equal(await totalOf(`links?termId=${term.id}`), "2");
    assert.equal(await totalOf("links?contentKey=portal-a:notice:2"), "1");
  });
});

describe("directory console dashboard lists", () => {
  it("show how many entries a portal's latest snapshot holds, drifting ones alone, and how many users it changed", async () => {
    const users = (await body<List<schemas.DirectoryUser>>(await app.admin("/users?q=list.&limit=100"))).data.items;
    const inactive = users.filter((u) => !u.isActive).slice(0, 2);
    const entries = [...users.filter((u) => u.isActive).slice(0, 3), ...inactive].map((u) => ({
      userId: u.id,
      assignments: [{ kind: "ROLE", key: "approver", label: "결재자" }],
    }));
    const pushed = await app.portal("/authorization-snapshot", {
      method: "POST",
      json: { portalId: "portal-a", sourceVersion: "lists-1", entries },
    });
    assert.ok(pushed.status < 300, await pushed.clone().text());
    assert.equal(await totalOf("dashboard-portal?portalId=portal-a"), "5");
    assert.equal(await totalOf("dashboard-portal?portalId=portal-a&driftOnly=true"), "2");
    assert.equal(await totalOf("dashboard-changes?portalId=portal-a"), undefined, "a first snapshot changed nobody");
    const changed = [{ ...entries[0], assignments: [{ kind: "ROLE", key: "viewer", label: "열람자" }] }];
    const again = await app.portal("/authorization-snapshot", {
      method: "POST",
      json: { portalId: "portal-a", sourceVersion: "lists-2", entries: [...changed, ...entries.slice(1, 4)] },
    });
    assert.ok(again.status < 300, await again.clone().text());
    assert.equal(await totalOf("dashboard-changes?portalId=portal-a"), "2", "one user changed, one left out");
    assert.equal(await totalOf("dashboard-portal?portalId=portal-a"), "4");
    assert.equal(await totalOf("dashboard-portal?portalId=portal-nobody"), undefined);
  });
});

describe("directory console audit log", () => {
  it("shows how many entries the action filter matches, the same number a walk of its pages finds", async () => {
    let walked = 0;
    let total: string | undefined;
    for (let view: string | undefined = "audit-log?action=user.&limit=20"; view;) {
      const html = await (await screen(view)).text();
      total ??= /data-total="(\d+)"/.exec(html)?.[1];
      walked += (html.split("<tbody>")[1]?.match(/<tr>/g) ?? []).length;
      view = /data-view="(audit-log\?[^"]*cursor=[^"]+)"/.exec(html)?.[1].replaceAll("&amp;", "&");
    }
    assert.ok(walked >= 27, `at least the 27 users' creations: ${walked}`);
    assert.equal(total, String(walked));
    const none = await (await screen("audit-log?action=no.such.action")).text();
    assert.doesNotMatch(none, /data-total=/, "an empty list says so instead of counting");
  });
});

describe("directory console users list", () => {
  it("shows how many users match the filters, not only the page's rows", async () => {
    const all = await usersPage("users?limit=20&q=list.");
    assert.deepEqual([all.logins.length, all.total], [20, [27, false]]);
    const active = await usersPage("users?limit=20&q=list.&onlyActive=true");
    assert.deepEqual(active.total, [18, false]);
    const one = await usersPage("users?q=list.05");
    assert.deepEqual([one.logins, one.total], [["list.05"], [1, false]]);
  });

  it("orders the whole filtered list on the server: the first page descending starts at the last login id", async () => {
    const sorted = [...LOGINS].sort();
    const descending = await usersPage("users?limit=20&q=list.&order=-loginId");
    assert.deepEqual(descending.logins, [...sorted].reverse().slice(0, 20));
    assert.deepEqual(await walk("users?limit=20&q=list.&order=loginId"), sorted);
    assert.deepEqual(await walk("users?limit=20&q=list.&order=-loginId"), [...sorted].reverse());
    const byName = await walk("users?limit=20&q=list.&order=-name");
    assert.equal(byName.length, 27);
    assert.equal(byName[0], LOGINS[9], "목록9 sorts last by name among 목록0..목록26");
  });

  it("keeps the order and the filters on the next page's link", async () => {
    const first = await usersPage("users?limit=20&q=list.&order=-updatedAt");
    assert.match(first.next ?? "", /order=-updatedAt/);
    assert.match(first.next ?? "", /q=list\./);
    const second = await usersPage(first.next!);
    assert.equal(second.logins.length, 7);
    assert.equal(second.logins.filter((l) => first.logins.includes(l)).length, 0);
  });

  it("refuses an order the list does not offer, naming the field", async () => {
    for (const order of ["email", "-", "name;drop", "--name", "Name"]) {
      const res = await screen(`users?order=${encodeURIComponent(order)}`);
      const problem = await body<Problem>(res);
      assert.deepEqual([res.status, problem.code, problem.errors?.[0].path], [400, "invalid_request", "order"], order);
    }
  });

  it("refuses a cursor of one order sent with another, or with none", async () => {
    const { next } = await usersPage("users?limit=20&q=list.&order=name");
    const cursor = new URLSearchParams(next!.split("?")[1]).get("cursor")!;
    for (const order of ["&order=-name", "&order=loginId", ""]) {
      const res = await screen(`users?limit=20&q=list.${order}&cursor=${encodeURIComponent(cursor)}`);
      const problem = await body<Problem>(res);
      assert.equal(res.status, 400, order);
      assert.ok(["cursor_query_mismatch", "invalid_cursor"].includes(problem.code), `${order}: ${problem.code}`);
    }
    const mismatch = await screen(`users?limit=20&q=list.&order=-name&cursor=${encodeURIComponent(cursor)}`);
    assert.equal((await body<Problem>(mismatch)).code, "cursor_query_mismatch");
  });
});
