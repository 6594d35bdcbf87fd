/**
 * Ingestion throughput (issue 5): BENCH_INGEST_DOCS (default 5,000) documents of about
 * 4 KB of varied Korean HTML each, posted to `POST /api/v1/documents?wait=false`
 * (8 requests in flight) and carried by the outbox, relay, Redis Stream and ingestion
 * workers (fetch, SHA-256, extract, chunk, analyze, embed, insert into the HNSW and GIN
 * indexes) until every job is done, in chunks per second. `wait=false` with polling of
 * the job table (every 100 ms) rather than waiting requests, so the workers' configured
 * concurrency sets the pace, not the number of clients held open. Beside it, in the
 * same run, a COPY of exactly the chunk rows the pipeline wrote (read back as the table
 * owner) into an empty copy of the table with the same indexes, without row-level
 * security, which COPY FROM does not allow.
 *
 * The portal client, the content host and an instant embedding server (a pseudo-random
 * float32 unit vector per text, seeded by its hash and sent as JSON numbers like the
 * embedding component's) run on a Web Worker thread, as the separate services they are,
 * so their costs are not charged to the pipeline.
 */
import postgres from "postgres";
import { copyLines, copyText } from "@/sql/mod.ts";
import { defaultSettings, syncOrganizations } from "@/domain/rag/mod.ts";
import { ADMIN_KEY, userToken } from "@/tests/_helpers/tokens.ts";
import { documentRequest, sha256 } from "@/tests/_helpers/content_host.ts";
import { retrievalEnv } from "@/tests/_helpers/rag.ts";
import type { Figure } from "./_report.ts";
import { benchInstance } from "./_env.ts";
import { mulberry32 } from "./term_matching.ts";

const DOCS = Number(Deno.env.get("BENCH_INGEST_DOCS") ?? 5000);
const WORKERS = Number(Deno.env.get("BENCH_INGEST_WORKERS") ?? defaultSettings({}).ingestion.workerCount);
const IN_FLIGHT = 8;
const DOC_BYTES = 4096;

const WHO = [
  "인사팀",
  "재무팀",
  "보안팀",
  "운영팀",
  "법무팀",
  "영업본부",
  "연구소",
  "총무팀",
  "품질팀",
  "구매팀",
  "감사실",
  "홍보팀",
];
const WHAT =
  ("연차 휴가,출장 경비,보안 점검,서버 장애,분기 보고서,계약 검토,교육 이수,장비 반출,개인정보 처리,회의실 예약," +
    "신규 입사자 안내,재택 근무,협력사 평가,예산 집행").split(",");
const HOW = ("결재선을 지정한 뒤 포털에서 신청합니다,영수증을 첨부하여 정산해야 합니다,담당자에게 즉시 보고하십시오," +
  "문서 관리 시스템에 버전별로 등록합니다,암호화한 상태로만 전송할 수 있습니다,경영진의 승인을 받은 후 시행합니다," +
  "감사 목적으로 일 년간 보관됩니다,부서장이 검토하고 확정합니다,변경 사항을 게시판에 공지합니다," +
  "관련 법령과 사내 규정을 함께 확인해야 합니다,주간 회의에서 진행 상황을 공유합니다,예외가 필요하면 사유서를 제출하십시오")
  .split(",");
/** Syllables of generated project names, so the vocabulary has a long tail as real text does. */
const SYLLABLES = "한빛누리가람새솔미르다온하늘별꽃나래보람슬기아라은결여울지움초롱".match(/./gu)!;
/** A ~4 KB page: sections of 5 to 18 generated sentences, different from one document to the next. */
function htmlPage(random: () => number, title: string): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  const parts = [`<html><head><title>${title}</title></head><body><h1>${title}</h1>`];
  let size = new TextEncoder().encode(parts[0]).length;
  for (let section = 0, left = 0; size < DOC_BYTES - 150; left--) {
    let piece = "";
    if (left === 0) {
      piece = `${section++ ? "</p>" : ""}<h2>제${section}장 ${pick(WHAT)}</h2><p>`;
      left = 5 + Math.floor(random() * 14);
    }
    const project = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join("");
    piece += `${pick(WHO)}의 ${project} 과제에서 ${pick(WHAT)} 업무는 ${1 + Math.floor(random() * 30)}일 이내에 ` +
      `${pick(HOW)}. `;
    parts.push(piece);
    size += new TextEncoder().encode(piece).length;
  }
  return parts.join("") + "</p></body></html>";
}

/** The outside world on its own thread: the portal client, the content host and the embedding server. */
function serveOutside() {
  const files = new Map<string, Uint8Array>();
  const scope = self as unknown as Worker;
  const reply = (m: unknown) => scope.postMessage(m);
  const content = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
    const body = files.get(new URL(req.url).pathname);
    return body
      ? new Response(body as BodyInit, { headers: { "content-type": "text/html; charset=utf-8" } })
      : new Response("not found", { status: 404 });
  });
  const vector = (text: string) => {
    let h = 2166136261;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
    const random = mulberry32(h);
    const v = Float32Array.from({ length: 1024 }, () => random() - 0.5);
    const norm = Math.hypot(...v);
    return Array.from(v.map((x) => x / norm));
  };
  const embedding = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const { input } = await req.json() as { input: string[] };
    const data = input.map((text, index) => ({ object: "embedding", index, embedding: vector(text) }));
    return Response.json({ object: "list", data, model: "instant", usage: { prompt_tokens: 0, total_tokens: 0 } });
  });
  scope.onmessage = async ({ data: m }: MessageEvent) => {
    if (m.kind === "put") { for (const [path, body] of m.files as [string, Uint8Array][]) files.set(path, body); }
    if (m.kind === "post") {
      const statuses: Record<number, number> = {};
      let next = 0;
      const client = async () => {
        while (next < m.bodies.length) {
          const res = await fetch(m.url, {
            method: "POST",
            headers: { authorization: `Bearer ${m.token}`, "content-type": "application/json" },
            body: m.bodies[next++],
          });
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, client));
      return reply({ statuses });
    }
    if (m.kind === "stop") await Promise.all([content.shutdown(), embedding.shutdown()]);
    reply({
      contentBase: `http://127.0.0.1:${content.addr.port}`,
      embedding: `http://127.0.0.1:${embedding.addr.port}`,
    });
  };
}

/** Sends one message to the outside thread and resolves with its answer (one at a time). */
function ask(worker: Worker, message: unknown): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    worker.onmessage = ({ data }) => resolve(data);
    worker.postMessage(message);
  });
}

/** Resolves once `n` jobs are done; throws when one has failed or none has finished for five minutes. */
async function settled(system: postgres.Sql, n: number): Promise<void> {
  for (let last = 0, progressAt = performance.now();;) {
    const [{ done, failed, error }] = await system`select count(*) filter (where status = 'done')::int as done,
                                                          count(*) filter (where status = 'failed')::int as failed,
                                                          max(error) as error
                                                   from rag.ingestion_jobs`;
    if (failed > 0) throw new Error(`${failed} ingestion jobs failed, e.g. ${error}`);
    if (done >= n) return;
    if (done > last) [last, progressAt] = [done, performance.now()];
    if (performance.now() - progressAt > 300_000) throw new Error(`ingestion stalled at ${done} of ${n} jobs`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The pipeline's chunk rows, every column (ids too), as COPY text lines: each value in its type's text form,
 * read as the system role. Not `copy ... to stdout`: postgres.js 3.4.9 can leave the connection
 * paused after a COPY out (porsager/postgres#917), and the next statement then never returns.
 */
async function chunkRows(system: postgres.Sql): Promise<string[]> {
  const lines: string[] = [];
  await system.begin(async (tx) => {
    await tx`select id::text, document_id::text, chunk_index::text, source_version, tenant_id::text,
                    organization_ids::text, security_level::text, visible::text, heading_path::text, content,
                    lexemes::text, lexeme_count::text, bigrams::text, embedding::text, created_at::text
             from rag.tb_doc_chunk_vector order by id`.values().cursor(500, (rows) => {
      for (const row of rows) lines.push(`${(row as string[]).map(copyText).join("\t")}\n`);
    });
  });
  return lines;
}

/** Seconds to COPY `rows` into an empty copy of the chunk table with the same indexes, no RLS. */
async function copyBaseline(owner: postgres.Sql, superUrl: string, rows: string[]): Promise<number> {
  await owner`create table rag.bench_chunk_copy (like rag.tb_doc_chunk_vector including all)`;
  try {
    await checkpoint(superUrl);
    const t0 = performance.now();
    await copyLines(await owner`copy rag.bench_chunk_copy from stdin`.writable(), rows);
    return (performance.now() - t0) / 1000;
  } finally {
    await owner`drop table rag.bench_chunk_copy`;
  }
}

/** Flushes dirty buffers, so neither timed phase pays for the other's writes. */
async function checkpoint(superUrl: string) {
  const su = postgres(superUrl, { max: 1, onnotice: () => {} });
  await su`checkpoint`.finally(() => su.end());
}

/** Creates a company and a department through the admin API and syncs organizations from it. */
async function organization(inst: Awaited<ReturnType<typeof benchInstance>>) {
  const admin = async (path: string, json: unknown) =>
    (await (await fetch(`${inst.url}/api/directory/v1/admin${path}`, {
      method: "POST",
      headers: { "x-directory-admin-key": ADMIN_KEY, "content-type": "application/json" },
      body: JSON.stringify(json),
    })).json()).data.id as string;
  const tenant = await admin("/companies", { code: "BENCH", name: "벤치" });
  const dept = await admin("/departments", { companyId: tenant, code: "A", name: "A" });
  await syncOrganizations(inst.runtime.jobs.rag!);
  return { tenant, dept };
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  const outside = new Worker(import.meta.url, { type: "module" });
  const urls = await ask(outside, { kind: "hello" }) as { contentBase: string; embedding: string };
  const inst = await benchInstance(retrievalEnv(`${urls.embedding}/v1/embeddings`), { workers: true });
  const owner = postgres(inst.db.ownerUrl, { max: 2, onnotice: () => {} });
  const system = postgres(inst.db.systemUrl, { max: 2, onnotice: () => {} });
  try {
    const { tenant, dept } = await organization(inst);
    const adminToken = await userToken({ tenantId: tenant, operator: true });
    const put = await fetch(`${inst.url}/api/v1/admin/settings`, {
      method: "PUT",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ ingestion: { workerCount: WORKERS } }),
    });
    if (put.status !== 200) throw new Error(`settings: ${put.status} ${await put.text()}`);

    const random = mulberry32(5);
    const pages = Array.from({ length: DOCS }, (_, i) => {
      const title = `${WHAT[i % WHAT.length]} 안내 ${i}`;
      return { path: `/docs/${i}.html`, title, bytes: new TextEncoder().encode(htmlPage(random, title)) };
    });
    await ask(outside, { kind: "put", files: pages.map((p) => [p.path, p.bytes]) });
    const bodies = await Promise.all(pages.map(async (p) => {
      const served = { url: `${urls.contentBase}${p.path}`, sha256: await sha256(p.bytes), size: p.bytes.length };
      return JSON.stringify(documentRequest(served, { tenantId: tenant, organizationIds: [dept], title: p.title }));
    }));
    const token = await userToken({ tenantId: tenant, organizationId: dept, clearance: 1, expiresInSeconds: 7200 });
    await checkpoint(inst.db.superUrl);

    const t0 = performance.now();
    const since = () => (performance.now() - t0) / 1000;
    const [acceptedAfter, seconds] = await Promise.all([
      ask(outside, { kind: "post", url: `${inst.url}/api/v1/documents?wait=false`, token, bodies }).then((r) => {
        if (JSON.stringify(r.statuses) !== JSON.stringify({ 202: DOCS })) {
          throw new Error(`POST /documents answered ${JSON.stringify(r.statuses)}`);
        }
        return since();
      }),
      settled(system, DOCS).then(since),
    ]);

    const [size] = await owner`select pg_relation_size('rag.tb_doc_chunk_vector_embedding_idx') / 2 ^ 20 as hnsw,
                                      current_setting('shared_buffers') as buffers`;
    const rows = await chunkRows(system);
    const copySeconds = await copyBaseline(owner, inst.db.superUrl, rows);
    const rate = rows.length / seconds;
    const copyRate = rows.length / copySeconds;
    const kb = pages.reduce((n, p) => n + p.bytes.length, 0) / DOCS / 1024;
    return [{
      bench: "ingest",
      metric: `${DOCS} docs of ${kb.toFixed(1)} KB Korean HTML, POST /documents?wait=false until indexed ` +
        `(${rows.length} chunks, ${WORKERS} workers)`,
      value: rate,
      unit: "chunks/s",
      baseline: {
        metric: "COPY of the same chunk rows into an empty copy of the table with its indexes",
        value: copyRate,
      },
      ratio: rate / copyRate,
      bar: { what: "ratio", op: ">=", target: 0.25, from: "issue 5" },
      note: `${(DOCS / seconds).toFixed(1)} docs/s over ${seconds.toFixed(1)} s (all ${DOCS} accepted after ` +
        `${acceptedAfter.toFixed(1)} s); instant embedding server; COPY took ${copySeconds.toFixed(1)} s ` +
        "(HNSW, two GIN tsvector, GIN organization and btree indexes in both; no foreign key or RLS in the copy); " +
        `HNSW index ${Number(size.hnsw).toFixed(0)} MB at the end, shared_buffers ${size.buffers}`,
    }];
  } finally {
    await Promise.all([owner.end(), system.end()]);
    await inst.stop();
    await ask(outside, { kind: "stop" });
    outside.terminate();
  }
}

const workerScope = (globalThis as { WorkerGlobalScope?: typeof EventTarget }).WorkerGlobalScope;
if (workerScope && self instanceof workerScope) serveOutside();
