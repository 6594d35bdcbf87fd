/**
 * What the search benchmark times and checks besides HTTP: the fused statement run directly by the
 * table owner (no row-level security), the same statement as the application role in a transaction
 * under a principal (what the domain runs, without the audit row), the vector leg alone, the vector
 * leg's recall@10 under the principal against an exact scan, and EXPLAIN (ANALYZE, BUFFERS) of each.
 */
import postgres from "postgres";
import { parseBlocks, type Sql } from "@/sql/mod.ts";
import { hybridParams, type HybridQuery, hybridSearch, tuneVectorScan } from "@/sql/rag/search.ts";
import { type DbPrincipal, type PrincipalTx, withPrincipal } from "@/sql/rag/session.ts";

const SEARCH_SQL = parseBlocks(Deno.readTextFileSync(new URL("../sql/rag/search.sql", import.meta.url)));
/** The fused statement's text, as sql/rag/search.sql has it. */
const HYBRID_SEARCH = SEARCH_SQL.get("hybrid_search")!.text;

/**
 * The vector leg alone: the fused statement's `vector_leg` CTE, selected on its own, with its
 * parameters renumbered from 1 (PostgreSQL must infer a type for every parameter it is sent).
 */
function vectorLeg(hybrid: string): { text: string; params: number[] } {
  const body = /^with vector_leg as \(\n([\s\S]*?)\n\), text_match as \(/m.exec(hybrid)?.[1];
  if (!body) throw new Error("sql/rag/search.sql: hybrid_search has no vector_leg CTE where expected");
  const params = [...new Set([...body.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  const renumbered = body.replace(/\$(\d+)/g, (_, n) => `$${params.indexOf(Number(n)) + 1}`);
  return {
    text: `with vector_leg as (\n${renumbered}\n)\nselect id, score, rank from vector_leg order by rank`,
    params,
  };
}

const VECTOR_LEG = vectorLeg(HYBRID_SEARCH);

/** The vector leg's parameters; arrays as array literals, since `unsafe` sends a JS array as its joined text. */
function vectorParams(h: HybridQuery) {
  const all = hybridParams(h);
  return VECTOR_LEG.params.map((n) => all[n - 1]).map((v) => Array.isArray(v) ? `{${v.join(",")}}` : v);
}

/**
 * A pool configured as sql/mod.ts `connect` configures the service's (custom plans, prepared statements,
 * camel-case columns), one connection, with the iterative HNSW scan the domain sets per transaction
 * (tune_vector_scan) set for the whole session instead, so a direct run is the bare statement.
 */
export function directPool(url: string, efSearch: number): Sql {
  return postgres(url, {
    max: 1,
    idle_timeout: 0,
    onnotice: () => {},
    transform: { column: { from: postgres.toCamel } },
    types: {
      bigint: { to: 20, from: [20], parse: (x: string) => Number(x), serialize: (x: number) => String(x) },
    },
    connection: {
      application_name: "bench-search-direct",
      statement_timeout: 300_000,
      plan_cache_mode: "force_custom_plan",
      "hnsw.iterative_scan": "relaxed_order",
      "hnsw.ef_search": String(efSearch),
    },
  });
}

/** The fused statement, run directly (the owner skips row-level security: no principal, hence the cast). */
export async function fusedDirect(owner: Sql, h: HybridQuery): Promise<string[]> {
  return (await hybridSearch(owner as unknown as PrincipalTx, h)).map((r) => String(r.chunkId));
}

/** The fused statement as the domain runs it: app role, transaction, principal, tuned vector scan (no audit). */
export async function fusedUnderRls(app: Sql, p: DbPrincipal, h: HybridQuery): Promise<string[]> {
  return await withPrincipal(app, p, async (tx) => {
    await tuneVectorScan(tx, h.candidates);
    return (await hybridSearch(tx, h)).map((r) => String(r.chunkId));
  });
}

/** The vector leg alone, run directly. */
export async function vectorDirect(owner: Sql, h: HybridQuery): Promise<number> {
  return (await owner.unsafe(VECTOR_LEG.text, vectorParams(h) as never[], { prepare: true })).length;
}

/**
 * The vector leg's ten best under the principal, as the domain runs it (candidates rows, iterative
 * scan), or exactly (no index scan, so no HNSW: every visible row's distance is computed and sorted).
 */
export async function vectorTop10(
  app: Sql,
  p: DbPrincipal,
  h: HybridQuery,
  o: { exact: boolean },
): Promise<string[]> {
  return await withPrincipal(app, p, async (tx) => {
    await tuneVectorScan(tx, h.candidates);
    if (o.exact) await tx`set local enable_indexscan = off`;
    const rows = await tx.unsafe(VECTOR_LEG.text, vectorParams(h) as never[], { prepare: true });
    return rows.filter((r) => Number(r.rank) <= 10).map((r) => String(r.id));
  });
}

/** Share of the exact ten found by the approximate scan. */
export function recall(approx: string[], exact: string[]): number {
  if (exact.length === 0) return 1;
  const found = new Set(approx);
  return exact.filter((id) => found.has(id)).length / exact.length;
}

async function explainOn(db: postgres.Sql | postgres.TransactionSql, text: string, params: readonly unknown[]) {
  const rows = await db.unsafe(`explain (analyze, buffers) ${text}`, params as never[], { prepare: true });
  // The question vector's 1,024 numbers would bury the plan.
  return rows.map((r) => String(Object.values(r)[0]).replace(/'\[[^\]]*\]'::vector/g, "'[…]'::vector")).join("\n");
}

/** EXPLAIN (ANALYZE, BUFFERS) of the fused statement and its vector leg under the principal. */
export async function explainUnderRls(app: Sql, p: DbPrincipal, h: HybridQuery) {
  return await withPrincipal(app, p, async (tx) => {
    await tuneVectorScan(tx, h.candidates);
    return {
      fused: await explainOn(tx, HYBRID_SEARCH, hybridParams(h)),
      vector: await explainOn(tx, VECTOR_LEG.text, vectorParams(h)),
    };
  });
}

/** EXPLAIN (ANALYZE, BUFFERS) of the fused statement and its vector leg, run directly. */
export async function explainDirect(owner: Sql, h: HybridQuery) {
  return {
    fused: await explainOn(owner, HYBRID_SEARCH, hybridParams(h)),
    vector: await explainOn(owner, VECTOR_LEG.text, vectorParams(h)),
  };
}

/** How a plan reads the vector leg: the HNSW index, or an exact scan of the rows another index found. */
export function vectorAccess(plan: string): string {
  if (/Index Scan using \S*embedding_idx/.test(plan)) return "HNSW index scan";
  const bitmap = /Bitmap Index Scan on (\S+)/.exec(plan);
  if (bitmap) return `exact: bitmap scan of ${bitmap[1]}, then sort`;
  return /Seq Scan/.test(plan) ? "exact: sequential scan, then sort" : "other";
}

/** Milliseconds `fn` takes. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

/** The nearest-rank percentile `p` (0..1) of `xs`. */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}
