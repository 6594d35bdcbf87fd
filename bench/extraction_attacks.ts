/**
 * What another caller sees while hostile documents are ingested (issue 16, item 1): against a real
 * service process (`main.ts`, workers on, default limits), the p95 of /healthz polled every 25 ms from a
 * process of its own while
 * one attack is registered again and again for a few seconds, beside the same p95 with nothing else
 * running, measured in the same run just before. The attacks are those of
 * tests/security/extraction_isolation_test.ts: a DOCX zip bomb, a PDF of tens of thousands of chunks
 * and a 52 MB single-word text; each must fail with `content_unprocessable`.
 */
import { type RagProcess, startRagProcess } from "@/tests/_helpers/rag_process.ts";
import { documentRequest } from "@/tests/_helpers/content_host.ts";
import { observe, percentile, quietHealth, rssBytes } from "@/tests/_helpers/attack_probe.ts";
import { DOCX_TYPE, docxBomb, pdfSharedStream, singleWord } from "@/tests/_helpers/hostile_documents.ts";
import type { Figure } from "./_report.ts";

const SECONDS = Number(Deno.env.get("BENCH_ATTACK_SECONDS") ?? 6);
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

/** Registers the attack repeatedly (each time a new version) for `SECONDS`; answers how many ran and their codes. */
async function repeat(rag: RagProcess, attack: Attack, path: string): Promise<{ runs: number; codes: Set<string> }> {
  const served = await rag.host.putHashed(path, { body: await attack.body(), type: attack.type });
  const sourceDocumentId = crypto.randomUUID();
  const codes = new Set<string>();
  const end = performance.now() + SECONDS * 1000;
  let runs = 0;
  while (performance.now() < end) {
    const request = documentRequest(served, { tenantId: rag.tenant, organizationIds: [rag.dept.a], title: path }, {
      sourceDocumentId,
      sourceVersion: `v${++runs}`,
      contentType: attack.type,
    });
    const res = await rag.call("/api/v1/documents", { method: "POST", json: request });
    codes.add((await res.json()).code ?? String(res.status));
  }
  return { runs, codes };
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  const rag = await startRagProcess();
  const figures: Figure[] = [];
  try {
    const warm = await rag.call("/api/v1/documents", {
      method: "POST",
      json: await rag.document("/w.html", "<p>w</p>"),
    });
    if (warm.status !== 200) throw new Error(`warm-up: ${warm.status} ${await warm.text()}`);
    for (const [i, attack] of ATTACKS.entries()) {
      const quiet = await quietHealth(rag.service.url, SECONDS * 1000);
      const baseRss = await rssBytes(rag.service.pid);
      const seen = await observe(rag.service, () => repeat(rag, attack, `/attack-${i}`));
      const during = percentile(seen.healthMs, 95);
      const before = percentile(quiet, 95);
      const { runs, codes } = seen.result;
      figures.push({
        bench: "extraction",
        metric: `/healthz p95 during: ${attack.name}`,
        value: during,
        unit: "ms",
        baseline: { metric: "/healthz p95 without it", value: before },
        ratio: during / before,
        bar: { what: "ratio", op: "<=", target: 2, from: "issue 16" },
        note:
          `${runs} registrations in ${(seen.elapsedMs / 1000).toFixed(1)} s, each answered ${[...codes].join(", ")}; ` +
          `${seen.healthMs.length} /healthz calls (p50 ${percentile(seen.healthMs, 50).toFixed(1)} ms, quiet p50 ` +
          `${percentile(quiet, 50).toFixed(1)} ms); service RSS ${(baseRss / MiB).toFixed(0)} MiB before, peak ` +
          `${(seen.peakRssBytes / MiB).toFixed(0)} MiB; one process serves HTTP and runs the ingestion job`,
      });
    }
  } finally {
    await rag.stop();
  }
  return figures;
}
