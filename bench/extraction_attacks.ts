/**
 * What another caller sees while hostile documents are ingested (issue 16, item 1): against a real
 * service process (`main.ts`, default limits) with its workers in a process of their own, as deployed, the p95 of /healthz polled every 25 ms from a
 * process of its own while
 * one attack is registered again and again, beside the same p95 with nothing else running, measured in
 * windows alternating with the attack's. The attacks are those of
 * tests/security/extraction_isolation_test.ts: a DOCX zip bomb, a PDF of tens of thousands of chunks
 * and a 52 MB single-word text; each must fail with `content_unprocessable`.
 */
import { type RagProcess, startRagProcess } from "@/tests/_helpers/rag_process.ts";
import { documentRequest, type ServedBody } from "@/tests/_helpers/content_host.ts";
import { observe, percentile, quietHealth, rssBytes } from "@/tests/_helpers/attack_probe.ts";
import { DOCX_TYPE, docxBomb, pdfSharedStream, singleWord } from "@/tests/_helpers/hostile_documents.ts";
import type { Figure } from "./_report.ts";

const SECONDS = Number(Deno.env.get("BENCH_ATTACK_SECONDS") ?? 3);
const ROUNDS = Number(Deno.env.get("BENCH_ATTACK_ROUNDS") ?? 3);
const MiB = 1024 * 1024;

interface Attack {
  name: string;
  body: () => Promise<Uint8Array> | Uint8Array;
  type: string;
}

const ATTACKS: Attack[] = [
  { name: "DOCX zip bomb (205 KiB, 59 MiB document.xml)", body: docxBomb, type: DOCX_TYPE },
  {
    name: "PDF of one stream shared by 500 pages (8 KiB, ~33,000 chunks)",
    body: () => pdfSharedStream(),
    type: "application/pdf",
  },
  { name: "52 MB text of one word", body: () => singleWord(), type: "text/plain; charset=utf-8" },
];

/** Registers the attack repeatedly (each time a new version) for `seconds`; answers how many ran and their codes. */
async function repeat(rag: RagProcess, attack: Attack, served: ServedBody, seconds: number) {
  const sourceDocumentId = crypto.randomUUID();
  const codes = new Set<string>();
  const end = performance.now() + seconds * 1000;
  let runs = 0;
  while (performance.now() < end) {
    const request = documentRequest(served, { tenantId: rag.tenant, organizationIds: [rag.dept.a], title: "x" }, {
      sourceDocumentId,
      sourceVersion: `v${++runs}`,
      contentType: attack.type,
    });
    const res = await rag.call("/api/v1/documents", { method: "POST", json: request });
    codes.add((await res.json()).code ?? String(res.status));
  }
  return { runs, codes };
}

/**
 * Quiet and attack windows alternate (`ROUNDS` of each, `SECONDS` long), so the load other work puts on a
 * shared machine falls on both alike; the latencies of each kind are pooled.
 */
async function measure(rag: RagProcess, attack: Attack, path: string): Promise<Figure> {
  const served = await rag.host.putHashed(path, { body: await attack.body(), type: attack.type });
  const quiet: number[] = [], during: number[] = [], codes = new Set<string>();
  let runs = 0, peakRss = 0, elapsedMs = 0;
  const baseRss = await rssBytes(rag.service.pid);
  for (let round = 0; round < ROUNDS; round++) {
    quiet.push(...await quietHealth(rag.service.url, SECONDS * 1000));
    const seen = await observe(rag.service, () => repeat(rag, attack, served, SECONDS));
    during.push(...seen.healthMs);
    runs += seen.result.runs;
    seen.result.codes.forEach((code) => codes.add(code));
    peakRss = Math.max(peakRss, seen.peakRssBytes);
    elapsedMs += seen.elapsedMs;
  }
  const [value, before] = [percentile(during, 95), percentile(quiet, 95)];
  return {
    bench: "extraction",
    metric: `/healthz p95 during: ${attack.name}`,
    value,
    unit: "ms",
    baseline: { metric: "/healthz p95 without it", value: before },
    ratio: value / before,
    bar: { what: "ratio", op: "<=", target: 2, from: "issue 16" },
    note: `${runs} registrations in ${(elapsedMs / 1000).toFixed(1)} s (${ROUNDS} windows alternating with quiet ` +
      `ones), each answered ${[...codes].join(", ")}; ${during.length} /healthz calls from another process (p50 ` +
      `${percentile(during, 50).toFixed(1)} ms, quiet p50 ${percentile(quiet, 50).toFixed(1)} ms over ` +
      `${quiet.length}); service RSS ${(baseRss / MiB).toFixed(0)} MiB before, peak ${(peakRss / MiB).toFixed(0)} ` +
      `MiB; the service process serves HTTP, a worker process of its own runs the ingestion job; load average ${
        Deno.loadavg()[0].toFixed(1)
      }`,
  };
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  // As the default set-up runs them (up.sh, compose.yaml): the job consumers in a process of their own.
  const rag = await startRagProcess({}, [], { workersApart: true });
  try {
    const warm = await rag.call("/api/v1/documents", {
      method: "POST",
      json: await rag.document("/w.html", "<p>w</p>"),
    });
    if (warm.status !== 200) throw new Error(`warm-up: ${warm.status} ${await warm.text()}`);
    const figures: Figure[] = [];
    for (const [i, attack] of ATTACKS.entries()) figures.push(await measure(rag, attack, `/attack-${i}`));
    return figures;
  } finally {
    await rag.stop();
  }
}
