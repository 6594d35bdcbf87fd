/**
 * `calibrate-floor` run as a subprocess against a test service's database and its fake embedding server, on a tiny
 * labelled set whose similarities the test computes itself from the same vectors.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { testEnv } from "../_helpers/app.ts";
import { fakeVector } from "../_helpers/fake_embedding.ts";
import { PUBLIC_ORG, type RagTestApp, startRagApp } from "../_helpers/rag.ts";

let rag: RagTestApp;
let dir: string;

const PASSAGES = [
  { id: "p1", title: "연차 휴가", text: "연차 휴가는 인사 포털에서 신청합니다." },
  { id: "p2", title: "출장 경비", text: "출장 경비는 귀국 후 칠 일 안에 정산합니다." },
  { id: "p3", title: "회의실", text: "회의실은 이 주 전까지 예약합니다." },
  { id: "p4", title: "서버 장애", text: "서버 장애는 운영팀 당직자에게 알립니다." },
];
const QUESTIONS = [
  { id: "q1", text: "연차 휴가 신청은 어디서 하나요?", relevant_ids: ["p1"] },
  { id: "q2", text: "출장 경비 정산 기한은?", relevant_ids: ["p2"] },
  { id: "q3", text: "회의실 예약은 언제까지?", relevant_ids: ["p3"] },
  { id: "q4", text: "없는 문서를 묻는 질문", relevant_ids: ["p9"] },
];

before(async () => {
  rag = await startRagApp({}, { workers: false });
  dir = await Deno.makeTempDir({ prefix: "floor_set_" });
  const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
  await Deno.writeTextFile(`${dir}/corpus.jsonl`, jsonl(PASSAGES));
  await Deno.writeTextFile(`${dir}/queries.jsonl`, jsonl(QUESTIONS));
});
after(async () => {
  await Deno.remove(dir, { recursive: true });
  await rag.stop();
});

async function calibrate(args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/cli.ts", "calibrate-floor", "--set", dir, ...args],
    cwd: new URL("../../", import.meta.url),
    env: {
      ...testEnv(rag.app.db, rag.app.config.REDIS_KEY_PREFIX),
      RAG_PUBLIC_ORGANIZATION_ID: PUBLIC_ORG,
      PRIVATE_EMBEDDING_URL: rag.embedding.url,
      NO_COLOR: "1",
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
}

const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);
/** Each answerable question's similarity to its passage, as ingestion embeds it (title, then text). */
const relevant = () =>
  QUESTIONS.slice(0, 3).map((q) => {
    const p = PASSAGES.find((p) => p.id === q.relevant_ids[0])!;
    return dot(fakeVector(q.text), fakeVector(`${p.title}\n${p.text}`));
  });
const storedFloor = async () =>
  (await rag.system((tx) =>
    tx`select settings -> 'retrieval' -> 'vectorFloor' as f, changed_by from rag.settings
                               order by version desc limit 1`
  ))[0];

describe("calibrate-floor", () => {
  it("prints the distributions and the lowest relevant similarity as the floor with --miss 0, storing nothing", async () => {
    const { code, stdout, stderr } = await calibrate(["--miss", "0", "--top", "2"]);
    assert.equal(code, 0, stderr);
    const floor = Math.floor(Math.min(...relevant()) * 1000) / 1000;
    assert.match(stdout, new RegExp(`floor: ${floor.toFixed(3)} `));
    assert.match(stdout, /relevant passages \(3 question-passage pairs\)/, "the question without a passage left out");
    assert.match(stdout, /nearest 2 irrelevant passages per question \(6\)/);
    assert.match(stdout, /below it: 0\.0% of relevant passages/);
    assert.equal(await storedFloor(), undefined, "nothing stored without --apply");
  });

  it("stores the floor for the configured model with --apply, as a new installation version", async () => {
    const { code, stdout, stderr } = await calibrate(["--miss", "0", "--apply"]);
    assert.equal(code, 0, stderr);
    const floor = Math.floor(Math.min(...relevant()) * 1000) / 1000;
    assert.match(stdout, /stored retrieval.vectorFloor/);
    assert.deepEqual(await storedFloor(), {
      f: { model: "bge-m3", floor },
      changed_by: "user:script:calibrate-floor",
    });
  });

  it("refuses a miss rate outside 0 to 0.5 as a usage error (2) and fails on a missing set (1)", async () => {
    const bad = await calibrate(["--miss", "0.9"]);
    assert.equal(bad.code, 2, bad.stderr);
    const missing = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "scripts/cli.ts", "calibrate-floor", "--set", `${dir}/none`],
      cwd: new URL("../../", import.meta.url),
      env: { ...testEnv(rag.app.db, rag.app.config.REDIS_KEY_PREFIX), NO_COLOR: "1" },
      stderr: "piped",
      stdout: "null",
    }).output();
    assert.equal(missing.code, 1);
  });
});
