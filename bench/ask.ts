/**
 * What `POST /api/v1/ask` adds beyond its search and its model call: over HTTP, with an
 * instant fake model (OpenAI-compatible, streaming, on loopback), the p50 and p95 of
 * ask beside, in the same run and interleaved, the same search (`limit` = safeContexts)
 * over HTTP and the same model call made directly with the prompt ask builds. Each
 * round gives one difference ask - search - model call; the figure is the p95 of those
 * differences (pairing within a round keeps a busy machine's swings out of it), and
 * the bar is 20 ms.
 */
import { buildMessages, generate, modelTarget } from "@/domain/rag/mod.ts";
import { startFakeLlm } from "@/tests/_helpers/fake_llm.ts";
import { startRagApp } from "@/tests/_helpers/rag.ts";
import type { Figure } from "./_report.ts";

const DOCS = Number(Deno.env.get("BENCH_ASK_DOCS") ?? 300);
const ROUNDS = Number(Deno.env.get("BENCH_ASK_ROUNDS") ?? 200);
const TOPICS = [
  "연차 휴가",
  "출장 경비",
  "정보보호 교육",
  "서버 장애",
  "회의실 예약",
  "보안 점검",
  "성과 평가",
  "복리후생",
];
const ACTIONS = ["신청합니다", "정산합니다", "이수해야 합니다", "보고합니다", "예약할 수 있습니다", "실시합니다"];

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const out = await fn();
  return [performance.now() - t0, out];
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  const llm = startFakeLlm("연차 휴가는 인사 포털에서 신청합니다 [1]. 결재가 필요합니다 [2].");
  const rag = await startRagApp({ RATE_LIMIT_PER_MINUTE: "100000000", LOG_LEVEL: "error" });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, rag.app.runtime.app.fetch);
  const base = `http://127.0.0.1:${server.addr.port}/api/v1`;
  try {
    const admin = await rag.token({ operator: true });
    const put = await rag.call("/admin/settings", {
      method: "PUT",
      json: { llm: { provider: "openai", endpoint: llm.url, model: "bench" }, ingestion: { workerCount: 4 } },
      token: admin,
    });
    if (!put.ok) throw new Error(`settings: ${await put.text()}`);
    for (let i = 0; i < DOCS; i += 20) {
      await Promise.all(Array.from({ length: Math.min(20, DOCS - i) }, async (_, k) => {
        const n = i + k;
        const topic = TOPICS[n % TOPICS.length];
        const text = `${topic} 규정 ${n}: 직원은 ${topic}을 ${ACTIONS[n % ACTIONS.length]}. ` +
          `${TOPICS[(n + 3) % TOPICS.length]}과 관련된 절차는 부서장이 확인합니다. 문의는 인사팀으로 합니다.`;
        const doc = await rag.document(`/ask/${n}.html`, `<h1>${topic} ${n}</h1><p>${text}</p>`, {
          title: `${topic} ${n}`,
        });
        const res = await rag.call("/documents", { method: "POST", json: doc });
        if (!res.ok) throw new Error(`ingest: ${await res.text()}`);
        await res.body?.cancel();
      }));
    }
    const token = await rag.token();
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then(async (res) => {
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return await res.json();
      });
    const { settings } = await rag.app.runtime.jobs.rag!.settings.current();
    const ask: number[] = [];
    const search: number[] = [];
    const model: number[] = [];
    for (let round = -20; round < ROUNDS; round++) {
      const question = `${TOPICS[round & 7]}은 어떻게 ${ACTIONS[(round >>> 1) % ACTIONS.length]}?`;
      const [s, found] = await timed(() => post("/search", { question, limit: settings.retrieval.safeContexts }));
      const messages = buildMessages(question, found.contexts, [], settings.llm.maxContextTokens);
      const target = modelTarget(rag.app.runtime.jobs.rag!.model, settings.llm, messages)!;
      const [m] = await timed(async () => {
        let text = "";
        for await (const piece of generate(target)) text += piece;
        return text;
      });
      const [a] = await timed(() => post("/ask", { question }));
      if (round < 0) continue; // warm-up
      search.push(s);
      model.push(m);
      ask.push(a);
    }
    const added = ask.map((a, i) => a - search[i] - model[i]);
    const note = `p50: ask ${percentile(ask, 0.5).toFixed(1)} ms, search ${percentile(search, 0.5).toFixed(1)} ms, ` +
      `model ${percentile(model, 0.5).toFixed(1)} ms; p95: ask ${percentile(ask, 0.95).toFixed(1)}, search ` +
      `${percentile(search, 0.95).toFixed(1)}, model ${percentile(model, 0.95).toFixed(1)}; ${ROUNDS} rounds, ` +
      `${DOCS} documents`;
    return [
      { bench: "ask", metric: "ask p95 over HTTP", value: percentile(ask, 0.95), unit: "ms" },
      {
        bench: "ask",
        metric: "added p95 beyond search and model",
        value: percentile(added, 0.95),
        unit: "ms",
        baseline: { metric: "added p50", value: percentile(added, 0.5) },
        bar: { what: "value", op: "<=", target: 20, from: "issue 7" },
        note,
      },
    ];
  } finally {
    await server.shutdown();
    await rag.stop();
    await llm.stop();
  }
}

if (import.meta.main) {
  const { table } = await import("./_report.ts");
  console.log(table(await run()));
}
