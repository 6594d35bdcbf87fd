import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type List, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { PORTAL_B_KEY } from "../_helpers/tokens.ts";

type Links = List<schemas.Link>;

let app: TestApp;
const terms: Record<string, string> = {};
before(async () => {
  app = await startTestApp();
  const res = await app.portal("/glossary/term-proposals", {
    method: "POST",
    json: { terms: [{ notation: "승인됨" }, { notation: "대기중" }, { notation: "꺼짐" }, { notation: "둘째" }] },
  });
  for (const p of (await body<Item<schemas.ProposalResult>>(res)).data.proposed) terms[p.notation] = p.id;
  for (const n of ["승인됨", "꺼짐", "둘째"]) await app.admin(`/terms/${terms[n]}/approve`, { method: "POST" });
  await app.admin(`/terms/${terms["꺼짐"]}`, { method: "PATCH", json: { isActive: false } });
});
after(async () => {
  await app.stop();
});

const push = (links: Record<string, unknown>[], key?: string) =>
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
    const r = (await body<Item<schemas.LinkPushResult>>(res)).data;
    assert.equal(res.status, 200);
    assert.equal(r.upserted, 1);
    assert.deepEqual(r.skipped.map((s) => s.reason), ["not_approved", "inactive", "unknown_term"]);
  });

  it("is idempotent: the same batch twice is unchanged the second time, with no new version", async () => {
    const batch = [link("portal-a:doc:2", terms["승인됨"], "llm", 0.8), link("portal-a:doc:2", terms["둘째"])];
    assert.equal((await body<Item<schemas.LinkPushResult>>(await push(batch))).data.upserted, 2);
    const v = (await app.owner`select version from directory.ledgers where name = 'glossary'`)[0].version;
    const again = (await body<Item<schemas.LinkPushResult>>(await push(batch))).data;
    assert.deepEqual([again.upserted, again.unchanged], [0, 2]);
    assert.equal((await app.owner`select version from directory.ledgers where name = 'glossary'`)[0].version, v);
  });

  it("never lets a dictionary push overwrite or revive a manual or llm pair", async () => {
    await push([link("portal-a:doc:3", terms["승인됨"], "manual")]);
    const r = (await body<Item<schemas.LinkPushResult>>(await push([link("portal-a:doc:3", terms["승인됨"])]))).data;
    assert.deepEqual(r.skipped, [{ contentKey: "portal-a:doc:3", termId: terms["승인됨"], reason: "protected" }]);
    await app.portal(`/content-term-links?contentKey=portal-a:doc:3`, { method: "DELETE" });
    const revive =
      (await body<Item<schemas.LinkPushResult>>(await push([link("portal-a:doc:3", terms["승인됨"])]))).data;
    assert.equal(revive.skipped[0].reason, "protected", "a tombstoned manual pair stays dead for dictionary pushes");
    const stored = (await body<Links>(await app.portal(`/content-term-links?contentKey=portal-a:doc:3`))).data.items[0];
    assert.deepEqual([stored.detectedBy, stored.deleted], ["manual", true]);
    const manual =
      (await body<Item<schemas.LinkPushResult>>(await push([link("portal-a:doc:3", terms["승인됨"], "manual")]))).data;
    assert.equal(manual.upserted, 1, "a manual push revives its own pair");
  });

  it("brings a tombstoned pair back live with a new version", async () => {
    await push([link("portal-a:doc:4", terms["승인됨"])]);
    const del = (await body<Item<schemas.LinksTombstoned>>(
      await app.portal(`/content-term-links?contentKey=portal-a:doc:4`, { method: "DELETE" }),
    )).data;
    assert.equal(del.tombstoned, 1);
    const dead = (await body<Links>(await app.portal(`/content-term-links?contentKey=portal-a:doc:4`))).data.items[0];
    assert.equal(dead.deleted, true);
    assert.ok(dead.deletedAt);
    await push([link("portal-a:doc:4", terms["승인됨"])]);
    const live = (await body<Links>(await app.portal(`/content-term-links?contentKey=portal-a:doc:4`))).data.items[0];
    assert.equal(live.deleted, false);
    assert.ok(live.version > dead.version);
  });

  it("refuses another portal's content keys and deletes with 403 portal_mismatch, and never touches other portals' links", async () => {
    const res = await push([link("portal-b:doc:1", terms["승인됨"])]);
    assert.equal(res.status, 403);
    assert.equal((await body<Problem>(res)).code, "portal_mismatch");
    await push([link("portal-b:doc:9", terms["승인됨"])], PORTAL_B_KEY);
    for (const q of ["contentKey=portal-b:doc:9", `termId=${terms["승인됨"]}&portalId=portal-b`]) {
      const del = await app.portal(`/content-term-links?${q}`, { method: "DELETE" });
      assert.equal(del.status, 403, q);
    }
    const byTerm = (await body<Item<schemas.LinksTombstoned>>(
      await app.portal(`/content-term-links?termId=${terms["승인됨"]}`, { method: "DELETE" }),
    )).data;
    assert.ok(byTerm.tombstoned >= 1);
    const theirs = (await body<Links>(await app.portal(`/content-term-links?contentKey=portal-b:doc:9`))).data.items[0];
    assert.equal(theirs.deleted, false, "portal-b's link survived portal-a's delete by term");
  });

  it("filters by content key, portal, term and since, includes terms on request, and pages by cursor", async () => {
    const since = (await body<Links>(await app.portal("/content-term-links?limit=1"))).meta.dataVersion;
    await push([
      link("portal-a:doc:5", terms["승인됨"]),
      link("portal-a:doc:5", terms["둘째"]),
      link("portal-a:doc:6", terms["둘째"]),
    ]);
    const fresh = await body<Links>(await app.portal(`/content-term-links?since=${since}&includeTerm=true&limit=2`));
    assert.equal(fresh.data.items.length, 2);
    assert.ok(fresh.data.items[0].term?.notation);
    const rest = await body<Links>(
      await app.portal(
        `/content-term-links?since=${since}&limit=2&cursor=${encodeURIComponent(fresh.data.nextCursor ?? "")}`,
      ),
    );
    assert.equal(rest.data.items.length, 1);
    assert.equal(rest.data.nextCursor, null);
    const onlyLive =
      (await body<Links>(await app.portal("/content-term-links?portalId=portal-a&includeDeleted=false&limit=1000")))
        .data
        .items;
    assert.ok(onlyLive.every((l) => !l.deleted && l.portalId === "portal-a"));
    const withDead =
      (await body<Links>(await app.portal("/content-term-links?portalId=portal-a&limit=1000"))).data.items;
    assert.ok(withDead.some((l) => l.deleted), "tombstones are included by default");
  });

  it("refuses bad input with 400 and writes nothing", async () => {
    const v = (await app.owner`select version from directory.ledgers where name = 'glossary'`)[0].version;
    const cases = [
      [link("no-portal", terms["승인됨"])],
      [link("portal-a:doc:1", "x")],
      [{ ...link("portal-a:doc:1", terms["승인됨"]), detectedBy: "guess" }],
      [link("portal-a:doc:1", terms["승인됨"], "llm", 1.5)],
      // Nearer zero than a stored real holds: refused, where it used to fail the insert with a 500.
      [link("portal-a:doc:1", terms["승인됨"], "llm", 7e-150)],
      Array.from({ length: 5001 }, (_, i) => link(`portal-a:doc:${i}`, terms["승인됨"])),
    ];
    for (const links of cases) {
      const res = await push(links);
      assert.equal(res.status, 400);
      assert.equal((await body<Problem>(res)).code, "invalid_request");
    }
    const noSelector = await app.portal("/content-term-links", { method: "DELETE" });
    assert.equal(noSelector.status, 400);
    assert.equal((await body<Problem>(noSelector)).code, "invalid_request");
    assert.equal((await app.portal("/content-term-links?cursor=forged")).status, 400);
    assert.equal((await app.owner`select version from directory.ledgers where name = 'glossary'`)[0].version, v);
  });
});

describe("manual links by an administrator", () => {
  const manual = (json: Record<string, unknown>, init: { key?: string } = {}) =>
    init.key
      ? app.portal("/admin/content-term-links", { method: "POST", json, key: init.key })
      : app.admin("/content-term-links", { method: "POST", json });

  it("links a content to an approved term as manual, audited; the same link again changes nothing", async () => {
    const res = await manual({ contentKey: "portal-b:wiki:9", termId: terms["승인됨"], confidence: 1 });
    const created = (await body<Item<schemas.Link>>(res)).data;
    assert.equal(res.status, 201);
    assert.deepEqual(
      [created.contentKey, created.portalId, created.detectedBy, created.deleted, created.term?.notation],
      ["portal-b:wiki:9", "portal-b", "manual", false, "승인됨"],
    );
    const again = await manual({ contentKey: "portal-b:wiki:9", termId: terms["승인됨"], confidence: 1 });
    assert.equal(again.status, 200);
    assert.equal((await body<Item<schemas.Link>>(again)).data.version, created.version);
    const [audit] = await app.owner`select actor_kind, action, target_id, details from directory.audit_log
                                    where action = 'links.manual' order by id desc limit 1`;
    assert.deepEqual([audit.actor_kind, audit.target_id, audit.details.termId], [
      "admin",
      "portal-b:wiki:9",
      terms["승인됨"],
    ]);
  });

  it("raises a dictionary pair to manual, which the portal's dictionary pushes then leave alone", async () => {
    await push([link("portal-a:doc:20", terms["둘째"])]);
    assert.equal((await manual({ contentKey: "portal-a:doc:20", termId: terms["둘째"] })).status, 201);
    const r = (await body<Item<schemas.LinkPushResult>>(await push([link("portal-a:doc:20", terms["둘째"])]))).data;
    assert.deepEqual(r.skipped.map((s) => s.reason), ["protected"]);
    const stored = (await body<Links>(await app.portal(`/content-term-links?contentKey=portal-a:doc:20`))).data;
    assert.deepEqual(stored.items.map((l) => l.detectedBy), ["manual"]);
  });

  it("refuses a term not approved or inactive (422 naming termId), an unknown term (404) and bad keys (400)", async () => {
    const v = (await app.owner`select version from directory.ledgers where name = 'glossary'`)[0].version;
    for (const [termId, message] of [[terms["대기중"], /proposed/], [terms["꺼짐"], /inactive/]] as const) {
      const res = await manual({ contentKey: "portal-a:doc:21", termId });
      const p = await body<Problem>(res);
      assert.deepEqual([res.status, p.code, p.errors?.[0].path], [422, "unprocessable", "termId"]);
      assert.match(p.errors?.[0].message ?? "", message);
    }
    const ghost = await manual({ contentKey: "portal-a:doc:21", termId: crypto.randomUUID() });
    assert.deepEqual([ghost.status, (await body<Problem>(ghost)).code], [404, "not_found"]);
    for (
      const json of [
        { contentKey: "no-colons", termId: terms["승인됨"] },
        { contentKey: "portal-a:doc:21", termId: "x" },
        { contentKey: "portal-a:doc:21", termId: terms["승인됨"], detectedBy: "dictionary" },
        { contentKey: "portal-a:doc:21", termId: terms["승인됨"], confidence: 2 },
      ]
    ) {
      const res = await manual(json);
      assert.deepEqual([res.status, (await body<Problem>(res)).code], [400, "invalid_request"], JSON.stringify(json));
    }
    const portal = await manual({ contentKey: "portal-a:doc:21", termId: terms["승인됨"] }, { key: PORTAL_B_KEY });
    assert.equal(portal.status, 401, "a portal credential is no admin key");
    await portal.body?.cancel();
    assert.equal((await app.owner`select version from directory.ledgers where name = 'glossary'`)[0].version, v);
  });
});
