/**
 * The vector leg's relevance floor (retrieval.vectorFloor) over HTTP: a chunk only the vector leg found is dropped
 * from the fused results when its similarity is below the floor of the configured embedding model; a chunk a
 * lexical leg found stays; another model's floor never applies; only the installation's operator sets it.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Problem } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";

type Installation = Extract<schemas.VersionedSettings, { scope: "installation" }>;
type Context = schemas.SearchResponse["contexts"][number];

let rag: RagTestApp;
let operator: string;
let admin: string;

const DOCS: [title: string, text: string][] = [
  ["연차 휴가 규정", "직원은 연차 휴가를 사용하기 전에 인사 포털에서 결재를 받아야 합니다."],
  ["출장 경비 정산", "출장 경비는 귀국 후 칠 일 이내에 영수증을 첨부하여 정산합니다."],
  ["정보보호 교육", "모든 임직원은 매년 정보보호 교육을 이수해야 합니다."],
  ["서버 장애 대응", "서버 장애가 발생하면 운영팀 당직자에게 즉시 연락합니다."],
  ["회의실 예약 안내", "회의실은 최대 이 주 전까지 예약할 수 있으며 취소는 하루 전까지 해야 합니다."],
];
const QUESTION = "연차 휴가는 어떻게 신청하나요?";

before(async () => {
  rag = await startRagApp();
  operator = await rag.token({ operator: true, sub: "the-operator" });
  admin = await rag.token({ admin: true, sub: "floor-admin", clearance: 3 });
  for (const [i, [title, text]] of DOCS.entries()) {
    const doc = await rag.document(`/floor-${i}.html`, `<h1>${title}</h1><p>${text}</p>`, { title });
    const res = await body<schemas.IngestionResult>(await rag.call("/documents", { method: "POST", json: doc }));
    assert.equal(res.indexed, true, JSON.stringify(res));
  }
});
after(async () => {
  await rag.stop();
});

const put = async <T = Installation>(json: Record<string, unknown>, token = operator) => {
  const res = await rag.call("/admin/settings", { method: "PUT", json, token });
  return { status: res.status, b: await body<T>(res) };
};
const installation = async () => await body<Installation>(await rag.call("/admin/settings", { token: operator }));

async function search(): Promise<Context[]> {
  const res = await rag.call("/search", { method: "POST", json: { question: QUESTION, limit: 10 } });
  const b = await body<schemas.SearchResponse>(res);
  assert.equal(res.status, 200, JSON.stringify(b));
  return b.contexts;
}

const vectorOnly = (c: Context) => c.text_rank === null && c.bigram_rank === null;
const ids = (cs: Context[]) => cs.map((c) => c.chunkId);

/** The results with no floor, split by whether a lexical leg found them. */
async function unfloored() {
  await put({ retrieval: { vectorFloor: null } });
  const all = await search();
  return { all, lexical: all.filter((c) => !vectorOnly(c)), vector: all.filter(vectorOnly) };
}

describe("the relevance floor in the fused search", () => {
  it("drops chunks only the vector leg found below the floor and keeps every chunk a lexical leg found", async () => {
    const { all, lexical, vector } = await unfloored();
    assert.ok(lexical.length >= 1 && vector.length >= 2, JSON.stringify(all.map((c) => [c.title, c.text_rank])));
    const top = Math.max(...all.map((c) => c.vector_score!));
    assert.equal((await put({ retrieval: { vectorFloor: { model: "bge-m3", floor: top + 0.001 } } })).status, 200);
    const floored = await search();
    assert.deepEqual(ids(floored), ids(lexical), "vector-only chunks gone, lexical ones kept in order");
    assert.ok(floored.every((c) => c.vector_score! < top + 0.001), "kept although below the floor");

    const scores = vector.map((c) => c.vector_score!).sort((a, b) => a - b);
    const middle = (scores[0] + scores[scores.length - 1]) / 2;
    assert.ok(scores[0] < middle && middle < scores[scores.length - 1], "the vector-only similarities differ");
    await put({ retrieval: { vectorFloor: { model: "bge-m3", floor: middle } } });
    const kept = all.filter((c) => !vectorOnly(c) || c.vector_score! >= middle);
    assert.deepEqual(ids(await search()), ids(kept));
  });

  it("applies no floor calibrated for another embedding model, nor an old model's after a model change", async () => {
    const { all, lexical } = await unfloored();
    await put({ retrieval: { vectorFloor: { model: "another-model", floor: 0.999 } } });
    assert.deepEqual(ids(await search()), ids(all), "another model's floor");
    await put({ embedding: { model: "another-model" } });
    assert.deepEqual(ids(await search()), ids(lexical), "the same floor once its model is configured");
    await put({ embedding: { model: "bge-m3" } });
    assert.deepEqual(ids(await search()), ids(all), "the old model's floor after the model changed back");
    assert.deepEqual((await installation()).settings.retrieval.vectorFloor, { model: "another-model", floor: 0.999 });
  });

  it("is cleared with null", async () => {
    const { all } = await unfloored();
    assert.equal((await installation()).settings.retrieval.vectorFloor, null);
    assert.ok(all.some(vectorOnly));
  });
});

describe("setting the floor", () => {
  it("refuses an invalid floor with 400 invalid_request naming the field, and changes nothing", async () => {
    const version = (await installation()).version;
    const cases: Record<string, unknown>[] = [
      { model: "bge-m3", floor: 1.5 },
      { model: "bge-m3", floor: -1.01 },
      { model: "bge-m3", floor: "0.3" },
      { model: "", floor: 0.3 },
      { floor: 0.3 },
      { model: "bge-m3" },
      { model: "bge-m3", floor: 0.3, extra: 1 },
    ];
    for (const vectorFloor of cases) {
      const { status, b } = await put<Problem>({ retrieval: { vectorFloor } });
      assert.deepEqual([status, b.code], [400, "invalid_request"], JSON.stringify(vectorFloor));
      assert.ok(b.errors?.some((e) => e.path.startsWith("retrieval.vectorFloor")), JSON.stringify(b.errors));
    }
    const bare = await put<Problem>({ retrieval: { vectorFloor: 0.3 } });
    assert.deepEqual([bare.status, bare.b.code], [400, "invalid_request"]);
    assert.equal((await installation()).version, version);
  });

  it("is the operator's alone: a tenant's administrator gets 403 operator_required and nothing is written", async () => {
    const rows = () => rag.system((tx) => tx`select version from rag.tenant_settings`);
    const before = (await rows()).length;
    for (const vectorFloor of [{ model: "bge-m3", floor: 0.2 }, null]) {
      const { status, b } = await put<Problem>({ retrieval: { vectorFloor } }, admin);
      assert.deepEqual([status, b.code], [403, "operator_required"], JSON.stringify(vectorFloor));
    }
    const mixed = await put<Problem>({ retrieval: { rrfK: 5, vectorFloor: { model: "bge-m3", floor: 0.2 } } }, admin);
    assert.deepEqual([mixed.status, mixed.b.code], [403, "operator_required"]);
    assert.equal((await rows()).length, before);
  });
});
