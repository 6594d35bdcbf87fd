import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { type EmbeddingsResponse, MAX_BODY_BYTES, MAX_INPUT_CHARS, MAX_INPUTS } from "@/embedding/mod.ts";
import type { Problem } from "../_helpers/app.ts";
import { writeTestModel } from "@/scripts/make_test_model.ts";
import { type EmbeddingProcess, startEmbeddingProcess } from "./_process.ts";

/** A vector of an answer asked for as floats. */
function floats(embedding: number[] | string): number[] {
  assert.ok(Array.isArray(embedding), "a float array");
  return embedding;
}

let dir: string;
let server: EmbeddingProcess;

before(async () => {
  dir = await Deno.makeTempDir({ prefix: "embedding_server_" });
  await writeTestModel(dir);
  server = await startEmbeddingProcess(dir);
});
after(async () => {
  const { code, stderr } = await server.stop();
  await Deno.remove(dir, { recursive: true });
  assert.equal(code, 0, stderr);
  assert.equal(stderr, "", "the component wrote to stderr (a denied network access would show here)");
});

function post(body: unknown, url = server.url): Promise<Response> {
  return fetch(`${url}/v1/embeddings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function embed(input: string | string[], url = server.url): Promise<number[][]> {
  const res = await post({ input, model: "test" }, url);
  assert.equal(res.status, 200);
  return ((await res.json()) as EmbeddingsResponse).data.map((d) => floats(d.embedding));
}

const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);

async function problem(res: Response): Promise<Problem> {
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  const body = await res.json() as Problem;
  assert.equal(body.type, "about:blank");
  assert.equal(body.status, res.status);
  return body;
}

describe("embedding server: happy paths", () => {
  it("answers an OpenAI-shaped list with one 1024-dimensional unit vector", async () => {
    const res = await post({ input: "사내 포털 검색 테스트" });
    assert.equal(res.status, 200);
    const body = await res.json() as EmbeddingsResponse;
    assert.equal(body.object, "list");
    assert.equal(body.model, dir.slice(dir.lastIndexOf("/") + 1));
    assert.equal(body.data.length, 1);
    assert.equal(body.data[0].object, "embedding");
    assert.equal(body.data[0].index, 0);
    const v = floats(body.data[0].embedding);
    assert.equal(v.length, 1024);
    assert.ok(Math.abs(Math.sqrt(dot(v, v)) - 1) < 1e-5);
    assert.ok(body.usage.prompt_tokens > 0);
    assert.equal(body.usage.total_tokens, body.usage.prompt_tokens);
  });

  it("keeps order and indices in a batch, each vector equal to the text embedded alone", async () => {
    const texts = [
      "긴 문장입니다. 회의실 예약과 연차 신청 방법을 안내합니다.",
      "짧음",
      "Quarterly REPORT 2024",
      "중간 길이의 문장",
    ];
    const res = await post({ input: texts });
    const data = ((await res.json()) as EmbeddingsResponse).data;
    assert.deepEqual(data.map((d) => d.index), [0, 1, 2, 3]);
    for (const [i, text] of texts.entries()) {
      const [alone] = await embed(text);
      assert.ok(dot(alone, floats(data[i].embedding)) > 0.99999, `text ${i} differs in a batch`);
    }
  });

  it("treats a string like an array of one", async () => {
    assert.deepEqual(await embed("문자열 입력"), await embed(["문자열 입력"]));
  });

  it("gives the same vector for the same text across two starts of freshly generated models", async () => {
    const otherDir = await Deno.makeTempDir({ prefix: "embedding_server_again_" });
    await writeTestModel(otherDir);
    const other = await startEmbeddingProcess(otherDir);
    try {
      const text = "같은 글은 언제나 같은 벡터가 됩니다";
      assert.deepEqual(await embed(text, other.url), await embed(text));
    } finally {
      await other.stop();
      await Deno.remove(otherDir, { recursive: true });
    }
  });

  it("places Korean text with particles closest to the same words without them", async () => {
    const [withParticles, without, other1, other2] = await embed([
      "서버 장애가 발생하면 운영팀에 연락하세요",
      "서버 장애 발생 운영팀 연락",
      "연차 휴가 신청서는 인사팀에 제출합니다",
      "회의실을 내일 오후에 예약했습니다",
    ]);
    const close = dot(withParticles, without);
    assert.ok(close > 0.7, `similarity ${close}`);
    assert.ok(close > dot(withParticles, other1) + 0.3);
    assert.ok(close > dot(withParticles, other2) + 0.3);
  });

  it("answers base64 float32 vectors when asked, equal to the float form", async () => {
    const res = await post({ input: ["베이스64 형식"], encoding_format: "base64" });
    const encoded = ((await res.json()) as EmbeddingsResponse).data[0].embedding;
    assert.ok(typeof encoded === "string", "base64 text");
    const bytes = Buffer.from(encoded, "base64");
    const decoded = Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4));
    assert.deepEqual(decoded, (await embed("베이스64 형식"))[0]);
  });

  it("counts one token per syllable, plus [CLS] and [SEP]", async () => {
    const res = await post({ input: ["회의실을 예약", "ab"] });
    assert.equal(((await res.json()) as EmbeddingsResponse).usage.prompt_tokens, 6 + 2 + 2 + 2);
  });

  it("folds full-width forms, capitals and conjoining jamo before lookup", async () => {
    const [fullWidth, ascii, jamo, syllables] = await embed([
      "ＡＢＣ１ Hi",
      "abc1 hi",
      "\u1112\u1161\u11ab\u1100\u1173\u11af",
      "한글",
    ]);
    assert.deepEqual(fullWidth, ascii);
    assert.deepEqual(jamo, syllables);
  });

  it("serves /healthz with the model and its width", async () => {
    const res = await fetch(`${server.url}/healthz`);
    assert.deepEqual(await res.json(), { status: "ok", model: dir.slice(dir.lastIndexOf("/") + 1), dimensions: 1024 });
  });
});

describe("embedding server: metrics", () => {
  it("serves its own /metrics: requests by path and status, texts, tokens and model time, never the text", async () => {
    await embed(["메트릭 확인 문장", "두 번째 문장"]);
    await post("{not json");
    const res = await fetch(`${server.url}/metrics`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const value = (re: RegExp) => Number(text.match(re)?.[1]);
    assert.ok(value(/^embedding_http_requests_total\{path="\/v1\/embeddings",status="200"\} (\d+)$/m) >= 1, text);
    assert.ok(value(/^embedding_http_requests_total\{path="\/v1\/embeddings",status="400"\} (\d+)$/m) >= 1, text);
    assert.ok(value(/^embedding_inputs_total (\d+)$/m) >= 2, text);
    assert.ok(value(/^embedding_tokens_total (\d+)$/m) >= 2, text);
    assert.ok(value(/^embedding_inference_seconds_count\{outcome="ok"\} (\d+)$/m) >= 1, text);
    assert.doesNotMatch(text, /메트릭/);
    // The service's own families stay on the service's registry.
    assert.doesNotMatch(text, /^# TYPE (backbone|http)_/m);
  });

  it("keeps made-up paths to one `other` label", async () => {
    for (const path of ["/a", "/b", "/c"]) await (await fetch(`${server.url}${path}`)).body?.cancel();
    const text = await (await fetch(`${server.url}/metrics`)).text();
    assert.match(text, /^embedding_http_requests_total\{path="other",status="404"\} \d+$/m);
    assert.doesNotMatch(text, /path="\/a"/);
  });
});

describe("embedding server: bad input", () => {
  const refusals: [string, unknown][] = [
    ["an empty array", { input: [] }],
    ["an empty string", { input: "" }],
    ["token arrays", { input: [1, 2, 3] }],
    ["a missing input", { model: "x" }],
    ["an unknown field", { input: "a", temperature: 1 }],
    ["another width", { input: "a", dimensions: 512 }],
    ["an unknown encoding", { input: "a", encoding_format: "int8" }],
    ["too many inputs", { input: Array(MAX_INPUTS + 1).fill("a") }],
    ["an overlong input", { input: "가".repeat(MAX_INPUT_CHARS + 1) }],
  ];
  for (const [what, body] of refusals) {
    it(`refuses ${what} with 400 invalid_request`, async () => {
      const res = await post(body);
      assert.equal(res.status, 400);
      const p = await problem(res);
      assert.equal(p.code, "invalid_request");
      assert.ok(p.errors?.length);
    });
  }

  it("refuses a body that is not JSON with 400 invalid_request", async () => {
    const res = await post("{not json");
    assert.equal(res.status, 400);
    assert.equal((await problem(res)).code, "invalid_request");
  });

  it("refuses a body over the limit with 413 payload_too_large", async () => {
    const res = await post(JSON.stringify({ input: "a".repeat(MAX_BODY_BYTES) }));
    assert.equal(res.status, 413);
    assert.equal((await problem(res)).code, "payload_too_large");
  });

  it("answers an unknown route with 404 not_found", async () => {
    const res = await fetch(`${server.url}/v1/completions`, { method: "POST", body: "{}" });
    assert.equal(res.status, 404);
    assert.equal((await problem(res)).code, "not_found");
  });
});
