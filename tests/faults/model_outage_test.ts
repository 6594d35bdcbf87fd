/**
 * The embedding server and the model server down (connection refused) or slow: ingestion
 * gives up after a bounded number of attempts with a clear status while the indexed
 * version stays searchable; search answers from the lexical legs within the question
 * embedding's time limit; answers fail with 503 `unavailable` or 504 `llm_timeout` within
 * PRIVATE_LLM_TIMEOUT_SECONDS, and the service keeps answering everything else meanwhile.
 * (A model answering 500, a slow gateway and an embedding server answering 503 to a
 * search are covered in tests/http/rag_ask_test.ts and rag_search_test.ts.)
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Problem } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { type FakeLlm, startFakeLlm } from "../_helpers/fake_llm.ts";
import { freePort } from "../_helpers/processes.ts";
import { timed, until } from "../_helpers/poll.ts";

/** PRIVATE_LLM_TIMEOUT_SECONDS of the instance. */
const LLM_TIMEOUT_MS = 1_000;
/**
 * What a search may spend waiting for the question's vector before it answers from the lexical
 * legs: the 10 s limit domain/rag/search.ts gives the question embedding, once, not once per attempt.
 */
const QUESTION_EMBEDDING_BUDGET_MS = 10_000;
/** Slack for everything around the call being timed. */
const MARGIN_MS = 2_000;

let rag: RagTestApp;
let llm: FakeLlm;
let handbook: Record<string, unknown>;
let handbookId: string;

const admin = () => rag.token({ admin: true, operator: true, sub: "admin-1", clearance: 3 });

async function settings(patch: Record<string, unknown>) {
  const res = await rag.call("/admin/settings", { method: "PUT", json: patch, token: await admin() });
  assert.equal(res.status, 200, await res.clone().text());
}

async function search(question: string) {
  const { ms, value: res } = await timed(() => rag.call("/search", { method: "POST", json: { question } }));
  return { ms, status: res.status, b: await body<schemas.SearchResponse>(res) };
}

async function ask(question: string, headers: Record<string, string> = {}) {
  const { ms, value: res } = await timed(() => rag.call("/ask", { method: "POST", json: { question }, headers }));
  return { ms, res };
}

const state = async (id: string) => await body<schemas.DocumentState>(await rag.call(`/documents/${id}`));
const refusedUrl = (path: string) => `http://127.0.0.1:${freePort()}${path}`;

/** A new version of the handbook whose text says something v1 does not. */
async function handbookVersion(version: string, text: string) {
  const served = await rag.host.putHashed("/handbook.html", { body: `<h1>직원 안내서</h1><p>${text}</p>` });
  return { ...handbook, sourceVersion: version, checksum: served.sha256, sizeBytes: served.size };
}

before(async () => {
  llm = startFakeLlm("연차는 인사 포털에서 신청합니다 [1].");
  rag = await startRagApp({ PRIVATE_LLM_TIMEOUT_SECONDS: String(LLM_TIMEOUT_MS / 1000) });
  handbook = await rag.document(
    "/handbook.html",
    "<h1>직원 안내서</h1><p>연차 휴가는 인사 포털에서 신청합니다. 주차권은 총무팀에서 받습니다.</p>",
    { title: "직원 안내서" },
  );
  const first = await body<schemas.IngestionResult>(await rag.call("/documents", { method: "POST", json: handbook }));
  assert.equal(first.indexed, true, JSON.stringify(first));
  handbookId = first.documentId;
  await settings({
    ingestion: { maxRetries: 2, backoffMs: 10 },
    llm: { provider: "openai", endpoint: llm.url, model: "fake" },
  });
});
after(async () => {
  await rag.stop();
  await llm.stop();
});

describe("the embedding server down (connection refused)", () => {
  it("fails a new version after a bounded number of attempts, with a clear status, and keeps serving the indexed one", async () => {
    await settings({ embedding: { endpoint: refusedUrl("/v1/embeddings") } });
    try {
      const v2 = await handbookVersion("v2", "연차 휴가는 이제 모바일 앱에서 신청합니다. 주차권은 폐지되었습니다.");
      const res = await rag.call("/documents?wait=false", { method: "POST", json: v2 });
      assert.equal(res.status, 202, await res.clone().text());
      await until("the new version has failed", async () => (await state(handbookId)).status === "failed", 30_000);

      const s = await state(handbookId);
      assert.deepEqual([s.errorCode, s.sourceVersion, s.indexedVersion], ["unavailable", "v2", "v1"]);
      assert.match(s.error ?? "", /^Gave up after 2 attempts: The embedding endpoint failed 3 times: /);
      const [job] = await rag.system((tx) =>
        tx`select attempts, status from rag.ingestion_jobs where document_id = ${handbookId} and source_version = 'v2'`
      );
      assert.deepEqual([job.attempts, job.status], [2, "failed"], "delivered maxRetries times, no more");

      const found = await search("주차권 신청");
      assert.equal(found.status, 200);
      const hit = found.b.contexts.find((c) => c.documentId === handbookId);
      assert.ok(hit, "the document is still found");
      assert.equal(hit.sourceVersion, "v1", "the indexed version is served");
      assert.match(hit.content, /총무팀에서 받습니다/);
      assert.ok(found.b.contexts.every((c) => !/모바일 앱/.test(c.content)), "nothing of the failed version");
    } finally {
      await settings({ embedding: { endpoint: rag.embedding.url } });
    }
    const v3 = await handbookVersion("v3", "연차 휴가는 이제 모바일 앱에서 신청합니다.");
    const again = await body<schemas.IngestionResult>(await rag.call("/documents", { method: "POST", json: v3 }));
    assert.equal(again.indexed, true, `indexes again once the server is back: ${JSON.stringify(again)}`);
  });

  it("still answers searches from the lexical legs, at once", async () => {
    await settings({ embedding: { endpoint: refusedUrl("/v1/embeddings") } });
    try {
      const found = await search("모바일 앱 연차");
      assert.equal(found.status, 200);
      assert.equal(found.b.contexts[0].documentId, handbookId);
      assert.equal(found.b.contexts[0].vector_score, null, "no vector leg");
      assert.ok(found.ms < MARGIN_MS, `search took ${found.ms} ms`);
    } finally {
      await settings({ embedding: { endpoint: rag.embedding.url } });
    }
  });
});

describe("the embedding server slow (holding every request)", () => {
  it("answers a search within the question embedding's time limit and serves the indexed version meanwhile", async () => {
    const before = await state(handbookId);
    const gate = rag.embedding.hold();
    try {
      const v4 = await handbookVersion("v4", "연차 휴가는 사흘 전까지 신청합니다. 주차권은 경비실에서 받습니다.");
      assert.equal((await rag.call("/documents?wait=false", { method: "POST", json: v4 })).status, 202);
      await gate.arrived;
      const found = await search("모바일 앱 연차");
      assert.equal(found.status, 200);
      assert.equal(found.b.contexts[0].documentId, handbookId);
      assert.equal(found.b.contexts[0].sourceVersion, before.indexedVersion, "the indexed version is served");
      assert.equal(found.b.contexts[0].vector_score, null);
      assert.equal((await state(handbookId)).status, "indexing", "the new version waits for the embedding server");
      assert.ok(
        found.ms < QUESTION_EMBEDDING_BUDGET_MS + MARGIN_MS,
        `a search took ${found.ms} ms while the embedding server stalled (bound ${
          QUESTION_EMBEDDING_BUDGET_MS + MARGIN_MS
        } ms)`,
      );
    } finally {
      gate.release();
    }
    await until("the new version is indexed once the server answers", async () => {
      const s = await state(handbookId);
      return s.status === "indexed" && s.indexedVersion === "v4";
    }, 30_000);
  });
});

describe("the model server down or slow", () => {
  it("answers 503 unavailable at once when the model server refuses connections, and keeps answering searches", async () => {
    await settings({ llm: { endpoint: refusedUrl("") } });
    try {
      const { ms, res } = await ask("연차 휴가는 어디서 신청하나요?");
      const problem = await body<Problem>(res);
      assert.deepEqual([res.status, problem.code], [503, "unavailable"]);
      assert.match(res.headers.get("content-type") ?? "", /problem\+json/);
      assert.ok(ms < MARGIN_MS, `ask took ${ms} ms`);
      assert.equal((await search("연차 휴가")).status, 200);
    } finally {
      await settings({ llm: { endpoint: llm.url } });
    }
    const { res } = await ask("연차 휴가는 어디서 신청하나요?");
    assert.equal(res.status, 200, "answers again once the model server is back");
    assert.equal((await body<schemas.Answer>(res)).mode, "local");
  });

  it("answers 504 llm_timeout within PRIVATE_LLM_TIMEOUT_SECONDS when the model is slow, serving other calls meanwhile", async () => {
    llm.delayMs = 3 * LLM_TIMEOUT_MS;
    try {
      const calls = llm.calls.length;
      const slow = ask("연차 휴가는 어디서 신청하나요?");
      await until("the model was called", () => llm.calls.length > calls, 5_000, 20);
      const others = await Promise.all([
        timed(() => rag.app.request("/healthz")),
        timed(() => rag.call(`/documents/${handbookId}`)),
        search("주차권"),
      ]);
      for (const o of others) assert.ok(o.ms < MARGIN_MS, `another call took ${o.ms} ms`);
      assert.equal(others[0].value.status, 200);
      assert.equal(others[1].value.status, 200);
      assert.equal(others[2].status, 200);
      await others[0].value.body?.cancel();
      await others[1].value.body?.cancel();

      const { ms, res } = await slow;
      const problem = await body<Problem>(res);
      assert.deepEqual([res.status, problem.code], [504, "llm_timeout"]);
      assert.ok(ms >= LLM_TIMEOUT_MS - 50, `gave up after ${ms} ms, before the limit`);
      assert.ok(ms < LLM_TIMEOUT_MS + MARGIN_MS, `ask took ${ms} ms`);
    } finally {
      llm.delayMs = 0;
    }
  });

  it("ends a streamed answer with an llm_timeout error event when the model stalls mid-answer", async () => {
    const stalled = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
      await req.body?.cancel();
      const first = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: "연차는 " } }] })}\n\n`;
      // One piece, then silence: the connection stays open and nothing more comes.
      const stream = new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode(first)) });
      return new Response(stream, { headers: { "content-type": "text/event-stream" } });
    });
    await settings({ llm: { endpoint: `http://127.0.0.1:${stalled.addr.port}` } });
    try {
      const { res } = await ask("연차 휴가는 어디서 신청하나요?", { accept: "text/event-stream" });
      assert.equal(res.status, 200);
      const { ms, value: text } = await timed(() => res.text());
      const events = [...text.matchAll(/event: (\w+)\ndata: (.*)\n/g)].map((m) => [m[1], JSON.parse(m[2])] as const);
      assert.equal(events[0][0], "delta");
      assert.deepEqual(events.at(-1), ["error", events.at(-1)![1]]);
      assert.equal(events.at(-1)![1].code, "llm_timeout");
      assert.ok(ms < LLM_TIMEOUT_MS + MARGIN_MS, `the stream ended after ${ms} ms`);
    } finally {
      await settings({ llm: { endpoint: llm.url } });
      await stalled.shutdown();
    }
  });
});
