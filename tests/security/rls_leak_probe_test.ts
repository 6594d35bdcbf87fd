/**
 * Leak probes against row-level security. A superuser plants functions that record every row they
 * are shown: cheap (COST 0.0001), NOT leakproof, some writing to a side table (SECURITY DEFINER),
 * some raising notices (IMMUTABLE, the shape a planner most wants to run early). The application
 * role, under a principal, calls them in WHERE clauses beside the leakproof `@@~` full-text match
 * and `&&~` organization overlap (forced onto their GIN indexes, on the chunk table and on the term table the
 * lexical legs read), beside HNSW ordering, leakproof
 * comparisons, joins, aggregates, EXISTS and materialized CTEs, and inside both operators' operands. PostgreSQL must apply each
 * table's policy before any such function, so the probes may only ever see rows the principal
 * may see; the same holds for every table under RLS, and a row-dependent error cannot fire on a
 * hidden row either.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import postgres from "postgres";
import { body } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { PUBLIC_ORG, type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { analyze, bigrams, toTsqueryText } from "@/domain/rag/mod.ts";
import { type DbPrincipal, withPrincipal } from "@/sql/rag/session.ts";

const WORDS = "출입 통제 규정 방문객 등록 절차 보안 점검";

let rag: RagTestApp;
let su: postgres.Sql;
let app: postgres.Sql;
const notices: string[] = [];
/** Fixture document key -> document id. */
const docs: Record<string, string> = {};
let principals: Record<string, { p: DbPrincipal | null; docs: string[] }>;
let words: string;
let grams: string;
/** Departments A and B as an array literal: the member of A may see chunks of only one of them. */
let orgs: string;

/**
 * The probes take their keys as the columns' own types (bigint, uuid, a whole row): a cast to text inside the
 * query (int8out, uuid_out) is not leakproof and would hold a probe back by itself. So the probes differ from
 * what the planner may run before a policy only in their own LEAKPROOF flag, which the control test flips. The
 * installation's runtime group `group` may execute them.
 */
const probes = (group: string) => `
  create schema leak_probe;
  create table leak_probe.seen (how text not null, tbl text not null, key text not null);
  create function leak_probe.saw(how text, tbl text, key anyelement) returns boolean
    language plpgsql volatile cost 0.0001 security definer set search_path = pg_catalog as
    $$ begin insert into leak_probe.seen values (how, tbl, key::text); return true; end $$;
  create function leak_probe.peek(tbl text, key anyelement) returns boolean
    language plpgsql immutable cost 0.0001 as
    $$ begin raise notice 'leak_probe|%|%', tbl, key; return true; end $$;
  create function leak_probe.tsq(key bigint, q text) returns tsquery
    language plpgsql immutable cost 0.0001 as
    $$ begin raise notice 'leak_probe|chunk|%', key; return q::tsquery; end $$;
  create function leak_probe.tsv(key bigint, v tsvector) returns tsvector
    language plpgsql immutable cost 0.0001 as
    $$ begin raise notice 'leak_probe|chunk|%', key; return v; end $$;
  create function leak_probe.orgs(key bigint, o uuid[]) returns uuid[]
    language plpgsql immutable cost 0.0001 as
    $$ begin raise notice 'leak_probe|chunk|%', key; return o; end $$;
  revoke all on leak_probe.seen from public;
  grant usage on schema leak_probe to ${group};
  grant execute on all functions in schema leak_probe to ${group};`;

before(async () => {
  rag = await startRagApp();
  const admin = await rag.token({ admin: true, clearance: 3, sub: "probe-fixture" });
  const otherAdmin = await rag.token({
    admin: true,
    clearance: 3,
    tenantId: rag.otherTenant,
    organizationId: rag.dept.other,
    sub: "probe-fixture-2",
  });
  const plan: Array<[string, Record<string, unknown>, string]> = [
    ["a-internal", { organizationIds: [rag.dept.a], securityLevel: "INTERNAL" }, admin],
    ["b-internal", { organizationIds: [rag.dept.b], securityLevel: "INTERNAL" }, admin],
    ["a-restricted", { organizationIds: [rag.dept.a], securityLevel: "RESTRICTED" }, admin],
    ["public", { organizationIds: [PUBLIC_ORG], securityLevel: "PUBLIC" }, admin],
    ["a-hidden", { organizationIds: [rag.dept.a], securityLevel: "INTERNAL" }, admin],
    ["other", { tenantId: rag.otherTenant, organizationIds: [rag.dept.other], securityLevel: "INTERNAL" }, otherAdmin],
  ];
  for (const [key, extra, token] of plan) {
    const html = `<h1>${WORDS} ${key}</h1><p>${WORDS}. ${key} 문서의 본문입니다. ${WORDS}.</p>`;
    const doc = await rag.document(`/probe/${key}.html`, html, { title: `${WORDS} ${key}`, ...extra });
    const res = await body<schemas.IngestionResult>(await rag.call("/documents", { method: "POST", json: doc, token }));
    assert.equal(res.indexed, true, `${key}: ${JSON.stringify(res)}`);
    docs[key] = res.documentId;
  }
  await rag.system((tx) =>
    tx`update rag.tb_doc_chunk_vector set visible = false where document_id = ${docs["a-hidden"]}`
  );
  const base = { publicOrgId: PUBLIC_ORG, isAdmin: false };
  principals = {
    "a member of department A": {
      p: { ...base, tenantId: rag.tenant, organizationId: rag.dept.a, clearance: 1 },
      docs: ["a-internal", "public"],
    },
    "an administrator of the tenant at INTERNAL": {
      p: { ...base, tenantId: rag.tenant, organizationId: rag.dept.a, clearance: 1, isAdmin: true },
      docs: ["a-internal", "b-internal", "public", "a-hidden"],
    },
    "a member of the other tenant": {
      p: { ...base, tenantId: rag.otherTenant, organizationId: rag.dept.other, clearance: 3 },
      docs: ["other"],
    },
    "no principal at all": { p: null, docs: [] },
  };
  words = toTsqueryText(analyze(WORDS));
  grams = toTsqueryText(bigrams(WORDS));
  orgs = `{${rag.dept.a},${rag.dept.b}}`;
  su = postgres(rag.app.db.superUrl, { max: 1, onnotice: () => {} });
  await su.unsafe(probes(rag.app.db.groups.runtime));
  app = postgres(rag.app.db.appUrl, { max: 1, onnotice: (n) => notices.push(String(n.message)) });
});

after(async () => {
  await app?.end();
  await su?.end();
  await rag?.stop();
});

/** `:name` placeholders as `$n` parameters, in order of first appearance. */
function bind(text: string, values: Record<string, string>): [string, string[]] {
  const names: string[] = [];
  const sql = text.replace(/(?<!:):([a-z]+)\b/g, (whole, name: string) => {
    if (!(name in values)) return whole;
    if (!names.includes(name)) names.push(name);
    return `$${names.indexOf(name) + 1}`;
  });
  return [sql, names.map((n) => values[n])];
}

/**
 * Runs `text` as the application role under `p` (or no settings at all) and returns its rows, what the probes
 * saw, and what a plain read of `visible` (`[table, key, tag]`) shows the same principal in the same snapshot
 * (the service's jobs write while the test runs).
 */
async function probe(p: DbPrincipal | null, text: string, planner = "", visible?: [string, string, string]) {
  await su`truncate leak_probe.seen`;
  notices.length = 0;
  const [sql, params] = bind(text, { words, grams, orgs, tenant: rag.tenant, other: rag.otherTenant });
  const run = async (tx: postgres.TransactionSql) => {
    if (planner) await tx.unsafe(planner);
    const plain = visible ? await tx.unsafe(`select (${visible[1]})::text as k from ${visible[0]}`) : [];
    return {
      rows: await tx.unsafe(sql, params),
      allowed: new Set(plain.map((r) => `${visible![2]}:${r.k}`)),
    };
  };
  const { rows, allowed } = p
    ? await withPrincipal(app, p, run, { isolation: "repeatable read" })
    : await app.begin("isolation level repeatable read", run);
  const seen = (await su`select tbl, key from leak_probe.seen`).map((r) => `${r.tbl}:${r.key}`);
  for (const n of notices) {
    const [mark, tbl, ...key] = n.split("|");
    if (mark === "leak_probe") seen.push(`${tbl}:${key.join("|")}`);
  }
  return { rows, seen: new Set(seen), allowed };
}

/** What `p` may see of a table, as its policy answers a plain read: `tag:key` for each row. */
async function visible(p: DbPrincipal | null, table: string, key: string, tag: string) {
  return (await probe(p, "select 1", "", [table, key, tag])).allowed;
}

const subset = (a: Set<string>, b: Set<string>) => [...a].filter((x) => !b.has(x));

const CHUNK_PROBES: Array<[string, string]> = [
  ["alone", `select id from rag.tb_doc_chunk_vector where leak_probe.saw('q', 'chunk', id)`],
  [
    "after @@~",
    `select id from rag.tb_doc_chunk_terms where lexemes @@~ :words::tsquery and leak_probe.saw('q', 'chunk', id)`,
  ],
  [
    "before @@~",
    `select id from rag.tb_doc_chunk_terms where leak_probe.saw('q', 'chunk', id) and lexemes @@~ :words::tsquery`,
  ],
  [
    "beside the bigram @@~",
    `select id from rag.tb_doc_chunk_terms where bigrams @@~ :grams::tsquery and leak_probe.peek('chunk', id)`,
  ],
  ["as @@~'s query operand", `select id from rag.tb_doc_chunk_terms where lexemes @@~ leak_probe.tsq(id, :words)`],
  [
    "as @@~'s vector operand",
    `select id from rag.tb_doc_chunk_terms where leak_probe.tsv(id, lexemes) @@~ :words::tsquery`,
  ],
  [
    "after &&~",
    `select id from rag.tb_doc_chunk_vector where organization_ids &&~ :orgs::uuid[] and leak_probe.saw('q', 'chunk', id)`,
  ],
  [
    "beside &&~ and @@~",
    `select id from rag.tb_doc_chunk_terms where leak_probe.peek('chunk', id) and organization_ids &&~ :orgs::uuid[]
     and lexemes @@~ :words::tsquery`,
  ],
  [
    "as &&~'s operand",
    `select id from rag.tb_doc_chunk_vector where leak_probe.orgs(id, organization_ids) &&~ :orgs::uuid[]`,
  ],
  ["an immutable probe", `select id from rag.tb_doc_chunk_vector where leak_probe.peek('chunk', id)`],
  [
    "beside HNSW ordering",
    `select id from rag.tb_doc_chunk_vector where leak_probe.saw('q', 'chunk', id)
     order by embedding <=> array_fill(0.1::real, array[1024])::vector limit 100`,
  ],
  [
    "beside leakproof comparisons on hidden values",
    `select id from rag.tb_doc_chunk_vector where security_level = 3 and tenant_id <> :tenant::uuid
     and leak_probe.saw('q', 'chunk', id) union all
     select id from rag.tb_doc_chunk_vector where tenant_id = :other::uuid and leak_probe.peek('chunk', id)`,
  ],
  [
    "in a join, on both sides",
    `select c.id from rag.tb_doc_chunk_vector c join rag.tb_ai_document_registry r on r.id = c.document_id
     where leak_probe.saw('q', 'chunk', c.id) and leak_probe.saw('q', 'doc', r.id)`,
  ],
  [
    "in an aggregate filter",
    `select count(*) filter (where leak_probe.saw('q', 'chunk', id)) from rag.tb_doc_chunk_vector`,
  ],
  [
    "in EXISTS",
    `select 1 where exists (select 1 from rag.tb_doc_chunk_vector c where leak_probe.saw('q', 'chunk', c.id) and c.id < 0)`,
  ],
  [
    "over a materialized CTE",
    `with x as materialized (select * from rag.tb_doc_chunk_vector) select id from x where leak_probe.saw('q', 'chunk', id)`,
  ],
];

const PLANNERS = [["the default plan", ""], ["index scans forced", "set local enable_seqscan = off"]];

/** Whether `e` is the division by zero a trap raises when it fires. */
const divisionByZero = (e: unknown) => e instanceof Error && "code" in e && e.code === "22012";
describe("leak probes see only the rows a principal may see", () => {
  it("the probes are cheap, not leakproof, and the fixture hides something from every principal", async () => {
    const fns =
      await su`select proname, proleakproof, procost from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                        where n.nspname = 'leak_probe'`;
    assert.equal(fns.length, 5);
    assert.ok(fns.every((f) => !f.proleakproof && f.procost < 0.001));
    const all = await rag.system((tx) => tx`select count(*)::int as n from rag.tb_doc_chunk_vector`);
    for (const [label, { p, docs: allowed }] of Object.entries(principals)) {
      const chunks = await visible(p, "rag.tb_doc_chunk_vector", "document_id", "doc");
      assert.deepEqual([...chunks].sort(), allowed.map((k) => `doc:${docs[k]}`).sort(), `${label}: the policy`);
      const n = (await visible(p, "rag.tb_doc_chunk_vector", "id", "chunk")).size;
      assert.ok(n < all[0].n, `${label} sees every chunk, so the probes would prove nothing`);
    }
  });

  it("the harness catches a leak: the same probe marked LEAKPROOF runs before the policy and sees hidden rows", async () => {
    // The key goes in as bigint: a cast to text (int8out) is not leakproof and would hold the probe back.
    await su.unsafe(`create function leak_probe.saw_leakproof(tbl text, key bigint) returns boolean
      language plpgsql volatile cost 0.0001 leakproof security definer set search_path = pg_catalog as
      $$ begin insert into leak_probe.seen values ('control', tbl, key::text); return true; end $$;
      grant execute on function leak_probe.saw_leakproof(text, bigint) to ${rag.app.db.groups.runtime}`);
    try {
      const p = principals["a member of department A"].p;
      const allowed = await visible(p, "rag.tb_doc_chunk_vector", "id", "chunk");
      const { rows, seen } = await probe(
        p,
        `select id from rag.tb_doc_chunk_vector where leak_probe.saw_leakproof('chunk', id)`,
      );
      assert.equal(rows.length, allowed.size, "the policy still filters what is returned");
      assert.ok(subset(seen, allowed).length > 0, "a leakproof probe saw only permitted rows: the harness is blind");
    } finally {
      await su`drop function leak_probe.saw_leakproof(text, bigint)`;
    }
  });

  for (
    const [operator, table, condition, index] of [
      ["@@~ match", "tb_doc_chunk_terms", "lexemes @@~ :words::tsquery", "tb_doc_chunk_terms_lexemes_idx"],
      [
        "&&~ overlap",
        "tb_doc_chunk_vector",
        "organization_ids &&~ :orgs::uuid[]",
        "tb_doc_chunk_vector_organizations_idx",
      ],
      [
        "&&~ overlap",
        "tb_doc_chunk_terms",
        "organization_ids &&~ :orgs::uuid[]",
        "tb_doc_chunk_terms_organizations_idx",
      ],
    ]
  ) {
    it(`the leakproof ${operator} runs on its GIN index of ${table} for a principal, before the policy (the path under test)`, async () => {
      const { rows } = await probe(
        principals["a member of department A"].p,
        `explain select id from rag.${table} where ${condition} and leak_probe.saw('q', 'chunk', id)`,
        "set local enable_seqscan = off",
      );
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      assert.match(plan, new RegExp(`Bitmap Index Scan on ${index}`), plan);
    });
  }

  for (const [how, text] of CHUNK_PROBES) {
    it(`chunks: a probe ${how} sees only permitted chunks and documents`, async () => {
      for (const [label, { p }] of Object.entries(principals)) {
        const allowed = new Set([
          ...await visible(p, "rag.tb_doc_chunk_vector", "id", "chunk"),
          ...await visible(p, "rag.tb_ai_document_registry", "id", "doc"),
        ]);
        for (const [plan, planner] of PLANNERS) {
          const { seen } = await probe(p, text, planner);
          assert.deepEqual(subset(seen, allowed), [], `${label}, ${plan}: the probe saw hidden rows`);
          if (p && how === "alone") assert.ok(seen.size > 0, `${label}: the probe ran`);
        }
      }
    });
  }

  it("every table under RLS: a probe in WHERE sees only rows the same principal reads", async () => {
    const tables = await su`
      select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relrowsecurity and c.relkind in ('r', 'p')`;
    assert.ok(tables.length >= 10);
    for (const { name } of tables) {
      for (const [label, { p }] of Object.entries(principals)) {
        for (const [plan, planner] of PLANNERS) {
          const { seen, allowed } = await probe(
            p,
            `select 1 from ${name} t where leak_probe.saw('t', '${name}', t) and leak_probe.peek('${name}', t)`,
            planner,
            [`${name} t`, "t", name],
          );
          assert.deepEqual(
            subset(seen, allowed),
            [],
            `${name}, ${label}, ${plan}: ${JSON.stringify([...seen, "/", ...allowed])}`,
          );
        }
      }
    }
  });

  it("an error that depends on a hidden row's values never fires", async () => {
    const member = principals["a member of department A"].p;
    const admin = principals["an administrator of the tenant at INTERNAL"].p;
    const traps = [
      `select count(*) from rag.tb_doc_chunk_vector where 1 / (case when tenant_id = :other::uuid then 0 else 1 end) = 1`,
      `select count(*) from rag.tb_doc_chunk_vector where 1 / (security_level - 3) <> 7`,
      `select count(*) from rag.tb_ai_document_registry where 1 / (case when security_level = 3 then 0 else 1 end) = 1`,
      `select count(*) from rag.tb_doc_chunk_vector where lexemes @@~ :grams::tsquery and 1 / (security_level - 3) <> 7`,
      `select count(*) from rag.tb_doc_chunk_vector where organization_ids &&~ :orgs::uuid[] and 1 / (security_level - 3) <> 7`,
    ];
    for (const p of [member, admin]) {
      for (const text of traps) {
        for (const [, planner] of PLANNERS) {
          await probe(p, text, planner);
        }
      }
    }
    // The traps are live: for a principal who may see the rows they test, they fire.
    await assert.rejects(probe(principals["a member of the other tenant"].p, traps[0]), divisionByZero);
    await assert.rejects(
      probe({ ...admin!, clearance: 3 }, traps[1]),
      divisionByZero,
    );
  });
});
