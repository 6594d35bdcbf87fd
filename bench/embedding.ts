/**
 * The embedding component with the generated test model: texts per second through
 * `POST /v1/embeddings` (batches of 32 texts of 500 Korean characters, one client),
 * beside the same batches embedded in this process without HTTP. The test model is
 * cheap, so this measures the component's own costs (tokenizer, ONNX Runtime call,
 * pooling, JSON), not what a real model such as bge-m3 would take.
 */
import { createLogger } from "@/lib/log.ts";
import { startEmbeddingServer } from "@/embedding/mod.ts";
import { writeTestModel } from "@/scripts/make_test_model.ts";
import type { Figure } from "./_report.ts";

const BATCHES = Number(Deno.env.get("BENCH_EMBEDDING_BATCHES") ?? 20);
const BATCH = 32;
const CHARS = 500;
const SENTENCES = [
  "연차 휴가 신청은 인사 포털에서 결재선을 지정한 뒤 제출합니다.",
  "보안 등급이 기밀인 문서는 부서 밖으로 공유할 수 없습니다.",
  "서버 장애가 발생하면 운영팀 당직자에게 즉시 연락하십시오.",
  "분기별 매출 보고서는 재무팀이 검토한 후 경영진에게 전달됩니다.",
  "신규 입사자는 첫 주에 정보보호 교육과 시스템 계정 발급을 완료해야 합니다.",
  "회의실 예약은 최대 이 주 전까지 가능하며 취소는 하루 전까지 해야 합니다.",
  "출장 경비는 영수증을 첨부하여 귀국 후 칠 일 이내에 정산합니다.",
  "사내 메신저의 대화 기록은 감사 목적으로 일 년간 보관됩니다.",
  "프로젝트 산출물은 문서 관리 시스템의 해당 폴더에 버전별로 올립니다.",
  "고객 개인정보가 포함된 파일은 암호화한 상태로만 전송할 수 있습니다.",
];

/** Deterministic texts of CHARS characters, each a different run of sentences. */
function texts(n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    let text = "";
    for (let k = i; text.length < CHARS; k += 3) text += SENTENCES[(k * 7 + i) % SENTENCES.length] + " ";
    return text.slice(0, CHARS);
  });
}

async function timed(batches: string[][], embed: (batch: string[]) => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  for (const batch of batches) await embed(batch);
  return (batches.length * BATCH) / ((performance.now() - t0) / 1000);
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  const dir = await Deno.makeTempDir({ prefix: "bench_embedding_" });
  const bytes = await writeTestModel(dir);
  const t0 = performance.now();
  const server = await startEmbeddingServer({
    modelPath: dir,
    port: 0,
    hostname: "127.0.0.1",
    log: createLogger("error"),
  });
  const loadSeconds = (performance.now() - t0) / 1000;
  try {
    const all = texts(BATCHES * BATCH);
    const batches = Array.from({ length: BATCHES }, (_, i) => all.slice(i * BATCH, (i + 1) * BATCH));
    const overHttp = async (input: string[]) => {
      const res = await fetch(`http://127.0.0.1:${server.port}/v1/embeddings`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ input }),
      });
      if (res.status !== 200) throw new Error(`embedding answered ${res.status}`);
      return await res.json();
    };
    await overHttp(batches[0]); // warm-up: ONNX Runtime's first run allocates its buffers
    const direct = await timed(batches, (b) => server.model.embed(b));
    const http = await timed(batches, overHttp);
    const { tokens } = await server.model.embed(batches[0]);
    return [{
      bench: "embedding",
      metric: `POST /v1/embeddings, test model, batches of ${BATCH} × ${CHARS} Korean chars`,
      value: http,
      unit: "texts/s",
      baseline: { metric: "same batches in process, no HTTP", value: direct },
      ratio: http / direct,
      note: `${(tokens / BATCH).toFixed(0)} tokens per text; test model ${(bytes / 2 ** 20).toFixed(1)} MiB, ` +
        `loaded and probed in ${loadSeconds.toFixed(2)} s`,
    }];
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
}
