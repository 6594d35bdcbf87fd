import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Problem } from "../_helpers/app.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { type FakeLlm, type RecordedCall, startFakeLlm } from "../_helpers/fake_llm.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { userToken } from "../_helpers/tokens.ts";

const DOCS: Array<[string, string]> = [
  [
    "연차 휴가 규정",
    "연차 휴가는 인사 포털에서 신청합니다. 팀장의 결재가 필요합니다. 미사용 연차는 이월되지 않습니다.",
  ],
  ["연차 사용 안내", "연차 휴가는 반일 단위로도 쓸 수 있습니다. 연차 신청은 사용 사흘 전까지 합니다."],
  ["휴가 일정 관리", "휴가 일정은 팀 달력에 등록합니다. 연차와 병가는 구분하여 기록합니다."],
  ["연차 수당", "연차 휴가를 쓰지 못한 경우 연차 수당이 지급됩니다. 수당은 다음 해 일월에 지급합니다."],
  ["휴가 신청 절차", "휴가 신청은 인사 포털의 휴가 메뉴에서 합니다. 연차 휴가 신청서에는 사유를 적습니다."],
  ["연차 촉진 제도", "회사는 연차 사용을 촉진하기 위해 분기마다 잔여 연차를 알립니다."],
  ["출장 규정", "출장 경비는 귀국 후 칠 일 이내에 정산합니다."],
];

async function seed(rag: RagTestApp) {
  for (const [i, [title, text]] of DOCS.entries()) {
    const doc = await rag.document(`/doc-${i}.html`, `<h1>${title}</h1><p>${text}</p>`, { title });
    const res = await body<schemas.IngestionResult>(await rag.call("/documents", { method: "POST", json: doc }));
    assert.equal(res.indexed, true, JSON.stringify(res));
  }
}

async function ask(rag: RagTestApp, question: string, init: { token?: string; headers?: HeadersInit } = {}) {
  const res = await rag.call("/ask", { method: "POST", json: { question }, ...init });
  return { status: res.status, res };
}

const admin = (rag: RagTestApp) => rag.token({ admin: true, operator: true, sub: "admin-1", clearance: 3 });

async function settings(rag: RagTestApp, patch: Record<string, unknown>) {
  const res = await rag.call("/admin/settings", { method: "PUT", json: patch, token: await admin(rag) });
  assert.equal(res.status, 200, await res.clone().text());
}

/** How many numbered contexts a prompt gave the model. */
const contextsGiven = (call: RecordedCall) =>
  (call.body.messages.find((m) => m.role === "user")?.content.match(/^\[\d+\] /gm) ?? []).length;

describe("answers from the local runtime and without a model", () => {
  let rag: RagTestApp;
  let llm: FakeLlm;
  before(async () => {
    rag = await startRagApp();
    llm = startFakeLlm();
    await seed(rag);
  });
  after(async () => {
    await rag.stop();
    await llm.stop();
  });

  it("answers extractively, with citations, when no model is configured", async () => {
    const { status, res } = await ask(rag, "연차 휴가는 어디에서 신청하나요?");
    const b = await body<schemas.Answer>(res);
    assert.equal(status, 200, JSON.stringify(b));
    assert.equal(b.mode, "extractive");
    assert.equal(b.grounded, true);
    assert.match(b.answer, /인사 포털에서 신청합니다\. \[\d\]/);
    assert.ok(b.citations.length >= 1);
    assert.ok(b.citations.every((c) => c.marker >= 1 && c.documentId && c.excerpt));
  });

  it("calls Ollama's /api/chat with the settings' model and temperature and 3 to 5 numbered contexts", async () => {
    await settings(rag, {
      llm: { provider: "ollama", endpoint: llm.url, model: "qwen2.5:7b-instruct", temperature: 0.2 },
    });
    llm.reply = "인사 포털에서 신청합니다 [1]. 결재가 필요합니다 [2]. 이것은 없는 문맥입니다 [9].";
    const { res } = await ask(rag, "연차 휴가 신청 방법");
    const b = await body<schemas.Answer>(res);
    assert.equal(b.mode, "local");
    const call = llm.calls.at(-1)!;
    assert.equal(call.path, "/api/chat");
    assert.equal(call.body.model, "qwen2.5:7b-instruct");
    assert.equal(call.body.options?.temperature, 0.2);
    const given = contextsGiven(call);
    assert.ok(given >= 3 && given <= 5, `contexts given: ${given}`);
    assert.match(call.body.messages[0].content, /번호가 붙은 문맥만 근거로/);
    assert.deepEqual(b.citations.map((c) => c.marker), [1, 2]);
    assert.doesNotMatch(b.answer, /\[9\]/, "a marker naming no given context is dropped");
    assert.equal(b.grounded, true);
  });

  it("gives exactly safeContexts contexts and the question in English gets English instructions", async () => {
    await settings(rag, { retrieval: { safeContexts: 3 } });
    try {
      llm.reply = "Apply in the HR portal [1].";
      await ask(rag, "How do I apply for 연차 leave?");
      const call = llm.calls.at(-1)!;
      assert.equal(contextsGiven(call), 3);
      assert.match(call.body.messages[0].content, /Answer in English/);
    } finally {
      await settings(rag, { retrieval: { safeContexts: 5 } });
    }
  });

  it("calls an OpenAI-compatible /v1/chat/completions with model and temperature", async () => {
    await settings(rag, { llm: { provider: "openai", endpoint: `${llm.url}/`, model: "llama-3-ko" } });
    llm.reply = "반일 단위로도 쓸 수 있습니다 [2].";
    const { res } = await ask(rag, "연차를 반일로 쓸 수 있나요?");
    const b = await body<schemas.Answer>(res);
    const call = llm.calls.at(-1)!;
    assert.equal(call.path, "/v1/chat/completions");
    assert.equal(call.body.model, "llama-3-ko");
    assert.equal(typeof call.body.temperature, "number");
    assert.deepEqual([b.mode, b.citations.map((c) => c.marker)], ["local", [2]]);
  });

  it("adds approved concepts found in the question as interpretation notes, marked as not evidence", async () => {
    const proposal = await rag.app.portal("/glossary/term-proposals", {
      method: "POST",
      json: {
        terms: [{
          notation: "연차",
          aliases: ["연차휴가"],
          abbreviations: ["AL"],
          definition: "근로기준법상 연간 유급 휴가",
        }],
      },
    });
    const termId = (await proposal.json()).data.proposed[0].id;
    assert.equal((await rag.app.admin(`/terms/${termId}/approve`, { method: "POST" })).status, 200);
    rag.app.runtime.jobs.rag!.ontology.invalidate();
    await ask(rag, "연차 수당은 언제 지급되나요?");
    const prompt = llm.calls.at(-1)!.body.messages[1].content;
    assert.match(prompt, /용어 참고 \(근거 아님\):\n- 연차 \(다른 표기: 연차휴가, AL\): 근로기준법상 연간 유급 휴가/);
  });

  it("streams server-sent events: text deltas, then the citations last", async () => {
    llm.reply = "연차 수당은 다음 해 일월에 지급합니다 [1].";
    const { status, res } = await ask(rag, "연차 수당 지급 시기", { headers: { accept: "text/event-stream" } });
    assert.equal(status, 200);
    assert.match(res.headers.get("content-type") ?? "", /text\/event-stream/);
    const text = await res.text();
    // A `delta` event carries text; the last, `citations`, the answer without its text.
    type EventData = { text?: string } & Partial<Omit<schemas.Answer, "answer">>;
    const events = [...text.matchAll(/event: (\w+)\ndata: (.*)\n/g)].map((m) =>
      [m[1], JSON.parse(m[2]) as EventData] as const
    );
    assert.ok(events.length >= 2);
    assert.equal(events.at(-1)![0], "citations");
    assert.deepEqual(events.at(-1)![1].citations?.map((c) => c.marker), [1]);
    const streamed = events.filter(([e]) => e === "delta").map(([, d]) => d.text).join("");
    assert.equal(streamed, llm.reply);
  });

  it("answers 503 unavailable when the model fails, relaying nothing of what the model's server said", async () => {
    llm.failWith = 500;
    try {
      const { status, res } = await ask(rag, "연차 신청");
      const problem = await body<Problem>(res);
      assert.deepEqual([status, problem.code], [503, "unavailable"]);
      // The request id is left out of the check: a random UUID may hold "500".
      const { requestId, ...shown } = problem;
      assert.doesNotMatch(JSON.stringify(shown), /exploded|500/, "the upstream body and status stay in the log");
      assert.ok(requestId, "the request id finds the upstream answer in the log");
    } finally {
      llm.failWith = 0;
    }
  });

  it("gives the no-evidence answer without calling the model when nothing visible matches", async () => {
    const before = llm.calls.length;
    const outsider = await userToken({ tenantId: rag.otherTenant, organizationId: rag.dept.other, clearance: 3 });
    const { status, res } = await ask(rag, "연차 휴가 신청", { token: outsider });
    const b = await body<schemas.Answer>(res);
    assert.equal(status, 200);
    assert.deepEqual([b.grounded, b.citations, b.reason], [false, [], "no_evidence"]);
    assert.match(b.answer, /근거를 찾지 못했습니다/);
    assert.equal(llm.calls.length, before, "the model was not called");
  });

  it("refuses a bad request with 400", async () => {
    for (const bad of [{}, { question: "" }, { question: "x", limit: 3 }]) {
      const res = await rag.call("/ask", { method: "POST", json: bad });
      assert.equal(res.status, 400, JSON.stringify(bad));
    }
  });
});

describe("answers through the model gateway", () => {
  let rag: RagTestApp;
  let gateway: FakeLlm;
  before(async () => {
    gateway = startFakeLlm("게이트웨이 답변입니다 [1].");
    rag = await startRagApp({
      MODEL_GATEWAY_URL: gateway.url,
      MODEL_GATEWAY_SERVICE_TOKEN: "gateway-service-token-0123456789",
      PRIVATE_LLM_TIMEOUT_SECONDS: "1",
    });
    await seed(rag);
  });
  after(async () => {
    await rag.stop();
    await gateway.stop();
  });

  it("sends the service token, x-purpose and x-portal-id, and no model", async () => {
    const { res } = await ask(rag, "연차 휴가 신청 방법");
    const b = await body<schemas.Answer>(res);
    assert.equal(b.mode, "gateway");
    const call = gateway.calls.at(-1)!;
    assert.equal(call.path, "/v1/chat/completions");
    assert.equal(call.headers.authorization, "Bearer gateway-service-token-0123456789");
    assert.equal(call.headers["x-purpose"], "rag.answer");
    assert.equal(call.headers["x-portal-id"], "rag-service");
    assert.equal("model" in call.body, false);
    const given = contextsGiven(call);
    assert.ok(given >= 3 && given <= 5);
  });

  it("times out after PRIVATE_LLM_TIMEOUT_SECONDS with 504 llm_timeout", async () => {
    gateway.delayMs = 2500;
    try {
      const { status, res } = await ask(rag, "연차 휴가 신청 방법");
      assert.deepEqual([status, (await body<Problem>(res)).code], [504, "llm_timeout"]);
    } finally {
      gateway.delayMs = 0;
    }
  });
});
