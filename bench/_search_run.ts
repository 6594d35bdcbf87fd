/**
 * One principal class of the search benchmark: every question through each way of running it, warm and
 * interleaved (the order rotates from one question to the next, so none profits from always following
 * another), then the vector leg's recall@10 under the principal against an exact scan.
 */
import type { Sql } from "@/sql/mod.ts";
import { embedTexts } from "@/domain/rag/mod.ts";
import type { HybridQuery } from "@/sql/rag/search.ts";
import { type DbPrincipal, withPrincipal } from "@/sql/rag/session.ts";
import { toTsqueryText } from "@/domain/rag/mod.ts";
import { fusedDirect, fusedUnderRls, percentile, recall, timed, vectorDirect, vectorTop10 } from "./_search_measure.ts";

/** p50 and p95 in milliseconds. */
export interface Summary {
  p50: number;
  p95: number;
}

/** Recall@10 over a class's questions. */
export interface Recall {
  mean: number;
  min: number;
  full: number;
}

/** A class's figures. */
export interface ClassResult {
  key: string;
  visible: number;
  questions: number;
  samples: number;
  /** By way: http, rls, direct, vector, embed. */
  times: Record<Way["name"], Summary>;
  /** By fused way: questions whose results were the direct run's rows, in order. */
  identical: Record<string, number>;
  recall: Recall;
  /** Questions whose text leg ten best (candidate terms only) are those of reading chunks by every term. */
  textExact: number;
  /** The same for the bigram leg. */
  bigramExact: number;
  /** How the vector leg is read under the principal (from its plan). */
  vectorAccess: string;
}

/** What a class is measured with. */
export interface ClassSetup {
  url: string;
  token: string;
  app: Sql;
  owner: Sql;
  principal: DbPrincipal;
  /** The embedding endpoint and model the service calls, to time the call alone. */
  embedding: { endpoint: string; model: string };
  questions: { text: string; h: HybridQuery }[];
  rounds: number;
}

type Question = ClassSetup["questions"][number];
type Way = {
  name: "http" | "rls" | "direct" | "vector" | "embed";
  run: (q: Question) => Promise<string[] | number>;
};

async function searchHttp(s: ClassSetup, question: string): Promise<string[]> {
  const res = await fetch(`${s.url}/api/v1/search`, {
    method: "POST",
    headers: { authorization: `Bearer ${s.token}`, "content-type": "application/json" },
    body: JSON.stringify({ question, limit: 10 }),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`POST /search answered ${res.status}: ${JSON.stringify(body)}`);
  return (body.contexts as { chunkId: string }[]).map((c) => c.chunkId);
}

const summary = (xs: number[]): Summary => ({ p50: percentile(xs, 0.5), p95: percentile(xs, 0.95) });

function ways(s: ClassSetup): Way[] {
  return [
    { name: "http", run: (q) => searchHttp(s, q.text) },
    { name: "rls", run: (q) => fusedUnderRls(s.app, s.principal, q.h) },
    { name: "direct", run: (q) => fusedDirect(s.owner, q.h) },
    { name: "vector", run: (q) => vectorDirect(s.owner, q.h) },
    {
      name: "embed",
      run: async (q) =>
        (await embedTexts([q.text], {
          ...s.embedding,
          batchSize: 1,
          attempts: 1,
          backoffMs: 0,
        }))
          .length,
    },
  ];
}

/** Times every question `rounds` times each way, after one untimed warm-up pass that also checks results. */
async function latencies(s: ClassSetup) {
  const all = ways(s);
  const identical: Record<string, number> = {};
  for (const q of s.questions) {
    const results = new Map<string, string[] | number>();
    for (const w of all) results.set(w.name, await w.run(q));
    const direct = JSON.stringify(results.get("direct"));
    for (const [name, r] of results) {
      if (Array.isArray(r)) {
        identical[name] = (identical[name] ?? 0) + (r.length > 0 && JSON.stringify(r) === direct ? 1 : 0);
      }
    }
  }
  const ms: number[][] = all.map(() => []);
  for (let round = 0; round < s.rounds; round++) {
    for (const [qi, q] of s.questions.entries()) {
      for (let k = 0; k < all.length; k++) {
        const w = (round + qi + k) % all.length;
        ms[w].push((await timed(() => all[w].run(q))).ms);
      }
    }
  }
  const times = Object.fromEntries(all.map((w, i) => [w.name, summary(ms[i])])) as ClassResult["times"];
  return { identical, times };
}

async function recallOf(s: ClassSetup): Promise<Recall> {
  const recalls: number[] = [];
  for (const q of s.questions) {
    const approx = await vectorTop10(s.app, s.principal, q.h, { exact: false });
    const exact = await vectorTop10(s.app, s.principal, q.h, { exact: true });
    recalls.push(recall(approx, exact));
  }
  return {
    mean: recalls.reduce((a, b) => a + b, 0) / recalls.length,
    min: Math.min(...recalls),
    full: recalls.filter((r) => r === 1).length,
  };
}

/**
 * How often a lexical leg's ten best, read by its candidate terms alone, are the ten best of the leg read by
 * every question term the caller's chunks hold (what scoring every match gives), both under the principal.
 */
async function exactOf(s: ClassSetup, leg: "text" | "bigram"): Promise<number> {
  let same = 0;
  for (const { h } of s.questions) {
    const only = leg === "text"
      ? { ...h, vector: null, bigrams: null, limit: 10 }
      : { ...h, vector: null, words: null, limit: 10 };
    const held = h.wordLexemes.filter((_, i) => h.wordFrequencies[i] > 0);
    const every = leg === "text" ? { words: toTsqueryText(held) || null } : { bigrams: h.bigramQuery };
    const pruned = await fusedUnderRls(s.app, s.principal, only);
    if (JSON.stringify(pruned) === JSON.stringify(await fusedUnderRls(s.app, s.principal, { ...only, ...every }))) {
      same++;
    }
  }
  return same;
}

/** Measures one class. */
export async function measureClass(s: ClassSetup): Promise<Omit<ClassResult, "key" | "vectorAccess">> {
  const [{ n: visible }] = await withPrincipal(
    s.app,
    s.principal,
    (tx) => tx`select count(*)::int as n from rag.tb_doc_chunk_vector where visible`,
  );
  const { identical, times } = await latencies(s);
  return {
    visible,
    questions: s.questions.length,
    samples: s.questions.length * s.rounds,
    times,
    identical,
    recall: await recallOf(s),
    textExact: await exactOf(s, "text"),
    bigramExact: await exactOf(s, "bigram"),
  };
}
