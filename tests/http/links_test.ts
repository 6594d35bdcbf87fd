// deno-lint-ignore-file no-explicit-any
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, startTestApp, type TestApp } from "../_helpers/app.ts";
import { PORTAL_B_KEY } from "../_helpers/tokens.ts";

type Json = Record<string, any>;

let app: TestApp;
const terms: Record<string, string> = {};
before(async () => {
  app = await startTestApp();
  const res = await app.portal("/glossary/term-proposals", {
    method: "POST",
    json: { terms: [{ notation: "승인됨" }, { notation: "대기중" }, { notation: "꺼짐" }, { notation: "둘째" }] },
  });
  for (const p of (await body<Json>(res)).data.proposed) terms[p.notation] = p.id;
  for (const n of ["승인됨", "꺼짐", "둘째"]) await app.admin(`/terms/${terms[n]}/approve`, { method: "POST" });
  await app.admin(`/terms/${terms["꺼짐"]}`, { method: "PATCH", json: { isActive: false } });
});
after(async () => {
  await app.stop();
});

const push = (links: Json[], key?: string) =>
  app.portal("/content-term-links", { method: "POST", json: { links }, key });
const link = (contentKey: string, termId: string, detectedBy = "dictionary", confidence?: number) => ({
  contentKey,
  termId,
  detectedBy,
  confidence,
});

describe("content-term links", () => {
  it("links only approved, active terms and reports the rest in skipped with a reason", async () => {
    const ghost = crypto.randomUUID();
    const res = await push([
      link("portal-a:doc:1", terms["승인됨"]),
      link("portal-a:doc:1", terms["대기중"]),
      link("portal-a:doc:1", terms["꺼짐"]),
      link("portal-a:doc:1", ghost),
    ]);
    const r = (await body<Json>(res)).data;
    assert.equal(res.status, 200);
    assert.equal(r.upserted, 1);
    assert.deepEqual(r.skipped.map((s: Json) => s.reason), ["not_approved", "inactive", "unknown_term"]);
  });

  it("is idempotent: the same batch twice is unchanged the second time, with no new version", async () => {
    const batch = [link("portal-a:doc:2", terms["승인됨"], "llm", 0.8), link("portal-a:doc:2", terms["둘째"])];
    assert.equal((await body<Json>(await push(batch))).data.upserted, 2);
    const v = (await app.owner`select version from directory.ledgers where name = 'glossary'`)[0].version;
    const again = (await body<Json>(await push(batch))).data;
    assert.deepEqual([again.upserted, again.unchanged], [0, 2]);
    assert.equal((await app.owner`select version from directory.ledgers where name = 'glossary'`)[0].version, v);
  });

  it("never lets a dictionary push overwrite or revive a manual or llm pair", async () => {
    await push([link("portal-a:doc:3", terms["승인됨"], "manual")]);
    const r = (await body<Json>(await push([link("portal-a:doc:3", terms["승인됨"])]))).data;
    assert.deepEqual(r.skipped, [{ contentKey: "portal-a:doc:3", termId: terms["승인됨"], reason: "protected" }]);
    await app.portal(`/content-term-links?contentKey=portal-a:doc:3`, { method: "DELETE" });
    const revive = (await body<Json>(await push([link("portal-a:doc:3", terms["승인됨"])]))).data;
    assert.equal(revive.skipped[0].reason, "protected", "a tombstoned manual pair stays dead for dictionary pushes");
    const stored = (await body<Json>(await app.portal(`/content-term-links?contentKey=portal-a:doc:3`))).data.items[0];
    assert.deepEqual([stored.detectedBy, stored.deleted], ["manual", true]);
    const manual = (await body<Json>(await push([link("portal-a:doc:3", terms["승인됨"], "manual")]))).data;
    assert.equal(manual.upserted, 1, "a manual push revives its own pair");
  });

  it("brings a tombstoned pair back live with a new version", async () => {
    await push([link("portal-a:doc:4", terms["승인됨"])]);
    const del =
      (await body<Json>(await app.portal(`/content-term-links?contentKey=portal-a:doc:4`, { method: "DELETE" }))).data;
    assert.equal(del.tombstoned, 1);
    const dead = (await body<Json>(await app.portal(`/content-term-links?contentKey=portal-a:doc:4`))).data.items[0];
    assert.equal(dead.deleted, true);
    assert.ok(dead.deletedAt);
    await push([link("portal-a:doc:4", terms["승인됨"])]);
    const live = (await body<Json>(await app.portal(`/content-term-links?contentKey=portal-a:doc:4`))).data.items[0];
    assert.equal(live.deleted, false);
    assert.ok(live.version > dead.version);
  });

  it("refuses another portal's content keys and deletes with 403 portal_mismatch, and never touches other portals' links", async () => {
    const res = await push([link("portal-b:doc:1", terms["승인됨"])]);
    assert.equal(res.status, 403);
    assert.equal((await body<Json>(res)).code, "portal_mismatch");
    await push([link("portal-b:doc:9", terms["승인됨"])], PORTAL_B_KEY);
    for (const q of ["contentKey=portal-b:doc:9", `termId=${terms["승인됨"]}&portalId=portal-b`]) {
      const del = await app.portal(`/content-term-links?${q}`, { method: "DELETE" });
      assert.equal(del.status, 403, q);
    }
    const byTerm =
      (await body<Json>(await app.portal(`/content-term-links?termId=${terms["승인됨"]}`, { method: "DELETE" }))).data;
    assert.ok(byTerm.tombstoned >= 1);
    const theirs = (await body<Json>(await app.portal(`/content-term-links?contentKey=portal-b:doc:9`))).data.items[0];
    assert.equal(theirs.deleted, false, "portal-b's link survived portal-a's delete by term");
  });

  it("filters by content key, portal, term and since, includes terms on request, and pages by cursor", async () => {
    const since = (await body<Json>(await app.portal("/content-term-links?limit=1"))).meta.dataVersion;
    await push([
      link("portal-a:doc:5", terms["승인됨"]),
      link("portal-a:doc:5", terms["둘째"]),
      link("portal-a:doc:6", terms["둘째"]),
    ]);
    const fresh = await body<Json>(await app.portal(`/content-term-links?since=${since}&includeTerm=true&limit=2`));
    assert.equal(fresh.data.items.length, 2);
    assert.ok(fresh.data.items[0].term.notation);
    const rest = await body<Json>(
      await app.portal(
        `/content-term-links?since=${since}&limit=2&cursor=${encodeURIComponent(fresh.data.nextCursor)}`,
      ),
    );
    assert.equal(rest.data.items.length, 1);
    assert.equal(rest.data.nextCursor, null);
    const onlyLive =
      (await body<Json>(await app.portal("/content-term-links?portalId=portal-a&includeDeleted=false&limit=1000"))).data
        .items;
    assert.ok(onlyLive.every((l: Json) => !l.deleted && l.portalId === "portal-a"));
    const withDead =
      (await body<Json>(await app.portal("/content-term-links?portalId=portal-a&limit=1000"))).data.items;
    assert.ok(withDead.some((l: Json) => l.deleted), "tombstones are included by default");
  });

  it("refuses bad input with 400 and writes nothing", async () => {
    const v = (await app.owner`select version from directory.ledgers where name = 'glossary'`)[0].version;
    const cases = [
      [link("no-portal", terms["승인됨"])],
      [link("portal-a:doc:1", "x")],
      [{ ...link("portal-a:doc:1", terms["승인됨"]), detectedBy: "guess" }],
      [link("portal-a:doc:1", terms["승인됨"], "llm", 1.5)],
      Array.from({ length: 5001 }, (_, i) => link(`portal-a:doc:${i}`, terms["승인됨"])),
    ];
    for (const links of cases) {
      const res = await push(links);
      assert.equal(res.status, 400);
      assert.equal((await body<Json>(res)).code, "invalid_request");
    }
    const noSelector = await app.portal("/content-term-links", { method: "DELETE" });
    assert.equal(noSelector.status, 400);
    assert.equal((await body<Json>(noSelector)).code, "invalid_request");
    assert.equal((await app.portal("/content-term-links?cursor=forged")).status, 400);
    assert.equal((await app.owner`select version from directory.ledgers where name = 'glossary'`)[0].version, v);
  });
});
