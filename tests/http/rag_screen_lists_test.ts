/**
 * The retrieval screen's document list counts the documents its state filter matches (under the administrator's
 * row-level security, as the list) and orders the whole list on the server: by title or update time, pages
 * following the order, a cursor bound to the order and state it was made for, and a bad order a 400. The audit
 * log counts its rows too.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Problem } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";

let rag: RagTestApp;
let admin: string;
let lowClearance: string;
const TITLES = Array.from({ length: 23 }, (_, i) => `제목 ${String((i * 5) % 23).padStart(2, "0")}`);

before(async () => {
  rag = await startRagApp();
  admin = await rag.token({ admin: true, clearance: 3, sub: "admin-lists" });
  lowClearance = await rag.token({ admin: true, clearance: 2, sub: "admin-low" });
  for (const [i, title] of TITLES.entries()) {
    const extra = { title, ...(i === 4 ? { securityLevel: "RESTRICTED" } : {}) };
    const doc = await rag.document(`/list-${i}.html`, `<p>목록 문서 ${i} 본문입니다.</p>`, extra);
    const res = await rag.call("/documents", { method: "POST", json: doc, token: admin });
    assert.ok(res.status < 300, await res.clone().text());
    await body<schemas.IngestionResult>(res);
  }
});

after(async () => {
  await rag?.stop();
});

async function screen(view: string, token = admin) {
  return await rag.app.request(`/views/${view}`, { headers: { authorization: `Bearer ${token}` } });
}

/** The titles of a documents page, the total it reports and the view its next link opens. */
async function documentsPage(view: string, token = admin) {
  const res = await screen(view, token);
  const html = await res.text();
  assert.equal(res.status, 200, html.slice(0, 300));
  const titles = [...html.matchAll(/data-view="document\?id=[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]);
  const total = /data-total="(\d+)"/.exec(html)?.[1];
  const next = /data-view="(documents\?[^"]*cursor=[^"]+)"/.exec(html)?.[1].replaceAll("&amp;", "&");
  return { titles, total: total === undefined ? undefined : Number(total), next };
}

async function walk(view: string, token = admin): Promise<string[]> {
  const seen: string[] = [];
  for (let next: string | undefined = view; next;) {
    const page = await documentsPage(next, token);
    seen.push(...page.titles);
    next = page.next;
  }
  return seen;
}

describe("retrieval screen: audit log total", () => {
  it("counts the audit rows of an action, as many as the list shows, and refuses an unknown action", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await rag.call("/search", { method: "POST", json: { question: `목록 문서 ${i}` } });
      assert.equal(res.status, 200, await res.clone().text());
      await res.body?.cancel();
    }
    const html = await (await screen("audit?action=search&limit=20")).text();
    const rows = [...html.matchAll(/data-audit="\d+"/g)].length;
    assert.ok(rows >= 3, `${rows} rows`);
    assert.equal(/data-total="(\d+)"/.exec(html)?.[1], String(rows));
    const bad = await screen("audit?action=delete");
    assert.deepEqual([bad.status, (await body<Problem>(bad)).errors?.[0].path], [400, "action"]);
  });
});

describe("retrieval screen: document list totals and order", () => {
  it("counts the documents the administrator may see, as many as a walk of the list finds", async () => {
    const first = await documentsPage("documents?limit=20");
    assert.deepEqual([first.titles.length, first.total], [20, 23]);
    assert.equal((await walk("documents?limit=20")).length, 23);
    const low = await documentsPage("documents?limit=20", lowClearance);
    assert.equal(low.total, 22, "the restricted document is neither listed nor counted below its clearance");
    assert.equal((await walk("documents?limit=20", lowClearance)).length, 22);
    assert.equal((await documentsPage("documents?state=indexed&limit=20")).total, 23);
    assert.equal((await documentsPage("documents?state=failed")).total, undefined, "an empty list says so");
  });

  it("orders the whole list by title: the first page descending starts with the last title", async () => {
    const sorted = [...TITLES].sort();
    const descending = await documentsPage("documents?limit=20&order=-title");
    assert.deepEqual(descending.titles, [...sorted].reverse().slice(0, 20));
    assert.equal(descending.total, 23);
    assert.deepEqual(await walk("documents?limit=20&order=title"), sorted);
    assert.deepEqual(await walk("documents?limit=20&order=-title"), [...sorted].reverse());
    const byUpdate = await walk("documents?limit=20&order=-updatedAt");
    assert.deepEqual([...byUpdate].sort(), sorted, "by update time each document once");
  });

  it("refuses an order the list does not offer, naming the field", async () => {
    for (const order of ["securityLevel", "-", "title;", "TITLE"]) {
      const res = await screen(`documents?order=${encodeURIComponent(order)}`);
      const problem = await body<Problem>(res);
      assert.deepEqual([res.status, problem.code, problem.errors?.[0].path], [400, "invalid_request", "order"], order);
    }
  });

  it("refuses a cursor sent with another order or state, or made up", async () => {
    const { next } = await documentsPage("documents?limit=20&order=title");
    const cursor = encodeURIComponent(new URLSearchParams(next!.split("?")[1]).get("cursor")!);
    const cases: Array<[string, string]> = [
      [`documents?limit=20&order=-title&cursor=${cursor}`, "cursor_query_mismatch"],
      [`documents?limit=20&order=title&state=indexed&cursor=${cursor}`, "cursor_query_mismatch"],
      [`documents?limit=20&cursor=${cursor}`, "invalid_cursor"],
      [`documents?limit=20&order=title&cursor=bm90LWpzb24`, "invalid_cursor"],
      [`documents?limit=20&order=title&cursor=${btoa('["title",null,"x","not-a-uuid"]')}`, "invalid_cursor"],
    ];
    for (const [view, code] of cases) {
      const res = await screen(view);
      assert.deepEqual([res.status, (await body<Problem>(res)).code], [400, code], view);
    }
  });
});
