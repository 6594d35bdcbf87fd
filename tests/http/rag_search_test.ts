import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash, createHmac } from "node:crypto";
import { body, type Problem } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";

let rag: RagTestApp;
const ids: Record<string, string> = {};

const DOCS: Record<string, [title: string, text: string]> = {
  leave: [
    "연차 휴가 규정",
    "직원은 연차 휴가를 사용하기 전에 인사 포털에서 결재를 받아야 합니다. 미사용 연차는 다음 해로 이월되지 않습니다.",
  ],
  travel: [
    "출장 경비 정산",
    "출장 경비는 귀국 후 칠 일 이내에 영수증을 첨부하여 정산합니다. 항공권은 총무팀이 예약합니다.",
  ],
  security: [
    "정보보호 교육",
    "모든 임직원은 매년 정보보호 교육을 이수해야 합니다. 개인정보가 포함된 파일은 암호화하여 전송합니다.",
  ],
  server: ["서버 장애 대응", "서버 장애가 발생하면 운영팀 당직자에게 즉시 연락하고 장애 보고서를 작성합니다."],
  meeting: ["회의실 예약 안내", "회의실은 최대 이 주 전까지 예약할 수 있으며 취소는 하루 전까지 해야 합니다."],
};

before(async () => {
  rag = await startRagApp();
  for (const [key, [title, text]] of Object.entries(DOCS)) {
    const doc = await rag.document(`/${key}.html`, `<h1>${title}</h1><p>${text}</p>`, { title });
    const res = await body<schemas.IngestionResult>(await rag.call("/documents", { method: "POST", json: doc }));
    assert.equal(res.indexed, true, JSON.stringify(res));
    ids[key] = res.documentId;
  }
});
after(async () => {
  await rag.stop();
});

/** Searches as `token`; the body is read as `T`, the contexts by default. */
async function search<T = schemas.SearchResponse>(
  question: string,
  extra: Record<string, unknown> = {},
  token?: string,
) {
  const res = await rag.call("/search", { method: "POST", json: { question, ...extra }, token });
  return { status: res.status, b: await body<T>(res) };
}

describe("search", () => {
  it("finds the document a Korean question is about, first, with every leg's score and rank", async () => {
    const { status, b } = await search("연차 휴가는 어떻게 신청하나요?");
    assert.equal(status, 200, JSON.stringify(b));
    const [top] = b.contexts;
    assert.equal(top.documentId, ids.leave);
    assert.equal(top.title, "연차 휴가 규정");
    for (const key of ["vector_score", "text_score", "bigram_score", "hybrid_score"] as const) {
      assert.equal(typeof top[key], "number", key);
    }
    assert.deepEqual([top.vector_rank, top.text_rank, top.bigram_rank].every((r) => Number.isInteger(r)), true);
    const scores = b.contexts.map((c) => c.hybrid_score);
    assert.deepEqual(scores, [...scores].sort((x: number, y: number) => y - x), "best first");
  });

  it("matches a particle-bearing question word to the plain document word (josa stripped)", async () => {
    const { b } = await search("출장경비를 정산하려면", { legs: ["text"] });
    assert.equal(b.contexts[0].documentId, ids.travel);
    assert.equal(b.contexts[0].vector_score, null);
  });

  it("finds a substring inside a compound word through the bigram leg", async () => {
    const { b } = await search("보호교육", { legs: ["bigram"] });
    assert.equal(b.contexts[0].documentId, ids.security);
  });

  it("honours limit and answers 400 for a bad request", async () => {
    const { b } = await search("규정", { limit: 2 });
    assert.ok(b.contexts.length <= 2);
    for (
      const bad of [
        {},
        { question: "" },
        { question: "   " },
        { question: "x", limit: 0 },
        { question: "x", limit: 51 },
        {
          question: "x",
          legs: ["vector", "vector"],
        },
        { question: "x", legs: ["other"] },
        { question: "x", extra: true },
      ]
    ) {
      const res = await rag.call("/search", { method: "POST", json: bad });
      assert.equal(res.status, 400, JSON.stringify(bad));
      assert.equal((await body<Problem>(res)).code, "invalid_request");
    }
  });

  it("writes an audit row in the same transaction: who, what came back, which settings and directory versions", async () => {
    const { b } = await search("서버 장애가 나면 누구에게 연락하나요", {}, await rag.token({ sub: "auditor-1" }));
    const [row] = await rag.system((tx) =>
      tx`select * from rag.tb_rag_audit_logs where sub = 'auditor-1' and action = 'search' order by id desc limit 1`
    );
    assert.ok(row, "audit row");
    assert.equal(row.tenant_id, rag.tenant);
    assert.equal(row.organization_id, rag.dept.a);
    assert.equal(row.clearance_level, 1);
    assert.match(row.question_hash, /^[0-9a-f]{64}$/);
    // Keyed: whoever guesses the question cannot confirm it by hashing it; only the installation's key reproduces it.
    const question = "서버 장애가 나면 누구에게 연락하나요";
    assert.notEqual(row.question_hash, createHash("sha256").update(question).digest("hex"));
    const [key] = await rag.system((tx) => tx`select secret from rag.service_keys where name = 'question'`);
    assert.equal(row.question_hash, createHmac("sha256", key.secret).update(question).digest("hex"));
    assert.ok(row.settings_version !== null && row.directory_version !== null);
    assert.deepEqual(row.results.map((r: { chunkId: string }) => r.chunkId), b.contexts.map((c) => c.chunkId));
    assert.ok(
      row.results.every((r: { admittedBy: string; sourceVersion: string }) =>
        r.admittedBy === "organization" && r.sourceVersion === "v1"
      ),
    );
    assert.ok(row.latency_ms >= 0);
  });

  it("expands a question with an approved glossary alias", async () => {
    const proposal = await rag.app.portal("/glossary/term-proposals", {
      method: "POST",
      json: { terms: [{ notation: "연차", aliases: ["유급휴가"], abbreviations: [], definition: "연간 유급 휴가" }] },
    });
    assert.equal(proposal.status, 200, await proposal.clone().text());
    const termId = (await proposal.json()).data.proposed[0].id;
    assert.equal((await rag.app.admin(`/terms/${termId}/approve`, { method: "POST" })).status, 200);
    rag.app.runtime.jobs.rag!.ontology.invalidate();
    const { b } = await search("유급휴가", { legs: ["text"] });
    assert.equal(b.contexts[0]?.documentId, ids.leave, JSON.stringify(b));
  });

  it("fails closed with 503 directory_state_stale when organizations are stale", async () => {
    await rag.system((tx) => tx`update rag.sync_state set last_success_at = now() - interval '2 hours'`);
    rag.app.runtime.jobs.rag!.directoryState.invalidate();
    try {
      const { status, b } = await search<Problem>("연차");
      assert.deepEqual([status, b.code], [503, "directory_state_stale"]);
    } finally {
      await rag.sync();
    }
  });

  it("fuses the legs by their configured weights: weight / (rrfK + rank) from each leg that found the chunk", async () => {
    const admin = await rag.token({ admin: true, clearance: 3 });
    const put = (retrieval: Record<string, unknown>) =>
      rag.call("/admin/settings", { method: "PUT", json: { retrieval }, token: admin });
    const was = (await body<schemas.VersionedSettings>(await rag.call("/admin/settings", { token: admin }))).settings
      .retrieval;
    try {
      assert.equal((await put({ rrfK: 7, weights: { vector: 0, text: 2, bigram: 0.5 } })).status, 200);
      const { b } = await search("출장 경비 영수증 정산");
      assert.equal(b.contexts[0].documentId, ids.travel);
      for (const c of b.contexts) {
        const expected = (c.text_rank ? 2 / (7 + c.text_rank) : 0) + (c.bigram_rank ? 0.5 / (7 + c.bigram_rank) : 0);
        assert.ok(Math.abs(c.hybrid_score - expected) < 1e-9, JSON.stringify(c));
        assert.equal(typeof c.vector_score, "number", "a leg weighing 0 still runs and explains");
      }
    } finally {
      await put(was);
    }
  });

  it("scores BM25 from the chunks the caller may see: another department's documents move none of its scores", async () => {
    const question = "정보보호 교육 암호화";
    const textScores = async (token: string) =>
      new Map((await search(question, { legs: ["text"], limit: 50 }, token)).b.contexts.map((c) => [
        c.chunkId,
        c.text_score,
      ]));
    const member = await rag.token();
    const admin = await rag.token({ admin: true, clearance: 3 });
    const [memberBefore, adminBefore] = [await textScores(member), await textScores(admin)];
    const other = await rag.token({ organizationId: rag.dept.b });
    for (let i = 0; i < 3; i++) {
      const doc = await rag.document(
        `/b-security-${i}.html`,
        `<p>정보보호 교육 자료 ${i}. 정보보호 교육은 매년 실시합니다. 암호화 없이 보내지 마십시오.</p>`,
        { organizationIds: [rag.dept.b] },
      );
      const res = await rag.call("/documents", { method: "POST", json: doc, token: other });
      assert.equal(res.status, 200, await res.text());
    }
    assert.deepEqual(await textScores(member), memberBefore, "the member's scores are exactly as before");
    const adminAfter = await textScores(admin);
    assert.equal(adminAfter.size, adminBefore.size + 3, "the administrator sees the new chunks");
    const changed = [...adminBefore].filter(([id, score]) => adminAfter.get(id) !== score);
    assert.ok(changed.length > 0, "statistics over what the administrator sees did change");
  });

  it("searches with the lexical legs when the embedding endpoint is down", async () => {
    rag.embedding.failNext(10);
    const { status, b } = await search("회의실 예약");
    assert.equal(status, 200);
    assert.equal(b.contexts[0].documentId, ids.meeting);
    assert.equal(b.contexts[0].vector_score, null);
  });
});
