// deno-lint-ignore-file no-explicit-any
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, startTestApp, type TestApp } from "../_helpers/app.ts";
import { READER_KEY } from "../_helpers/tokens.ts";

type Json = Record<string, any>;

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(async () => {
  await app.stop();
});

const propose = (terms: Json[], key?: string) =>
  app.portal("/glossary/term-proposals", { method: "POST", json: { terms }, key });
const glossaryVersion = async () =>
  Number((await app.owner`select version from directory.ledgers where name = 'glossary'`)[0].version);

async function approved(notation: string, extra: Json = {}): Promise<Json> {
  const res = await propose([{ notation, ...extra }]);
  const id = (await body<Json>(res)).data.proposed[0].id;
  return (await body<Json>(await app.admin(`/terms/${id}/approve`, { method: "POST" }))).data;
}

describe("terms and proposals", () => {
  it("always creates proposed terms and skips notations that exist, width-, case- and space-insensitively", async () => {
    const res = await propose([
      { notation: "API 게이트웨이", definition: "외부 요청의 관문", aliases: ["API GW"], status: "approved" } as Json,
    ]);
    assert.equal(res.status, 400, "a status in a proposal is refused as an unknown field");
    const ok = await body<Json>(
      await propose([{ notation: "API 게이트웨이", definition: "외부 요청의 관문", aliases: ["API GW"] }]),
    );
    assert.equal(ok.data.proposed.length, 1);
    const id = ok.data.proposed[0].id;
    const term = (await body<Json>(await app.admin(`/terms/${id}`))).data;
    assert.equal(term.status, "proposed");
    assert.equal(term.proposedBy, "portal-a");
    for (const variant of ["ＡＰＩ 게이트웨이", "api  게이트웨이", " Api\t게이트웨이 "]) {
      const again = (await body<Json>(await propose([{ notation: variant }]))).data;
      assert.deepEqual(again.proposed, [], variant);
      assert.deepEqual(again.skipped, [{ notation: variant.trim(), reason: "exists", termId: id }], variant);
    }
    const dup = (await body<Json>(await propose([{ notation: "중복어" }, { notation: "중복어" }]))).data;
    assert.equal(dup.proposed.length, 1);
    assert.equal(dup.skipped[0].termId, dup.proposed[0].id, "a repeat within one batch points at the new term");
  });

  it("updates a term over REST without ever changing its status (400 status_not_writable)", async () => {
    const id = (await body<Json>(await propose([{ notation: "정책" }]))).data.proposed[0].id;
    const v = await glossaryVersion();
    const refused = await app.portal(`/glossary/terms/${id}`, {
      method: "PATCH",
      json: { definition: "규칙", status: "approved" },
    });
    assert.equal(refused.status, 400);
    assert.equal((await body<Json>(refused)).code, "status_not_writable");
    assert.equal(await glossaryVersion(), v);
    const ok = await app.portal(`/glossary/terms/${id}`, {
      method: "PATCH",
      json: { definition: "조직의 규칙", aliases: ["폴리시"] },
    });
    const t = (await body<Json>(ok)).data;
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
    const id = (await body<Json>(res)).data.proposed[0].id;
    const links = await body<Json>(await app.portal(`/content-term-links?termId=${id}`));
    assert.equal(links.data.items.length, 0, "no link before approval");
    const t = (await body<Json>(await app.admin(`/terms/${id}/approve`, { method: "POST" }))).data;
    assert.equal(t.status, "approved");
    assert.equal(t.decidedBy, "admin:7");
    const after = (await body<Json>(await app.portal(`/content-term-links?termId=${id}`))).data.items;
    assert.deepEqual(after.map((l: Json) => [l.contentKey, l.portalId, l.detectedBy]), [[
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
      (await body<Json>(await app.admin(`/terms/${id}/deprecate`, { method: "POST" }))).data.status,
      "deprecated",
    );
  });

  it("refuses evidence naming another portal's content with 403 portal_mismatch", async () => {
    const res = await propose([{ notation: "남의것", evidence: [{ kind: "content", contentKey: "portal-b:doc:1" }] }]);
    assert.equal(res.status, 403);
    assert.equal((await body<Json>(res)).code, "portal_mismatch");
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
      assert.equal((await body<Json>(res)).code, "invalid_request");
    }
    assert.equal((await propose([{ notation: "읽기전용" }], READER_KEY)).status, 403);
    assert.equal(await glossaryVersion(), v);
  });
});

describe("ontology", () => {
  let ai: Json, ml: Json, dl: Json;

  it("relates concepts and reference nodes, and refuses a broader cycle", async () => {
    ai = await approved("인공지능", { aliases: ["AI"], scope: "tech" });
    ml = await approved("기계학습", { aliases: ["머신러닝"], abbreviations: ["ML"], scope: "tech" });
    dl = await approved("딥러닝", { scope: "tech" });
    const rel = (json: Json) => app.admin("/relations", { method: "POST", json });
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
      assert.equal((await body<Json>(res)).errors[0].path, "targetId");
    }
    assert.equal((await rel({ sourceId: ai.id, type: "related", targetId: dl.id })).status, 201, "related may loop");
    assert.equal((await rel({ sourceId: ai.id, type: "broader", targetId: crypto.randomUUID() })).status, 404);
    assert.equal((await rel({ sourceId: ai.id, type: "owns", targetId: dl.id })).status, 400);
    assert.equal(await glossaryVersion(), v + 1);
    const detail = (await body<Json>(await app.admin(`/terms/${ai.id}`))).data;
    assert.equal(detail.relations.length, 3, "ml→ai broader, ai→reference node, ai→dl related");
  });

  it("serves the approved pack narrowed by scope, with a strong ETag and 304", async () => {
    await approved("인사평가", { scope: "hr" });
    await propose([{ notation: "미승인개념", scope: "tech" }]);
    const res = await app.portal("/ontology/pack?scope=tech");
    const pack = (await body<Json>(res)).data;
    const etag = res.headers.get("etag")!;
    assert.match(etag, /^"pack-\d+-[\w-]+"$/, "a strong validator");
    const notations = pack.concepts.map((c: Json) => c.notation).sort();
    assert.ok(notations.includes("딥러닝") && notations.includes("기계학습"));
    assert.ok(!notations.includes("인사평가"), "other scopes are left out");
    assert.ok(!notations.includes("미승인개념"), "only approved concepts");
    assert.ok(pack.relations.some((r: Json) => r.sourceId === ai.id && r.targetId === "portal-a:wiki:ai-intro"));
    const cached = await app.portal("/ontology/pack?scope=tech", { headers: { "if-none-match": etag } });
    assert.equal(cached.status, 304);
    assert.equal(await cached.text(), "");
    const both = await app.portal("/ontology/pack?scope=tech&scope=hr");
    assert.notEqual(both.headers.get("etag"), etag);
    await app.admin(`/terms/${dl.id}`, { method: "PATCH", json: { isActive: false } });
    const changed = await app.portal("/ontology/pack?scope=tech", { headers: { "if-none-match": etag } });
    assert.equal(changed.status, 200, "a change to the glossary changes the tag");
    assert.ok(
      !(await body<Json>(changed)).data.concepts.some((c: Json) => c.id === dl.id),
      "inactive concepts leave the pack",
    );
  });

  it("serves the matching dictionary, with tombstones for terms that stopped matching", async () => {
    const first = await body<Json>(await app.portal("/glossary/matching-terms"));
    const ids = first.data.items.map((t: Json) => t.id);
    assert.ok(ids.includes(ml.id) && !ids.includes(dl.id));
    const item = first.data.items.find((t: Json) => t.id === ml.id);
    assert.deepEqual(Object.keys(item).sort(), ["abbreviations", "aliases", "definition", "id", "notation", "version"]);
    const since = first.meta.dataVersion;
    await app.admin(`/terms/${ml.id}/deprecate`, { method: "POST" });
    const feed = (await body<Json>(await app.portal(`/glossary/matching-terms?since=${since}`))).data.items;
    assert.deepEqual(feed.map((t: Json) => [t.id, t.deleted ?? false]), [[ml.id, true]]);
    assert.equal((await app.portal("/glossary/matching-terms?since=-1")).status, 400);
  });
});
