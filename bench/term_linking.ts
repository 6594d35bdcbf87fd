/**
 * A 100 KB content body linked end to end against a 50,000-term glossary: from
 * `POST /content-bodies` through the outbox, relay, Redis Stream and worker until the
 * job reports done. Once cold (the worker builds its automaton for the dictionary
 * version) and once warm.
 */
import postgres from "postgres";
import { normalizeNotation } from "@/domain/glossary/mod.ts";
import { PORTAL_A_KEY } from "@/tests/_helpers/tokens.ts";
import type { Figure } from "./_report.ts";
import { benchInstance } from "./_env.ts";
import { generateBody, generateDictionary, mulberry32 } from "./term_matching.ts";

const TERMS = Number(Deno.env.get("BENCH_TERMS") ?? 50_000);

/** Writes approved terms straight into the ledger (proposing and approving 50,000 over HTTP would dwarf the bench). */
async function seedGlossary(ownerUrl: string, surfaces: Array<{ termId: string; surface: string }>) {
  const byTerm = new Map<string, string[]>();
  for (const s of surfaces) byTerm.set(s.termId, [...byTerm.get(s.termId) ?? [], s.surface]);
  const seen = new Set<string>();
  const rows = [...byTerm.values()].flatMap(([notation, ...aliases]) => {
    const key = normalizeNotation(notation);
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ notation, key, aliases }];
  });
  const sql = postgres(ownerUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.begin(async (tx) => {
      const [{ v }] = await tx`select directory.next_version('glossary') as v`;
      await tx`insert into directory.terms (notation, notation_key, aliases, status, version)
               select r.notation, r.key, r.aliases, 'approved', ${v}
               from jsonb_to_recordset(${rows as never}::jsonb) as r(notation text, key text, aliases text[])`;
    });
  } finally {
    await sql.end();
  }
  return rows.length;
}

async function linkOnce(
  url: string,
  contentKey: string,
  body: string,
): Promise<{ seconds: number; result: Record<string, unknown> }> {
  const headers = { authorization: `Bearer ${PORTAL_A_KEY}`, "content-type": "application/json" };
  const t0 = performance.now();
  const res = await fetch(`${url}/api/directory/v1/content-bodies`, {
    method: "POST",
    headers,
    body: JSON.stringify({ contentKey, body, contentType: "text/html" }),
  });
  const { data } = await res.json();
  for (;;) {
    const job = (await (await fetch(`${url}/api/directory/v1/content-bodies/${data.jobId}`, { headers })).json()).data;
    if (job.status === "done") return { seconds: (performance.now() - t0) / 1000, result: job.result };
    if (performance.now() - t0 > 60_000) throw new Error("the body was not linked within a minute");
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  const inst = await benchInstance({}, { workers: true });
  try {
    const random = mulberry32(7);
    const dictionary = generateDictionary(random, TERMS);
    const terms = await seedGlossary(inst.db.ownerUrl, dictionary);
    const cold = await linkOnce(inst.url, "portal-a:bench:cold", generateBody(random, dictionary, 100_000));
    const warm = await linkOnce(inst.url, "portal-a:bench:warm", generateBody(random, dictionary, 100_000));
    return [
      {
        bench: "glossary",
        metric: `100 KB body queued until linked, ${terms} terms, warm worker (${warm.result.termsFound} terms found)`,
        value: warm.seconds * 1000,
        unit: "ms",
        bar: { what: "value", op: "<=", target: 1000, from: "term-linking issue" },
        note:
          "POST /content-bodies, outbox, relay (woken by NOTIFY), stream, worker (strip, match, link writes), polled every 5 ms",
      },
      {
        bench: "glossary",
        metric: "the same, first job after a dictionary change (worker builds its automaton)",
        value: cold.seconds * 1000,
        unit: "ms",
        note: "the build happens once per dictionary version",
      },
    ];
  } finally {
    await inst.stop();
  }
}
