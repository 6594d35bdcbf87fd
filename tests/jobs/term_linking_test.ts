import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type List, startTestApp, type TestApp } from "../_helpers/app.ts";
import { dictionaryCache, linkContentBody, type schemas } from "@/domain/directory/mod.ts";

let app: TestApp;
const ids: Record<string, string> = {};
before(async () => {
  app = await startTestApp({}, { workers: true });
  const res = await app.portal("/glossary/term-proposals", {
    method: "POST",
    json: {
      terms: [
        { notation: "인공지능", aliases: ["AI"] },
        { notation: "인공지능 윤리" },
        { notation: "API", aliases: ["응용 프로그램 인터페이스"] },
        { notation: "사과" },
        { notation: "초안용어" },
      ],
    },
  });
  for (const p of (await body<Item<schemas.ProposalResult>>(res)).data.proposed) ids[p.notation] = p.id;
  for (const n of ["인공지능", "인공지능 윤리", "API", "사과"]) {
    await app.admin(`/terms/${ids[n]}/approve`, { method: "POST" });
  }
});
after(async () => {
  await app.stop();
});

async function queue(
  contentKey: string,
  bodyText: string,
  extra: Record<string, unknown> = {},
): Promise<schemas.ContentBodyStatus> {
  const res = await app.portal("/content-bodies", {
    method: "POST",
    json: { contentKey, body: bodyText, contentType: "text/html", ...extra },
  });
  assert.equal(res.status, 202, await res.clone().text());
  const { jobId } = (await body<Item<schemas.ContentBodyQueued>>(res)).data;
  const end = Date.now() + 15_000;
  while (Date.now() < end) {
    const job = (await body<Item<schemas.ContentBodyStatus>>(await app.portal(`/content-bodies/${jobId}`))).data;
    if (job.status === "done") return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the job was not linked in time");
}

const liveLinks = async (contentKey: string) =>
  (await body<List<schemas.Link>>(
    await app.portal(`/content-term-links?contentKey=${contentKey}&includeDeleted=false`),
  ))
    .data.items;

describe("term-linking worker", () => {
  it("links approved terms in Korean and mixed text, with particles, full-width forms and the longest match", async () => {
    const job = await queue(
      "portal-a:post:1",
      "<h1>개요</h1><p><b>인공지능 윤리</b>는 중요하다. ＡＰＩ를 통해 AI에게 묻는다. 사과는 맛있다. 사과나무와 초안용어도 있다.</p>",
    );
    assert.equal(job.result?.termsFound, 4);
    const found = (await liveLinks("portal-a:post:1")).map((l) => l.termId).sort();
    assert.deepEqual(found, [ids["인공지능 윤리"], ids["API"], ids["인공지능"], ids["사과"]].sort());
    assert.ok(found.includes(ids["인공지능 윤리"]), "the longest term at a position wins");
    assert.ok(found.includes(ids["API"]), "full-width ＡＰＩ with a particle");
    assert.ok(found.includes(ids["인공지능"]), "the alias AI with a particle finds its term");
    assert.ok(found.includes(ids["사과"]), "사과는: a term followed by a particle");
    assert.ok(!found.includes(ids["초안용어"]), "a proposed term never links");
    assert.ok((await liveLinks("portal-a:post:1")).every((l) => l.detectedBy === "dictionary"));
    const stored = await app.owner`select body, status from directory.content_bodies where id = ${job.id}`;
    assert.deepEqual({ ...stored[0] }, { body: null, status: "done" }, "the body is deleted once linked");
  });

  it("does not match a term inside a longer word", async () => {
    await queue("portal-a:post:2", "<p>사과나무 아래에서</p>");
    assert.deepEqual(await liveLinks("portal-a:post:2"), []);
  });

  it("tombstones dictionary links no longer found but leaves manual and llm links alone", async () => {
    await queue("portal-a:post:3", "<p>사과와 API</p>");
    await app.portal("/content-term-links", {
      method: "POST",
      json: { links: [{ contentKey: "portal-a:post:3", termId: ids["인공지능"], detectedBy: "manual" }] },
    });
    const job = await queue("portal-a:post:3", "<p>API만 남았다</p>");
    assert.equal(job.result?.linksTombstoned, 1);
    const live = await liveLinks("portal-a:post:3");
    assert.deepEqual(
      live.map((l) => [l.termId, l.detectedBy]).sort(),
      [[ids["API"], "dictionary"], [ids["인공지능"], "manual"]].sort(),
    );
  });

  it("registers unknown candidate terms and acronyms as proposed terms with the content as evidence, never linked", async () => {
    const job = await queue("portal-a:post:4", "<p>새 LLM 기반 KMS를 API와 연동한다.</p>", {
      candidateTerms: ["지식 그래프", "사과"],
    });
    const proposedNotations = job.result?.proposed;
    assert.ok(Array.isArray(proposedNotations));
    assert.deepEqual(proposedNotations.sort(), ["KMS", "LLM", "지식 그래프"].sort());
    const proposed = (await body<List<schemas.Term>>(await app.admin("/terms?status=proposed&q=KMS"))).data.items[0];
    assert.equal(proposed.evidence[0].contentKey, "portal-a:post:4");
    assert.match(proposed.evidence[0].excerpt ?? "", /KMS/);
    assert.equal(proposed.proposedBy, "portal-a");
    const live = await liveLinks("portal-a:post:4");
    assert.ok(!live.some((l) => l.termId === proposed.id));
  });

  it("changes nothing when a job is redone (a worker crashed after finishing it, or a duplicate delivery)", async () => {
    const job = await queue("portal-a:post:5", "<p>인공지능과 사과</p>");
    const before = await app
      .owner`select content_key, term_id, version, deleted_at from directory.content_term_links order by 1, 2`;
    const v = (await app.owner`select version from directory.ledgers where name = 'glossary'`)[0].version;
    await linkContentBody(app.runtime.directory!, dictionaryCache(app.runtime.directory!), job.id, null);
    const afterRows = await app
      .owner`select content_key, term_id, version, deleted_at from directory.content_term_links order by 1, 2`;
    assert.deepEqual(afterRows, before);
    assert.equal((await app.owner`select version from directory.ledgers where name = 'glossary'`)[0].version, v);
  });

  it("refuses another portal's content key (403), unknown media types and empty bodies (400)", async () => {
    const other = await app.portal("/content-bodies", {
      method: "POST",
      json: { contentKey: "portal-b:x:1", body: "x", contentType: "text/plain" },
    });
    assert.equal(other.status, 403);
    const [{ n }] = await app
      .owner`select count(*)::int as n from directory.content_bodies where content_key = 'portal-b:x:1'`;
    assert.equal(n, 0);
    for (
      const json of [{ contentKey: "portal-a:x:1", body: "x", contentType: "application/pdf" }, {
        contentKey: "portal-a:x:1",
        body: "",
        contentType: "text/plain",
      }]
    ) {
      assert.equal((await app.portal("/content-bodies", { method: "POST", json })).status, 400);
    }
    assert.equal((await app.portal(`/content-bodies/${crypto.randomUUID()}`)).status, 404);
  });
});
