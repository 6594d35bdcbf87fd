/**
 * Search at 100,000 chunks (issue 6, item 7): BENCH_SEARCH_CHUNKS (default 100,000) chunks of about 500
 * Korean characters with 1024-dimension vectors, in one tenant whose departments hold 1% and 10% of
 * the chunks, and a company-wide department that every document also belongs to (100%). For each
 * principal class, sequential warm `POST /api/v1/search` latency (token check, directory state,
 * settings, question analysis, embedding call, transaction with the principal's settings and the tuned
 * vector scan, the fused statement under row-level security, the audit row) beside the same fused
 * statement run directly in this process by the table owner without row-level security, the same
 * statement as the application role under the principal without HTTP or audit, and the vector leg
 * alone; then the vector leg's filtered recall@10 under the principal against an exact scan.
 *
 * The 100% class is measured twice: a member of the company-wide department (the organization test
 * passes on every chunk) and an administrator (no organization test at all; CONTRACT 2.1).
 * The embedding server runs on a Web Worker thread and answers each question with a precomputed vector
 * near the chunk the question was written from, so latency excludes the model. BENCH_SEARCH_EXPLAIN
 * names a file for the EXPLAIN (ANALYZE, BUFFERS) plans of each class. Each class asks BENCH_SEARCH_QUERIES
 * (default 20) questions, each run once every way to warm up and then BENCH_SEARCH_ROUNDS (default 2) times
 * every way, interleaved; at 100,000 chunks a statement for a 100% principal takes seconds, so more samples
 * cost tens of minutes.
 */
import postgres from "postgres";
import { connect, type Sql } from "@/sql/mod.ts";
import { efSearchFor, type HybridQuery } from "@/sql/rag/search.ts";
import {
  analyze,
  bigrams,
  dbPrincipal,
  expandQuery,
  lexicalQuery,
  type Principal,
  queryLexemes,
  syncOrganizations,
  vectorText,
} from "@/domain/rag/mod.ts";
import { withPrincipal } from "@/sql/rag/session.ts";
import { ADMIN_KEY, CENTRAL, RAG_SERVICE_KEY, userToken } from "@/tests/_helpers/tokens.ts";
import type { Figure } from "./_report.ts";
import { type BenchInstance, benchInstance } from "./_env.ts";
import { departments, type Doc, documents, question, type Share } from "./_search_corpus.ts";
import { dropIndexes, insertChunks, insertDocuments, rebuildIndexes, vacuumAnalyze } from "./_search_load.ts";
import { directPool, explainDirect, explainUnderRls, vectorAccess } from "./_search_measure.ts";
import { type ClassResult, measureClass } from "./_search_run.ts";
import { keepDatabase, type Kept, readKept } from "./_search_reuse.ts";
import { existingDatabase } from "@/tests/_helpers/db.ts";

const CHUNKS = Number(Deno.env.get("BENCH_SEARCH_CHUNKS") ?? 100_000);
const QUERIES = Number(Deno.env.get("BENCH_SEARCH_QUERIES") ?? 20);
const ROUNDS = Number(Deno.env.get("BENCH_SEARCH_ROUNDS") ?? 2);
const EXPLAIN_TO = Deno.env.get("BENCH_SEARCH_EXPLAIN");
const REUSE = Deno.env.get("BENCH_SEARCH_REUSE");
const OTHER_DEPARTMENTS = 18;
const PUBLIC_ORG = "00000000-0000-4000-8000-0000000000ff";

/** A principal class: whose chunks its questions are about, and what its token says. */
interface PrincipalClass {
  key: string;
  department: "p1" | "p10" | "all";
  admin: boolean;
  asksAbout: (s: Share) => boolean;
}

const CLASSES: PrincipalClass[] = [
  { key: "1%", department: "p1", admin: false, asksAbout: (s) => s === "p1" },
  { key: "10%", department: "p10", admin: false, asksAbout: (s) => s === "p10" },
  { key: "100% (company-wide department)", department: "all", admin: false, asksAbout: () => true },
  { key: "100% (administrator)", department: "all", admin: true, asksAbout: () => true },
];

/** QUERIES questions per class, each about a random chunk of a document the class may see; texts unique. */
function questions(docs: Doc[], shares: Share[]): Map<string, { text: string; vector: number[] }[]> {
  const seen = new Set<string>();
  const out = new Map<string, { text: string; vector: number[] }[]>();
  CLASSES.forEach((c, ci) => {
    const eligible = docs.filter((d) => c.asksAbout(shares[d.index]));
    const list: { text: string; vector: number[] }[] = [];
    for (let seed = 1; list.length < QUERIES; seed++) {
      const doc = eligible[(seed * 7919 + ci * 104729) % eligible.length];
      const q = question(doc, (seed * 31) % doc.chunks, ci * 1_000_000 + seed);
      if (!seen.has(q.text)) seen.add(q.text), list.push(q);
    }
    out.set(c.key, list);
  });
  return out;
}

/** Creates the company and its departments through the directory admin API, and syncs organizations. */
async function organizations(url: string, sync: () => Promise<unknown>) {
  const admin = async (path: string, json: unknown) => {
    const res = await fetch(`${url}/api/directory/v1/admin${path}`, {
      method: "POST",
      headers: { "x-directory-admin-key": ADMIN_KEY, "content-type": "application/json" },
      body: JSON.stringify(json),
    });
    return (await res.json()).data.id as string;
  };
  const tenant = await admin("/companies", { code: "BENCH", name: "벤치" });
  const dept = (code: string, name: string) => admin("/departments", { companyId: tenant, code, name });
  const p1 = await dept("P1", "1% 부서"), p10 = await dept("P10", "10% 부서"), all = await dept("ALL", "전사");
  const others: string[] = [];
  for (let k = 0; k < OTHER_DEPARTMENTS; k++) others.push(await dept(`D${k}`, `부서 ${k}`));
  await sync();
  return { tenant, p1, p10, all, others };
}

type Orgs = Awaited<ReturnType<typeof organizations>>;

/** Loads the corpus as the system role, indexes as the owner; seconds per phase. */
async function load(urls: { owner: string; system: string }, orgs: Orgs, docs: Doc[], shares: Share[]) {
  const owner = postgres(urls.owner, { max: 2, idle_timeout: 0, onnotice: () => {} });
  const system = postgres(urls.system, { max: 2, idle_timeout: 0, onnotice: () => {} });
  const ofDoc = (d: Doc) => {
    const s = shares[d.index];
    return [s === "p1" ? orgs.p1 : s === "p10" ? orgs.p10 : orgs.others[s], orgs.all];
  };
  try {
    const t0 = performance.now();
    const ids = await insertDocuments(system, orgs.tenant, docs, ofDoc);
    const tDocs = performance.now();
    const indexes = await dropIndexes(owner);
    let reported = 0;
    await insertChunks(system, orgs.tenant, docs, ids, ofDoc, (n) => {
      if (n - reported < 10_000) return;
      reported = n;
      console.error(`bench search: ${n} chunks (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    });
    // The service's search-stats task would fold the statistics the triggers appended; no workers run here.
    await system`select rag.search_stats_compact()`;
    const tChunks = performance.now();
    const indexTimes = await rebuildIndexes(owner, indexes);
    const vacuum = await vacuumAnalyze(owner);
    return {
      total: (performance.now() - t0) / 1000,
      documents: (tDocs - t0) / 1000,
      chunks: (tChunks - tDocs) / 1000,
      indexes: indexTimes,
      vacuum,
    };
  } finally {
    await Promise.all([owner.end(), system.end()]);
  }
}

/**
 * The statement's parameters for a question, as domain/rag/search.ts `searchContexts` builds them: the
 * glossary's expansion, the retrieval settings the service reads and the caller's statistics read under its
 * principal, every leg on, ten results.
 */
async function hybridQuery(st: Stage, p: Principal, text: string, vector: number[]): Promise<HybridQuery> {
  const ctx = st.inst.runtime.jobs.rag!;
  const { synonyms } = await ctx.ontology.current();
  const r = (await ctx.settings.current()).settings.retrieval;
  const scope = {
    tenantId: p.tenantId!,
    clearance: p.clearance,
    organizationIds: p.isAdmin ? null : [p.organizationId, ctx.publicOrgId].filter((o): o is string => o !== null),
  };
  const ask = {
    wordLexemes: queryLexemes(expandQuery(analyze(text), synonyms)),
    bigrams: queryLexemes(bigrams(text)),
    candidates: r.candidateLimit,
  };
  const lexical = await withPrincipal(st.app, dbPrincipal(ctx, p), (tx) => lexicalQuery(tx, scope, ask));
  return {
    ...scope,
    ...lexical,
    vector: vectorText(vector),
    candidates: r.candidateLimit,
    rrfK: r.rrfK,
    weights: r.weights,
    limit: 10,
  };
}

/** What every class is measured against. */
interface Stage {
  inst: BenchInstance;
  orgs: Orgs;
  app: Sql;
  owner: Sql;
  embeddingUrl: string;
  asked: Map<string, { text: string; vector: number[] }[]>;
}

/** Measures one class, and explains its first question's plans into `plans`. */
async function runClass(st: Stage, c: PrincipalClass, plans: string[]): Promise<ClassResult> {
  const org = c.department === "p1" ? st.orgs.p1 : c.department === "p10" ? st.orgs.p10 : st.orgs.all;
  const who = { sub: `bench-${c.department}-${c.admin}`, tenantId: st.orgs.tenant, organizationId: org, clearance: 1 };
  const ctx = st.inst.runtime.jobs.rag!;
  const p: Principal = { ...who, isAdmin: c.admin, isOperator: false, portalId: null };
  const principal = dbPrincipal(ctx, p);
  const questions = [];
  for (const q of st.asked.get(c.key)!) {
    questions.push({ text: q.text, h: await hybridQuery(st, p, q.text, q.vector) });
  }
  console.error(`bench search: measuring ${c.key} ...`);
  const r = await measureClass({
    url: st.inst.url,
    token: await userToken({ ...who, admin: c.admin, expiresInSeconds: 6 * 3600 }),
    app: st.app,
    owner: st.owner,
    principal,
    embedding: { endpoint: st.embeddingUrl, model: (await ctx.settings.current()).settings.embedding.model },
    questions,
    rounds: ROUNDS,
  });
  const plan = await explainUnderRls(st.app, principal, questions[0].h);
  const direct = await explainDirect(st.owner, questions[0].h);
  plans.push(
    `# ${c.key}: ${questions[0].text}\n`,
    `## under RLS: fused\n${plan.fused}\n`,
    `## under RLS: vector leg\n${plan.vector}\n`,
    `## direct: fused\n${direct.fused}\n`,
    `## direct: vector leg\n${direct.vector}\n`,
  );
  return { ...r, key: c.key, vectorAccess: vectorAccess(plan.vector) };
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  const docs = documents(CHUNKS);
  const shares = departments(docs, OTHER_DEPARTMENTS);
  const asked = questions(docs, shares);
  const outside = new Worker(import.meta.url, { type: "module" });
  const entries = [...asked.values()].flat().map((q) => [q.text, q.vector]);
  const { url: embeddingUrl } = await ask(outside, { kind: "vectors", entries }) as { url: string };
  let toKeep: Kept<Orgs, Awaited<ReturnType<typeof load>>> | undefined;
  const kept = REUSE ? readKept<Orgs, Awaited<ReturnType<typeof load>>>(REUSE, CHUNKS) : null;
  const inst = await benchInstance({
    CENTRAL_JWT_SECRET: CENTRAL.secret,
    CENTRAL_JWT_ISSUER: CENTRAL.issuer,
    CENTRAL_JWT_AUDIENCE: CENTRAL.audience,
    RAG_DIRECTORY_API_KEY: RAG_SERVICE_KEY,
    RAG_PUBLIC_ORGANIZATION_ID: PUBLIC_ORG,
    RAG_ORG_SYNC_MAX_STALENESS_SECONDS: "86400",
    PRIVATE_EMBEDDING_URL: embeddingUrl,
  }, { database: kept ? await existingDatabase(kept.database) : undefined, keep: REUSE !== undefined });
  const { candidateLimit } = (await inst.runtime.jobs.rag!.settings.current()).settings.retrieval;
  // The ef_search the domain's tune_vector_scan sets, for the whole session.
  const owner = directPool(inst.db.ownerUrl, efSearchFor(candidateLimit));
  const app = connect(inst.db.appUrl, { max: 1, statementTimeoutMs: 300_000 });
  try {
    const sync = () => syncOrganizations(inst.runtime.jobs.rag!);
    const orgs = kept ? (await sync(), kept.orgs) : await organizations(inst.url, sync);
    const loaded = kept?.loaded ??
      await load({ owner: inst.db.ownerUrl, system: inst.db.systemUrl }, orgs, docs, shares);
    if (REUSE && !kept) toKeep = { database: inst.db.name, chunks: CHUNKS, orgs, loaded };
    // The direct baseline: the owner without row-level security (the application role stays bound by it), on a
    // kept corpus too, where a migration may have added a table the statement reads.
    for (const table of ["tb_doc_chunk_vector", "tb_doc_chunk_terms", "tb_ai_document_registry"]) {
      await owner.unsafe(`alter table rag.${table} no force row level security`);
    }
    console.error(`bench search: loaded in ${loaded.total.toFixed(0)} s`);
    const plans: string[] = [];
    const results: ClassResult[] = [];
    const stage = { inst, orgs, app, owner, embeddingUrl, asked };
    const loadBefore = loadAverage();
    for (const c of CLASSES) results.push(await runClass(stage, c, plans));
    const contention = `load average ${loadBefore} before measuring, ${loadAverage()} after`;
    const { misses } = await ask(outside, { kind: "misses" }) as { misses: number };
    if (misses > 0) throw new Error(`the embedding server was asked for ${misses} texts it had no vector for`);
    if (EXPLAIN_TO) Deno.writeTextFileSync(EXPLAIN_TO, plans.join("\n"));
    return figures({ ...loaded, contention }, results);
  } finally {
    await owner.end();
    await app.end();
    await inst.stop();
    if (REUSE && toKeep) await keepDatabase(REUSE, toKeep);
    // Terminating the thread closes its server: shutdown() would wait on this process's idle keep-alive connections.
    outside.terminate();
  }
}

const f = (ms: number) => ms.toFixed(1);
const loadAverage = () => Deno.readTextFileSync("/proc/loadavg").split(" ")[0];
type Loaded = Awaited<ReturnType<typeof load>> & { contention: string };

function loadFigure(loaded: Loaded): Figure {
  const idx = Object.entries(loaded.indexes).map(([k, v]) => `${k} ${v.toFixed(0)} s`).join(", ");
  return {
    bench: "search",
    metric: `load ${CHUNKS} chunks of ~500 Korean characters, 1024-d (as the owner, batched inserts, indexes rebuilt)`,
    value: loaded.total,
    unit: "s",
    note: `documents ${loaded.documents.toFixed(1)} s; chunks (generate, analyze, insert without the secondary ` +
      `indexes, the statistics triggers and one fold of their deltas) ${
        loaded.chunks.toFixed(0)
      } s; index builds: ${idx}; vacuum analyze ${loaded.vacuum.toFixed(0)} s; ` +
      loaded.contention,
  };
}

/**
 * The class's HTTP p95 against the vector leg alone for the same principal (the best the database does on
 * this step alone: issue 17), the fused statement's own figures, and the vector leg's recall.
 */
function classFigures(r: ClassResult): Figure[] {
  const t = r.times, rec = r.recall;
  return [{
    bench: "search",
    metric: `${r.key} visible: HTTP search p95 (POST /api/v1/search, ${r.samples} sequential requests)`,
    value: t.http.p95,
    unit: "ms",
    baseline: { metric: "vector leg alone, direct, p95", value: t.vector.p95 },
    ratio: t.http.p95 / t.vector.p95,
    bar: { what: "ratio", op: "<=", target: 5, from: "issue 17" },
    note: `sees ${r.visible} chunks; p50 HTTP ${f(t.http.p50)} ms, vector leg ${f(t.vector.p50)} ms (ratio ` +
      `${(t.http.p50 / t.vector.p50).toFixed(2)}); the fused statement by the owner without RLS: p50 ` +
      `${f(t.direct.p50)} / p95 ${f(t.direct.p95)} ms; as the app role under RLS in a transaction (its ` +
      `statistics already read), no HTTP or audit: p50 ${f(t.rls.p50)} / p95 ${f(t.rls.p95)} ms; the embedding call ` +
      `alone: p50 ${f(t.embed.p50)} / p95 ${f(t.embed.p95)} ms; HTTP results identical to the direct run's for ` +
      `${r.identical.http} of ${r.questions} questions; text leg's ten best as scoring every match would rank them: ` +
      `${r.textExact} of ${r.questions} questions, bigram leg's: ${r.bigramExact}`,
  }, {
    bench: "search",
    metric: `${r.key} visible: vector leg alone, direct, p95`,
    value: t.vector.p95,
    unit: "ms",
    note: `p50 ${f(t.vector.p50)} ms; under the principal the vector leg is read by ${r.vectorAccess}`,
  }, {
    bench: "search",
    metric: `${r.key} visible: filtered recall@10 (vector leg under RLS vs exact scan, ${r.questions} questions)`,
    value: rec.mean,
    unit: "",
    bar: { what: "value", op: ">=", target: 0.95, from: "issue 17" },
    note: `min ${rec.min.toFixed(2)}; ${rec.full} of ${r.questions} questions found all ten`,
  }];
}

/** The report's rows: the load, then per class the bar figures. */
function figures(loaded: Loaded, results: ClassResult[]): Figure[] {
  return [loadFigure(loaded), ...results.flatMap(classFigures)];
}

/** Sends one message to the embedding thread and resolves with its answer (one at a time). */
function ask(worker: Worker, message: unknown): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    worker.onmessage = ({ data }) => resolve(data);
    worker.postMessage(message);
  });
}

/** The instant embedding server, on its own thread: each question's precomputed vector. */
function serveEmbeddings() {
  const vectors = new Map<string, number[]>();
  let misses = 0;
  const scope = self as unknown as Worker;
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const { input } = await req.json() as { input: string | string[] };
    const texts = Array.isArray(input) ? input : [input];
    if (texts.some((t) => !vectors.has(t))) return misses++, new Response("unknown text", { status: 500 });
    const data = texts.map((t, index) => ({ object: "embedding", index, embedding: vectors.get(t) }));
    return Response.json({ object: "list", data, model: "instant", usage: { prompt_tokens: 0, total_tokens: 0 } });
  });
  scope.onmessage = ({ data: m }: MessageEvent) => {
    if (m.kind === "vectors") { for (const [text, v] of m.entries as [string, number[]][]) vectors.set(text, v); }
    scope.postMessage({ url: `http://127.0.0.1:${server.addr.port}/v1/embeddings`, misses });
  };
}

const workerScope = (globalThis as { WorkerGlobalScope?: typeof EventTarget }).WorkerGlobalScope;
if (workerScope && self instanceof workerScope) serveEmbeddings();
