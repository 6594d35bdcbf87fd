import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type List, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { PORTAL_B_KEY, READER_KEY } from "../_helpers/tokens.ts";

type Proposed = Item<schemas.ProposalResult>;

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(async () => {
  await app.stop();
});

const propose = (terms: Record<string, unknown>[], key?: string) =>
  app.portal("/glossary/term-proposals", { method: "POST", json: { terms }, key });
const glossaryVersion = async () =>
  Number((await app.owner`select version from directory.ledgers where name = 'glossary'`)[0].version);

async function approved(notation: string, extra: Record<string, unknown> = {}): Promise<schemas.Term> {
  const res = await propose([{ notation, ...extra }]);
  const id = (await body<Proposed>(res)).data.proposed[0].id;
  return (await body<Item<schemas.Term>>(await app.admin(`/terms/${id}/approve`, { method: "POST" }))).data;
}

describe("terms and proposals", () => {
  it("always creates proposed terms and skips notations that exist, width-, case- and space-insensitively", async () => {
    const res = await propose([
      { notation: "API 게이트웨이", definition: "외부 요청의 관문", aliases: ["API GW"], status: "approved" },
    ]);
    assert.equal(res.status, 400, "a status in a proposal is refused as an unknown field");
    const ok = await body<Proposed>(
      await propose([{ notation: "API 게이트웨이", definition: "외부 요청의 관문", aliases: ["API GW"] }]),
    );
    assert.equal(ok.data.proposed.length, 1);
    const id = ok.data.proposed[0].id;
    const term = (await body<Item<schemas.TermWithRelations>>(await app.admin(`/terms/${id}`))).data;
    assert.equal(term.status, "proposed");
    assert.equal(term.proposedBy, "portal-a");
    for (const variant of ["ＡＰＩ 게이트웨이", "api  게이트웨이", " Api\t게이트웨이 "]) {
      const again = (await body<Proposed>(await propose([{ notation: variant }]))).data;
      assert.deepEqual(again.proposed, [], variant);
      assert.deepEqual(again.skipped, [{ notation: variant.trim(), reason: "exists", termId: id }], variant);
    }
    const dup = (await body<Proposed>(await propose([{ notation: "중복어" }, { notation: "중복어" }]))).data;
    assert.equal(dup.proposed.length, 1);
    assert.equal(dup.skipped[0].termId, dup.proposed[0].id, "a repeat within one batch points at the new term");
  });

  it("updates a term over REST without ever changing its status (400 status_not_writable)", async () => {
    const id = (await body<Proposed>(await propose([{ notation: "정책" }]))).data.proposed[0].id;
    const v = await glossaryVersion();
    const refused = await app.portal(`/glossary/terms/${id}`, {
      method: "PATCH",
      json: { definition: "규칙", status: "approved" },
    });
    assert.equal(refused.status, 400);
    assert.equal((await body<Problem>(refused)).code, "status_not_writable");
    assert.equal(await glossaryVersion(), v);
    const ok = await app.portal(`/glossary/terms/${id}`, {
      method: "PATCH",
      json: { definition: "조직의 규칙", aliases: ["폴리시"] },
    });
    const t = (await body<Item<schemas.Term>>(ok)).data;
    assert.equal(t.status, "proposed");
    assert.equal(t.definition, "조직의 규칙");
    assert.equal((await app.admin(`/terms/${id}`, { method: "PATCH", json: { status: "approved" } })).status, 400);
  });

  it("approves only through the admin API, creating dictionary links for the content named in the evidence", async () => {
    const res = await propose([{
      notation: "검색 증강 생성",
      abbreviations: ["RAG"],
      evidence: [{ kind: "content", contentKey: "portal-a:doc:42", excerpt: "검색 증강 생성(RAG)은" }],
    }]);
    const id = (await body<Proposed>(res)).data.proposed[0].id;
    const links = await body<List<schemas.Link>>(await app.portal(`/content-term-links?termId=${id}`));
    assert.equal(links.data.items.length, 0, "no link before approval");
    const t = (await body<Item<schemas.Term>>(await app.admin(`/terms/${id}/approve`, { method: "POST" }))).data;
    assert.equal(t.status, "approved");
    assert.equal(t.decidedBy, "admin:7");
    const after = (await body<List<schemas.Link>>(await app.portal(`/content-term-links?termId=${id}`))).data.items;
    assert.deepEqual(after.map((l) => [l.contentKey, l.portalId, l.detectedBy]), [[
      "portal-a:doc:42",
      "portal-a",
      "dictionary",
    ]]);
    assert.equal(
      (await app.admin(`/terms/${id}/reject`, { method: "POST" })).status,
      409,
      "an approved term cannot be rejected",
    );
    assert.equal(
      (await body<Item<schemas.Term>>(await app.admin(`/terms/${id}/deprecate`, { method: "POST" }))).data.status,
      "deprecated",
    );
  });

  it("refuses evidence naming another portal's content with 403 portal_mismatch", async () => {
    const res = await propose([{ notation: "남의것", evidence: [{ kind: "content", contentKey: "portal-b:doc:1" }] }]);
    assert.equal(res.status, 403);
    assert.equal((await body<Problem>(res)).code, "portal_mismatch");
  });

  it("refuses bad proposals with 400 and writes nothing", async () => {
    const v = await glossaryVersion();
    const many = Array.from({ length: 1001 }, (_, i) => ({ notation: `t${i}` }));
    for (
      const terms of [[], many, [{ notation: "" }], [{
        notation: "x",
        evidence: [{ kind: "url", contentKey: "a:b:c" }],
      }], [{ notation: "x", evidence: [{ kind: "content", contentKey: "no-colons" }] }]]
    ) {
      const res = await propose(terms);
      assert.equal(res.status, 400, JSON.stringify(terms).slice(0, 80));
      assert.equal((await body<Problem>(res)).code, "invalid_request");
    }
    assert.equal((await propose([{ notation: "읽기전용" }], READER_KEY)).status, 403);
    assert.equal(await glossaryVersion(), v);
  });
});

describe("ontology", () => {
  let ai: schemas.Term, ml: schemas.Term, dl: schemas.Term;

  it("relates concepts and reference nodes, and refuses a broader cycle", async () => {
    ai = await approved("인공지능", { aliases: ["AI"], scope: "tech" });
    ml = await approved("기계학습", { aliases: ["머신러닝"], abbreviations: ["ML"], scope: "tech" });
    dl = await approved("딥러닝", { scope: "tech" });
    const rel = (json: Record<string, unknown>) => app.admin("/relations", { method: "POST", json });
    assert.equal((await rel({ sourceId: ml.id, type: "broader", targetId: ai.id })).status, 201);
    assert.equal((await rel({ sourceId: dl.id, type: "broader", targetId: ml.id })).status, 201);
    assert.equal((await rel({ sourceId: ai.id, type: "references", targetId: "portal-a:wiki:ai-intro" })).status, 201);
    const v = await glossaryVersion();
    for (
      const json of [
        { sourceId: ai.id, type: "broader", targetId: dl.id },
        { sourceId: dl.id, type: "narrower", targetId: ai.id },
        { sourceId: ai.id, type: "broader", targetId: ai.id },
      ]
    ) {
      const res = await rel(json);
      assert.equal(res.status, 422, JSON.stringify(json));
      assert.equal((await body<Problem>(res)).errors?.[0].path, "targetId");
    }
    assert.equal((await rel({ sourceId: ai.id, type: "related", targetId: dl.id })).status, 201, "related may loop");
    assert.equal((await rel({ sourceId: ai.id, type: "broader", targetId: crypto.randomUUID() })).status, 404);
    assert.equal((await rel({ sourceId: ai.id, type: "owns", targetId: dl.id })).status, 400);
    assert.equal(await glossaryVersion(), v + 1);
    const detail = (await body<Item<schemas.TermWithRelations>>(await app.admin(`/terms/${ai.id}`))).data;
    assert.equal(detail.relations.length, 3, "ml→ai broader, ai→reference node, ai→dl related");
  });

  it("serves the approved pack narrowed by scope, with a strong ETag and 304", async () => {
    await approved("인사평가", { scope: "hr" });
    await propose([{ notation: "미승인개념", scope: "tech" }]);
    const res = await app.portal("/ontology/pack?scope=tech");
    const pack = (await body<Item<schemas.OntologyPack>>(res)).data;
    const etag = res.headers.get("etag")!;
    assert.match(etag, /^"pack-\d+-[\w-]+"$/, "a strong validator");
    const notations = pack.concepts.map((c) => c.notation).sort();
    assert.ok(notations.includes("딥러닝") && notations.includes("기계학습"));
    assert.ok(!notations.includes("인사평가"), "other scopes are left out");
    assert.ok(!notations.includes("미승인개념"), "only approved concepts");
    assert.ok(pack.relations.some((r) => r.sourceId === ai.id && r.targetId === "portal-a:wiki:ai-intro"));
    const cached = await app.portal("/ontology/pack?scope=tech", { headers: { "if-none-match": etag } });
    assert.equal(cached.status, 304);
    assert.equal(await cached.text(), "");
    const both = await app.portal("/ontology/pack?scope=tech&scope=hr");
    assert.notEqual(both.headers.get("etag"), etag);
    await app.admin(`/terms/${dl.id}`, { method: "PATCH", json: { isActive: false } });
    const changed = await app.portal("/ontology/pack?scope=tech", { headers: { "if-none-match": etag } });
    assert.equal(changed.status, 200, "a change to the glossary changes the tag");
    assert.ok(
      !(await body<Item<schemas.OntologyPack>>(changed)).data.concepts.some((c) => c.id === dl.id),
      "inactive concepts leave the pack",
    );
  });

  it("takes scope more than once: each repeat adds a scope (and unscoped concepts stay in)", async () => {
    const everywhere = await approved("회의록");
    const notations = async (path: string) => {
      const res = await app.portal(path);
      const b = await body<Item<schemas.OntologyPack> | List<schemas.MatchingTerm>>(res);
      assert.equal(res.status, 200, JSON.stringify(b));
      return "items" in b.data
        ? b.data.items.map((t) => t.notation).sort()
        : b.data.concepts.map((c) => c.notation).sort();
    };
    assert.deepEqual(await notations("/ontology/pack?scope=tech&scope=hr"), [
      "기계학습",
      "인공지능",
      "인사평가",
      "회의록",
    ]);
    assert.deepEqual(await notations("/ontology/pack?scope=hr"), ["인사평가", "회의록"]);
    assert.deepEqual(await notations("/glossary/matching-terms?scope=hr&scope=tech&scope="), [
      "기계학습",
      "인공지능",
      "인사평가",
      "회의록",
    ]);
    const once = await app.portal("/ontology/pack?scope=hr&scope=tech");
    const twice = await app.portal("/ontology/pack?scope=tech&scope=hr&scope=tech");
    assert.equal(once.headers.get("etag"), twice.headers.get("etag"), "the same scopes are the same pack");
    await Promise.all([once.body?.cancel(), twice.body?.cancel()]);
    const tooMany = Array.from({ length: 51 }, (_, i) => `scope=s${i}`).join("&");
    for (const path of [`/ontology/pack?${tooMany}`, `/glossary/matching-terms?scope=${"x".repeat(101)}&scope=hr`]) {
      const res = await app.portal(path);
      assert.deepEqual([res.status, (await body<Problem>(res)).code], [400, "invalid_request"], path);
    }
    assert.ok(everywhere.scope === null);
  });

  it("serves the matching dictionary, with tombstones for terms that stopped matching", async () => {
    const first = await body<List<schemas.MatchingTerm | schemas.Tombstone>>(
      await app.portal("/glossary/matching-terms"),
    );
    const ids = first.data.items.map((t) => t.id);
    assert.ok(ids.includes(ml.id) && !ids.includes(dl.id));
    const item = first.data.items.find((t) => t.id === ml.id);
    assert.deepEqual(Object.keys(item ?? {}).sort(), [
      "abbreviations",
      "aliases",
      "definition",
      "id",
      "notation",
      "version",
    ]);
    const since = first.meta.dataVersion;
    await app.admin(`/terms/${ml.id}/deprecate`, { method: "POST" });
    const feed = (await body<List<schemas.MatchingTerm | schemas.Tombstone>>(
      await app.portal(`/glossary/matching-terms?since=${since}`),
    )).data.items;
    assert.deepEqual(feed.map((t) => [t.id, "deleted" in t]), [[ml.id, true]]);
    assert.equal((await app.portal("/glossary/matching-terms?since=-1")).status, 400);
  });
});

describe("revisions of approved terms", () => {
  let t: schemas.Term;
  const revise = (json: Record<string, unknown>, key?: string) =>
    app.portal(`/glossary/terms/${t.id}`, { method: "PATCH", json, key });

  it("holds a portal's edit as its one pending revision: a new edit replaces it, an edit back to the text withdraws it", async () => {
    t = await approved("결재선", { definition: "결재가 거치는 순서", aliases: ["결재 라인"], scope: "hr" });
    const first = (await body<Item<schemas.TermRevision>>(await revise({ definition: "초안" }))).data;
    const second = await revise({ definition: "결재가 거치는 순서", aliases: ["결재 라인", "결재경로"], scope: null });
    const b = (await body<Item<schemas.TermRevision>>(second)).data;
    assert.equal(second.status, 202);
    assert.deepEqual(b.changes, { aliases: ["결재 라인", "결재경로"], scope: null }, "only what differs");
    assert.deepEqual(b.current, { aliases: ["결재 라인"], scope: "hr" });
    const byId = (await body<Item<schemas.TermRevision>>(await app.admin(`/term-revisions/${first.id}`))).data;
    assert.equal(byId.status, "superseded");
    const queue = (await body<List<schemas.TermRevision>>(await app.admin(`/term-revisions?termId=${t.id}`))).data;
    assert.deepEqual(queue.items.map((r) => r.id), [b.id], "pending is the default");
    const back = await revise({ aliases: ["결재 라인"], scope: "hr" });
    assert.equal(back.status, 200, "an edit equal to the approved text changes nothing");
    assert.equal((await body<Item<schemas.Term>>(back)).data.version, t.version);
    assert.deepEqual(
      (await body<List<schemas.TermRevision>>(await app.admin(`/term-revisions?termId=${t.id}`))).data.items,
      [],
    );
    const superseded = await body<List<schemas.TermRevision>>(
      await app.admin(`/term-revisions?termId=${t.id}&status=superseded`),
    );
    assert.equal(superseded.data.items.length, 2);
  });

  it("approves a revision once (again: unchanged), refuses the other decision with 409, and audits both", async () => {
    const r = (await body<Item<schemas.TermRevision>>(await revise({ definition: "결재 순서" }, PORTAL_B_KEY))).data;
    const other = (await body<Item<schemas.TermRevision>>(await revise({ abbreviations: ["AL"] }))).data;
    const ok = await app.admin(`/term-revisions/${r.id}/approve`, { method: "POST" });
    const approvedRevision = (await body<Item<schemas.TermRevision>>(ok)).data;
    assert.deepEqual([approvedRevision.status, approvedRevision.decidedBy], ["approved", "admin:7"]);
    const v = await glossaryVersion();
    assert.equal((await app.admin(`/term-revisions/${r.id}/approve`, { method: "POST" })).status, 200);
    const refused = await app.admin(`/term-revisions/${r.id}/reject`, { method: "POST" });
    assert.deepEqual([refused.status, (await body<Problem>(refused)).code], [409, "conflict"]);
    assert.equal(await glossaryVersion(), v, "deciding again writes nothing");
    const still = (await body<Item<schemas.TermRevision>>(await app.admin(`/term-revisions/${other.id}`))).data;
    assert.deepEqual([still.status, still.current], ["pending", { abbreviations: [] }], "the other waits, diffed anew");
    assert.equal((await app.admin(`/term-revisions/${other.id}/reject`, { method: "POST" })).status, 200);
    const term = (await body<Item<schemas.TermWithRelations>>(await app.admin(`/terms/${t.id}`))).data;
    assert.deepEqual([term.definition, term.abbreviations], ["결재 순서", []]);
    const actions = (await app.owner`select action from directory.audit_log where target_id = ${t.id} order by id`)
      .map((a) => a.action);
    for (const action of ["term.revision.propose", "term.revision.approve", "term.revision.reject"]) {
      assert.ok(actions.includes(action), action);
    }
  });

  it("refuses bad ids, statuses and cursors with 400, unknown revisions with 404, portal credentials with 401", async () => {
    for (const path of ["/term-revisions/x", "/term-revisions?status=open", "/term-revisions?cursor=forged"]) {
      const res = await app.admin(path);
      assert.equal(res.status, 400, path);
      await res.body?.cancel();
    }
    const ghost = crypto.randomUUID();
    for (const [path, method] of [[`/term-revisions/${ghost}`, "GET"], [`/term-revisions/${ghost}/approve`, "POST"]]) {
      const res = await app.admin(path, { method });
      assert.deepEqual([res.status, (await body<Problem>(res)).code], [404, "not_found"], path);
    }
    const res = await app.portal("/admin/term-revisions");
    assert.equal(res.status, 401);
    await res.body?.cancel();
    const stale = await app.admin(`/terms/${t.id}/deprecate?version=-1`, { method: "POST" });
    assert.equal(stale.status, 400);
    await stale.body?.cancel();
  });

  it("pages the queue oldest first by a signed cursor", async () => {
    const terms = [await approved("페이지1"), await approved("페이지2"), await approved("페이지3")];
    for (const x of terms) {
      await app.portal(`/glossary/terms/${x.id}`, { method: "PATCH", json: { definition: "고침" } });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: List<schemas.TermRevision> = await body<List<schemas.TermRevision>>(
        await app.admin(`/term-revisions?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
      );
      seen.push(...page.data.items.map((r) => r.notation));
      cursor = page.data.nextCursor;
    } while (cursor);
    assert.deepEqual(seen, ["페이지1", "페이지2", "페이지3"]);
  });
});
