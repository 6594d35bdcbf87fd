/**
 * `deno task eval`: retrieval quality on ../shared/eval-ko (dev split) through the real API. Every passage goes in as
 * its own document (`POST /api/v1/documents`, body from a loopback content host, title = article title); every query
 * goes to `POST /api/v1/search` once per configuration (the fusion, each leg alone, the two lexical legs fused).
 * Prints recall@5 and MRR@10 per configuration beside the issue's bar, timing, and a fusion analysis replayed offline
 * from each leg's own candidate list; writes it all to bench/EVAL.md on a full run.
 *
 * Embedding: the generated test model served by the embedding component in a child process (the ONNX runtime never
 * loads here), or EVAL_EMBEDDING_URL (OpenAI-compatible; `/v1/embeddings` is added to a bare origin) with
 * EVAL_EMBEDDING_MODEL as the model name. EVAL_LIMIT_QUERIES=n runs the first n queries only (EVAL.md untouched);
 * EVAL_DUMP=file.json writes every ranking for offline analysis; EVAL_RRF_K=n sets retrieval.rrfK for the run.
 */
import postgres from "postgres";
import { defaultSettings, type Leg, type Settings, syncOrganizations } from "@/domain/rag/mod.ts";
import { writeTestModel } from "@/scripts/make_test_model.ts";
import { startContentHost } from "@/tests/_helpers/content_host.ts";
import { retrievalEnv } from "@/tests/_helpers/rag.ts";
import { ADMIN_KEY, userToken } from "@/tests/_helpers/tokens.ts";
import { startEmbeddingProcess } from "@/tests/embedding/_process.ts";
import { type BenchInstance, benchInstance } from "./_env.ts";
import { score } from "./eval_lexical.ts";
import { type Figure, median } from "./_report.ts";
import { floorEffect, floorSection } from "./_eval_floor.ts";

const EVAL_DIR = new URL("../../shared/eval-ko/", import.meta.url);
const LIMIT_QUERIES = Number(Deno.env.get("EVAL_LIMIT_QUERIES") ?? 0);
const INGEST_WORKERS = Number(Deno.env.get("EVAL_INGEST_WORKERS") ?? 8);
const IN_FLIGHT = 8;
/** Tries another RRF k through the settings API (the service's default otherwise). */
const RRF_K = Deno.env.get("EVAL_RRF_K");
/** The issue's bar for the fusion with the test model. */
const BAR = { recallAt5: 0.95, mrrAt10: 0.88 };

interface Passage {
  id: string;
  title: string;
  text: string;
}

/** One eval-ko query. */
export interface Query {
  id: string;
  text: string;
  relevant_ids: string[];
}

/** The configurations scored; `legs` undefined is the service's default, all three. */
const CONFIGS: { name: string; legs?: Leg[] }[] = [
  { name: "fusion: vector + text + bigram" },
  { name: "vector alone", legs: ["vector"] },
  { name: "text alone", legs: ["text"] },
  { name: "bigram alone", legs: ["bigram"] },
  { name: "fusion: text + bigram", legs: ["text", "bigram"] },
];

const f3 = (n: number) => n.toFixed(3);

function readJsonl<T>(name: string): T[] {
  return Deno.readTextFileSync(new URL(name, EVAL_DIR)).split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
}

/** The embedding endpoint: the test model in a child process unless EVAL_EMBEDDING_URL names another. */
async function embedding(): Promise<{ url: string; model: string; label: string; stop(): Promise<void> }> {
  const external = Deno.env.get("EVAL_EMBEDDING_URL");
  if (external) {
    const u = new URL(external);
    if (u.pathname === "/") u.pathname = "/v1/embeddings";
    const model = Deno.env.get("EVAL_EMBEDDING_MODEL") ?? defaultSettings({}).embedding.model;
    return { url: u.toString(), model, label: `${model} at ${u.origin}`, stop: async () => {} };
  }
  const tmp = await Deno.makeTempDir({ prefix: "eval_model_" });
  const dir = `${tmp}/test-embedding`;
  await writeTestModel(dir);
  const child = await startEmbeddingProcess(dir);
  const { model } = await (await fetch(`${child.url}/healthz`)).json();
  return {
    url: `${child.url}/v1/embeddings`,
    model,
    label: `generated test model (scripts/make_test_model.ts, "${model}")`,
    async stop() {
      await child.stop();
      await Deno.remove(tmp, { recursive: true });
    },
  };
}

/** POSTs JSON and returns the parsed answer, failing on any status but `expect`. */
async function post(url: string, headers: Record<string, string>, json: unknown, expect = 200, method = "POST") {
  const res = await fetch(url, {
    method,
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(json),
  });
  const text = await res.text();
  if (res.status !== expect) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** A company with one department in the directory, synced into tb_organization. */
async function organization(inst: BenchInstance): Promise<{ tenant: string; dept: string }> {
  const admin = { "x-directory-admin-key": ADMIN_KEY };
  const base = `${inst.url}/api/directory/v1/admin`;
  const tenant = (await post(`${base}/companies`, admin, { code: "EVAL", name: "평가" }, 201)).data.id;
  const dept = (await post(`${base}/departments`, admin, { companyId: tenant, code: "A", name: "A" }, 201)).data.id;
  await syncOrganizations(inst.runtime.jobs.rag!);
  return { tenant, dept };
}

/** Runs `fn` over `items` with `n` in flight. */
async function pool<T>(items: T[], n: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: n }, worker));
}

/** Ingestion jobs done and failed so far, and chunks written, read as the system role. */
async function progress(
  system: postgres.Sql,
): Promise<{ done: number; failed: number; error: string; chunks: number }> {
  const [row] = await system`select count(*) filter (where status = 'done')::int as done,
                                    count(*) filter (where status = 'failed')::int as failed, max(error) as error,
                                    (select count(*) from rag.tb_doc_chunk_vector)::int as chunks
                             from rag.ingestion_jobs`;
  return row as { done: number; failed: number; error: string; chunks: number };
}

/** Everything a run needs: the instance, its tenant and department, a user token and the settings in force. */
interface Eval {
  inst: BenchInstance;
  org: { tenant: string; dept: string };
  token: string;
  settings: Settings;
}

/** Serves one passage and registers it as a document of its own (wait=false); answers its document id. */
async function postPassage(e: Eval, host: ReturnType<typeof startContentHost>, p: Passage): Promise<string> {
  const served = await host.putHashed(`/eval/${p.id}.txt`, { body: p.text, type: "text/plain; charset=utf-8" });
  const res = await post(`${e.inst.url}/api/v1/documents?wait=false`, { authorization: `Bearer ${e.token}` }, {
    portalId: "eval",
    sourceDocumentId: crypto.randomUUID(),
    sourceVersion: "v1",
    tenantId: e.org.tenant,
    organizationIds: [e.org.dept],
    securityLevel: "INTERNAL",
    title: p.title,
    contentLocator: served.url,
    checksum: served.sha256,
    contentType: "text/plain",
    registrant: { id: "eval-user", departmentCode: "A" },
    sizeBytes: served.size,
  }, 202);
  return res.documentId;
}

/**
 * Posts every passage (IN_FLIGHT requests at a time) and polls the job table until all are indexed, so the
 * workers' concurrency sets the pace. Answers documentId -> passage id, the seconds it took and the chunks written.
 */
async function ingest(e: Eval, passages: Passage[]) {
  const host = startContentHost();
  const system = postgres(e.inst.db.systemUrl, { max: 1, onnotice: () => {} });
  const passageOf = new Map<string, string>();
  try {
    const t0 = performance.now();
    const since = () => (performance.now() - t0) / 1000;
    const posting = { finished: false, error: undefined as unknown };
    pool(passages, IN_FLIGHT, async (p) => void passageOf.set(await postPassage(e, host, p), p.id))
      .then(() => posting.finished = true, (err) => posting.error = err);
    for (let tick = 0;; tick++) {
      const { done, failed, error, chunks } = await progress(system);
      if (posting.error) throw posting.error;
      if (failed > 0) throw new Error(`${failed} ingestion jobs failed, e.g. ${error}`);
      if (posting.finished && done >= passages.length) return { passageOf, seconds: since(), chunks };
      if (tick % 4 === 0) {
        const line = `accepted ${passageOf.size}/${passages.length}, indexed ${done} (${
          (done / since()).toFixed(1)
        }/s)`;
        Deno.stderr.writeSync(new TextEncoder().encode(`\ringest: ${line}   `));
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    console.error();
    await system.end();
    await host.stop();
  }
}

/** One returned context, reduced to what the eval needs. */
interface Hit {
  chunkId: string;
  documentId: string;
}

/** Runs every query once with `legs`; answers each query's contexts and each request's milliseconds. */
async function runQueries(url: string, token: string, queries: Query[], legs: Leg[] | undefined, limit: number) {
  const hits = new Map<string, Hit[]>();
  const ms: number[] = [];
  for (const q of queries) {
    const t0 = performance.now();
    const res = await post(`${url}/api/v1/search`, { authorization: `Bearer ${token}` }, {
      question: q.text,
      limit,
      ...(legs ? { legs } : {}),
    });
    ms.push(performance.now() - t0);
    hits.set(q.id, (res.contexts as Hit[]).map(({ chunkId, documentId }) => ({ chunkId, documentId })));
  }
  return { hits, ms };
}

/** Passage ids best first, each passage once at its best rank. */
export function passages(hits: Hit[], passageOf: (documentId: string) => string): string[] {
  return [...new Set(hits.map((h) => passageOf(h.documentId)))];
}

/** Per leg, per query: the leg's candidates best first, at chunk level (what the SQL fuses). */
type LegLists = Map<Leg, Map<string, { chunkId: string; passage: string }[]>>;

/**
 * The fusion replayed from the legs' candidate lists: a chunk scores the sum of weight / (k + rank) over the legs
 * that found it, ties to the lower chunk id, as sql/rag/search.sql does.
 */
function replay(legLists: LegLists, queryId: string, k: number, weights: Record<Leg, number>): string[] {
  const fused = new Map<string, { s: number; passage: string }>();
  for (const [leg, byQuery] of legLists) {
    if (!weights[leg]) continue;
    for (const [i, c] of (byQuery.get(queryId) ?? []).entries()) {
      const e = fused.get(c.chunkId) ?? { s: 0, passage: c.passage };
      e.s += weights[leg] / (k + i + 1);
      fused.set(c.chunkId, e);
    }
  }
  const order = [...fused].sort((a, b) => b[1].s - a[1].s || Number(a[0]) - Number(b[0]));
  return [...new Set(order.map(([, e]) => e.passage))].slice(0, 10);
}

/** 1-based rank of the first relevant passage in a list, or "-" when absent. */
function rankOf(list: string[] | undefined, relevant: string[]): number | "-" {
  const i = (list ?? []).findIndex((id) => relevant.includes(id));
  return i < 0 ? "-" : i + 1;
}

const hitAt5 = (list: string[] | undefined, q: Query) => rankOf(list?.slice(0, 5), q.relevant_ids) !== "-";

/** The fusion's misses at 5, each with the rank of its relevant passage in every leg and in both fusions. */
function missTable(
  queries: Query[],
  legLists: LegLists,
  fusion: Map<string, string[]>,
  lexical: Map<string, string[]>,
) {
  const legRank = (leg: Leg, q: Query) =>
    rankOf([...new Set((legLists.get(leg)!.get(q.id) ?? []).map((c) => c.passage))], q.relevant_ids);
  const misses = queries.filter((q) => !hitAt5(fusion.get(q.id), q));
  return [
    `Fusion misses at 5 (${misses.length}): rank of the relevant passage in each leg's candidates ("-": not there).`,
    "",
    "| query | vector | text | bigram | text + bigram | fusion |",
    "| --- | --- | --- | --- | --- | --- |",
    ...misses.map((q) => {
      const legs = (["vector", "text", "bigram"] as const).map((l) => legRank(l, q));
      const fused = [lexical, fusion].map((m) => rankOf(m.get(q.id), q.relevant_ids));
      return `| ${q.id} | ${[...legs, ...fused].join(" | ")} |`;
    }),
  ];
}

/** Replayed recall@5 / MRR@10 over a grid of RRF k and vector weights; ✓ marks a cell that meets the bar. */
function replayGrid(queries: Query[], legLists: LegLists, r: Settings["retrieval"]): string[] {
  const weights = [1, 0.5, 0.25, 0];
  const lines = [
    "Replayed recall@5 / MRR@10 by RRF k (rows) and the vector leg's weight (columns; text " +
    `${r.weights.text}, bigram ${r.weights.bigram} as configured):`,
    "",
    `| k | ${weights.map((w) => `vector × ${w}`).join(" | ")} |`,
    `| --- |${" --- |".repeat(weights.length)}`,
  ];
  for (const k of [1, 3, 5, 10, 20, 30, 60, 100]) {
    const cells = weights.map((w) => {
      const lists = queries.map((q) => [q.id, replay(legLists, q.id, k, { ...r.weights, vector: w })] as const);
      const m = score(queries, new Map(lists));
      return `${f3(m.recallAt5)} / ${f3(m.mrrAt10)}${meetsBar(m) ? " ✓" : ""}`;
    });
    lines.push(`| ${k}${k === r.rrfK ? " (current)" : ""} | ${cells.join(" | ")} |`);
  }
  return lines;
}

/**
 * Why the fusion scores what it does: whether the replay reproduces it, what the vector leg adds to the lexical
 * fusion, where each leg ranked the relevant passage of every miss, and what other k and vector weights would score.
 */
function fusionReport(
  queries: Query[],
  legLists: LegLists,
  ranked: Map<string, Map<string, string[]>>,
  r: Settings["retrieval"],
) {
  const { rrfK: k, weights } = r;
  const fusion = ranked.get(CONFIGS[0].name)!, lexical = ranked.get(CONFIGS[4].name)!;
  const same =
    queries.filter((q) => replay(legLists, q.id, k, weights).join() === (fusion.get(q.id) ?? []).join()).length;
  const lost = queries.filter((q) => hitAt5(lexical.get(q.id), q) && !hitAt5(fusion.get(q.id), q)).length;
  const won = queries.filter((q) => !hitAt5(lexical.get(q.id), q) && hitAt5(fusion.get(q.id), q)).length;
  return [
    "### Fusion analysis (replayed offline from each leg's candidate list)",
    "",
    `The replay (k ${k}; weights vector ${weights.vector}, text ${weights.text}, bigram ${weights.bigram}) reproduces the live fusion's top 10 for ${same}/${queries.length} queries. ` +
    `Against the text + bigram fusion, adding the vector leg loses ${lost} hits at 5 and wins ${won}.`,
    "",
    ...missTable(queries, legLists, fusion, lexical),
    "",
    ...replayGrid(queries, legLists, r),
  ].join("\n");
}

const meetsBar = (m: { recallAt5: number; mrrAt10: number }) =>
  m.recallAt5 >= BAR.recallAt5 && m.mrrAt10 >= BAR.mrrAt10;

/** The figures table: one row per configuration, the fusion's row beside the bar. */
function figuresTable(rows: { name: string; recallAt5: number; mrrAt10: number; p50: number }[]): string {
  const lines = [
    "| configuration | recall@5 | MRR@10 | query p50 | bar (test model) |",
    "| --- | --- | --- | --- | --- |",
  ];
  for (const [i, r] of rows.entries()) {
    const bar = i === 0
      ? `recall@5 ≥ ${BAR.recallAt5}, MRR@10 ≥ ${BAR.mrrAt10}: ${meetsBar(r) ? "met" : "**NOT met**"}`
      : "";
    lines.push(`| ${r.name} | ${f3(r.recallAt5)} | ${f3(r.mrrAt10)} | ${r.p50.toFixed(1)} ms | ${bar} |`);
  }
  return lines.join("\n");
}

/** A fresh instance wired to `model`, a tenant with one department, and the run's settings stored. */
async function start(model: { url: string; model: string }): Promise<Eval> {
  const inst = await benchInstance(retrievalEnv(model.url), { workers: true });
  try {
    const org = await organization(inst);
    const ttl = { expiresInSeconds: 6 * 3600 };
    const admin = await userToken({ tenantId: org.tenant, operator: true, sub: "eval-operator", ...ttl });
    const patch = {
      ingestion: { workerCount: INGEST_WORKERS },
      embedding: { model: model.model },
      ...(RRF_K ? { retrieval: { rrfK: Number(RRF_K) } } : {}),
    };
    const url = `${inst.url}/api/v1/admin/settings`;
    const { settings } = await post(url, { authorization: `Bearer ${admin}` }, patch, 200, "PUT");
    const user = { tenantId: org.tenant, organizationId: org.dept, clearance: 1, sub: "eval-user", ...ttl };
    return { inst, org, token: await userToken(user), settings };
  } catch (err) {
    await inst.stop();
    throw err;
  }
}

/** Scores every configuration at limit 10, then collects each leg's whole candidate list for the replay. */
async function measure(e: Eval, queries: Query[], toPassage: (documentId: string) => string) {
  const rows = [];
  const ranked = new Map<string, Map<string, string[]>>();
  for (const c of CONFIGS) {
    Deno.stderr.writeSync(new TextEncoder().encode(`\rquerying: ${c.name}                    `));
    const { hits, ms } = await runQueries(e.inst.url, e.token, queries, c.legs, 10);
    const lists = new Map([...hits].map(([id, h]) => [id, passages(h, toPassage)]));
    ranked.set(c.name, lists);
    rows.push({ name: c.name, ...score(queries, lists), p50: median(ms), ms });
  }
  const legLists: LegLists = new Map();
  for (const leg of ["vector", "text", "bigram"] as const) {
    Deno.stderr.writeSync(new TextEncoder().encode(`\rcandidates: ${leg}                              `));
    const { hits } = await runQueries(e.inst.url, e.token, queries, [leg], e.settings.retrieval.candidateLimit);
    const lists = [...hits].map(([id, h]) => [id, h.map((x) => ({ ...x, passage: toPassage(x.documentId) }))] as const);
    legLists.set(leg, new Map(lists));
  }
  console.error();
  return { rows, ranked, legLists };
}

/** Writes every ranking to `path` as JSON, for analyses this file does not make. */
async function dump(path: string, model: string, ranked: Map<string, Map<string, string[]>>, legLists: LegLists) {
  const plain = (m: Map<string, unknown>) => Object.fromEntries(m);
  const legs = Object.fromEntries([...legLists].map(([leg, m]) => [leg, plain(m)]));
  const live = Object.fromEntries([...ranked].map(([name, m]) => [name, plain(m)]));
  await Deno.writeTextFile(path, JSON.stringify({ model, legs, live }));
}

/** What one run measured, for the report. */
interface Outcome {
  model: string;
  passages: number;
  queries: Query[];
  settings: Settings;
  ingested: { seconds: number; chunks: number };
  rows: { name: string; recallAt5: number; mrrAt10: number; p50: number; ms: number[] }[];
  ranked: Map<string, Map<string, string[]>>;
  legLists: LegLists;
  floor: Awaited<ReturnType<typeof floorEffect>>;
}

/** The report: figures beside the bar, timing, then the fusion analysis. */
function render(o: Outcome): string {
  const fusion = o.rows[0], r = o.settings.retrieval, n = o.queries.length;
  const searches = o.rows.length * n, p50 = median(o.rows.flatMap((x) => x.ms));
  return [
    `Embedding model: ${o.model}. ${o.passages} passages as ${o.ingested.chunks} chunks, ${n} queries (eval-ko dev); ` +
    `limit 10; rrfK ${r.rrfK}, leg weights vector ${r.weights.vector}, text ${r.weights.text}, bigram ` +
    `${r.weights.bigram}; ${r.candidateLimit} candidates per leg.`,
    "",
    figuresTable(o.rows),
    "",
    `Fusion bar (test model): recall@5 ${f3(fusion.recallAt5)} vs ≥ ${BAR.recallAt5}, MRR@10 ` +
    `${f3(fusion.mrrAt10)} vs ≥ ${BAR.mrrAt10}: ${meetsBar(fusion) ? "met" : "NOT met"}.`,
    "",
    `Timing: ingest ${o.ingested.seconds.toFixed(1)} s, ${(o.passages / o.ingested.seconds).toFixed(1)} docs/s ` +
    `(${INGEST_WORKERS} workers, ${IN_FLIGHT} requests in flight, wait=false then polled); ` +
    `query p50 ${p50.toFixed(1)} ms over ${searches} searches, one in flight.`,
    "",
    fusionReport(o.queries, o.legLists, o.ranked, r),
    "",
    floorSection(o.floor),
  ].join("\n");
}

/** Writes the report to bench/EVAL.md, formatted as `deno fmt --check` (part of `deno task ok`) expects. */
async function save(report: string): Promise<void> {
  const file = new URL("./EVAL.md", import.meta.url).pathname;
  const date = new Date().toISOString().slice(0, 10);
  await Deno.writeTextFile(file, `# Retrieval quality on eval-ko (dev)\n\n\`deno task eval\`, ${date}.\n\n${report}\n`);
  await new Deno.Command(Deno.execPath(), { args: ["fmt", "--quiet", file] }).output();
}

/** Ingests the corpus into a fresh instance and measures every configuration. */
async function evaluate(model: { url: string; model: string; label: string }, corpus: Passage[], queries: Query[]) {
  const e = await start(model);
  try {
    console.error(`eval-ko dev: ${corpus.length} passages, ${queries.length} queries; embedding: ${model.label}`);
    const ingested = await ingest(e, corpus);
    await syncOrganizations(e.inst.runtime.jobs.rag!); // a long ingestion must not leave the directory stale
    const toPassage = (documentId: string) => ingested.passageOf.get(documentId) ?? `unknown:${documentId}`;
    const measured = await measure(e, queries, toPassage);
    const floorContext = { ctx: e.inst.runtime.jobs.rag!, url: e.inst.url, token: e.token, passages: corpus };
    const floor = await floorEffect(floorContext, queries, toPassage);
    const outcome = { model: model.label, passages: corpus.length, queries, settings: e.settings, ingested, floor };
    return { ...outcome, ...measured };
  } finally {
    await e.inst.stop();
  }
}

async function main(): Promise<Outcome> {
  const corpus = readJsonl<Passage>("corpus.jsonl");
  const all = readJsonl<Query>("queries.jsonl");
  const queries = LIMIT_QUERIES > 0 ? all.slice(0, LIMIT_QUERIES) : all;
  const model = await embedding();
  try {
    const outcome = await evaluate(model, corpus, queries);
    const report = render(outcome);
    console.log(report);
    const dumpPath = Deno.env.get("EVAL_DUMP");
    if (dumpPath) await dump(dumpPath, model.label, outcome.ranked, outcome.legLists);
    if (LIMIT_QUERIES > 0 || RRF_K) console.error("(EVAL_LIMIT_QUERIES or EVAL_RRF_K set: bench/EVAL.md untouched)");
    else await save(report);
    return outcome;
  } finally {
    await model.stop();
  }
}

/**
 * For `deno task bench`: the fusion's recall@5 and MRR@10 against the issue's bar, each beside the best single leg
 * of the same run (what fusing has to beat), and every other configuration as information.
 */
export async function run(): Promise<Figure[]> {
  const o = await main();
  const [fusion, ...others] = o.rows;
  const figures: Figure[] = [];
  for (
    const [key, label, target] of [["recallAt5", "recall@5", BAR.recallAt5], [
      "mrrAt10",
      "MRR@10",
      BAR.mrrAt10,
    ]] as const
  ) {
    const best = others.filter((r) => r.name.endsWith("alone")).reduce((a, b) => (b[key] > a[key] ? b : a));
    figures.push({
      bench: "eval-ko",
      metric: `${label}, ${fusion.name} (${o.model})`,
      value: fusion[key],
      unit: "",
      baseline: { metric: `best single leg (${best.name})`, value: best[key] },
      ratio: fusion[key] / best[key],
      bar: { what: "value", op: ">=", target, from: "issue 6" },
      note: others.map((r) => `${r.name} ${f3(r[key])}`).join("; "),
    });
  }
  return figures;
}

if (import.meta.main) await main();
