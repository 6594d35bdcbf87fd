/**
 * Row-level security as the catalog states it, on a freshly migrated database: every rag table has
 * RLS enabled and forced; every other table the application role can read is a directory table the
 * directory guards by credential and scope (CONTRACT 1), listed here so a new one must be classified;
 * every view is `security_invoker` and no materialized view is readable; no policy opens when a
 * setting is missing ("setting is null or ...", `coalesce(..., true)`, `is not false`, `is not
 * distinct from`), checked statically on pg_policies and on the setting functions' bodies; and,
 * dynamically, with one row seeded in every RLS table, the application role with no settings at
 * all, or with every setting emptied as an ended transaction leaves it, or with the old system flag
 * `my.app_system` set to true, reads none of them but the installation-wide rows the allow-list names.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import postgres from "postgres";
import { freshDatabase, type TestDatabase } from "../_helpers/db.ts";

/**
 * Directory tables without RLS: the directory is one ledger for the whole installation, read and
 * written by portals and administrators whose credentials and scopes decide what they may call;
 * nothing in it is scoped per row to the caller (CONTRACT 1.1, 1.4).
 */
const DIRECTORY_WITHOUT_RLS = [
  "audit_log",
  "authorization_entries",
  "authorization_snapshots",
  "companies",
  "content_bodies",
  "content_term_links",
  "departments",
  "ledgers",
  "outbox",
  "portal_credential_failures",
  "service_keys",
  "sync_status",
  "term_relations",
  "term_revisions",
  "terms",
  "user_company_departures",
  "user_group_members",
  "user_groups",
  "users",
  "webhook_changes",
  "webhook_cursors",
  "webhook_deliveries",
  "webhook_subscriptions",
];

/** Tables outside both schemas the application role reads: the installation's group names, which policies read. */
const INSTALLATION_RECORDS = ["public.installation"];

/** Policies that admit every row on purpose: installation-wide, non-tenant data, or a write queue. */
const OPEN_BY_DESIGN = new Set([
  "rag.sync_state.sync_state_read", // when the organization sync last succeeded (search fails closed on it)
  "rag.settings.settings_read", // the installation's retrieval settings, the same for every tenant
  "rag.outbox.outbox_insert", // any principal may queue work; only the jobs read it (outbox_jobs)
]);

/** What the application role may read with no principal at all: the allow-listed open policies' rows. */
const READABLE_WITHOUT_SETTINGS: Record<string, string> = {
  "rag.settings": "true",
  "rag.sync_state": "true",
  "rag.tb_organization": "is_public and tenant_id is null",
};

/** Ways a policy expression can admit rows when a setting is missing. */
const OPENS_ON_MISSING: Array<[string, RegExp]> = [
  ["a setting IS NULL OR ...", /(current_setting|app_current_\w+)\([^()]*\)[^()]*?\)*\s+IS\s+NULL\)*\s+OR\b/i],
  ["... OR a setting IS NULL", /\bOR\s+\(*[^()]*?(current_setting|app_current_\w+)\([^()]*\)[^()]*?\)*\s+IS\s+NULL/i],
  [
    "a setting IS NOT FALSE / IS NOT TRUE",
    /(current_setting|app_current_\w+)\([^()]*\)[^()]*?\)*\s+IS\s+NOT\s+(FALSE|TRUE)/i,
  ],
  ["IS NOT DISTINCT FROM a setting", /IS\s+NOT\s+DISTINCT\s+FROM/i],
  ["a setting compared to ''", /current_setting\([^()]*\)\s*(=|<>|!=)\s*''/i],
];

/** The top-level arguments of every `coalesce(...)` call in `expression`, parentheses balanced. */
function coalesceCalls(expression: string): string[][] {
  const calls: string[][] = [];
  for (const m of expression.matchAll(/coalesce\s*\(/gi)) {
    const args: string[] = [];
    let depth = 0, start = m.index! + m[0].length, quoted = false;
    for (let i = start; i < expression.length; i++) {
      const ch = expression[i];
      if (ch === "'") quoted = !quoted;
      if (quoted) continue;
      if (ch === "(") depth++;
      else if (ch === ")" && depth-- === 0) {
        args.push(expression.slice(start, i).trim());
        break;
      } else if (ch === "," && depth === 0) {
        args.push(expression.slice(start, i).trim());
        start = i + 1;
      }
    }
    calls.push(args);
  }
  return calls;
}

/** The problems of one policy expression (or function body). */
function policyProblems(expression: string | null): string[] {
  if (expression === null) return [];
  const found = OPENS_ON_MISSING.filter(([, re]) => re.test(expression)).map(([what]) => what);
  const opensByDefault = coalesceCalls(expression).some((args) =>
    args.length > 1 && /^\(*true\)*$/i.test(args.at(-1)!) && args.some((a) => /current_setting|app_current_/i.test(a))
  );
  return opensByDefault ? [...found, "coalesce(setting, true)"] : found;
}

let db: TestDatabase;
let su: postgres.Sql;
let app: postgres.Sql;
const APP_ROLE = () => new URL(db.appUrl).username;

before(async () => {
  db = await freshDatabase();
  su = postgres(db.superUrl, { max: 1, onnotice: () => {} });
  app = postgres(db.appUrl, { max: 1, onnotice: () => {} });
});
after(async () => {
  await app?.end();
  await su?.end();
  await db?.drop();
});

async function relations(kinds: string[]) {
  return await su`
    select n.nspname as schema, c.relname as name, c.relkind as kind, c.relrowsecurity as rls,
           c.relforcerowsecurity as forced, coalesce(c.reloptions, '{}') as options,
           has_table_privilege(${APP_ROLE()}, c.oid, 'select') as app_reads
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = any(${kinds}::"char"[]) and n.nspname !~ '^(pg_|information_schema$)'
    order by 1, 2`;
}

describe("which tables row-level security guards", () => {
  it("every rag table has RLS enabled and forced, and the application role reads through it", async () => {
    const rag = (await relations(["r", "p"])).filter((r) => r.schema === "rag");
    assert.ok(rag.length >= 10, `${rag.length} rag tables`);
    const unguarded = rag.filter((r) => !r.rls || !r.forced).map((r) => r.name);
    assert.deepEqual(unguarded, [], "rag tables without forced RLS");
    assert.ok(rag.every((r) => r.app_reads), "the application role reads every rag table");
  });

  it("every other table the application role reads is a listed directory table; none is half-guarded", async () => {
    const tables = await relations(["r", "p", "f"]);
    const others = tables.filter((r) => r.schema !== "rag" && r.app_reads).map((r) => `${r.schema}.${r.name}`);
    assert.deepEqual(
      others,
      [...DIRECTORY_WITHOUT_RLS.map((n) => `directory.${n}`), ...INSTALLATION_RECORDS],
      "classify any new table here",
    );
    const half = tables.filter((r) => r.rls !== r.forced).map((r) => `${r.schema}.${r.name}`);
    assert.deepEqual(half, [], "RLS enabled but not forced: the owner would skip it");
  });

  it("every view is security_invoker, and no materialized view is readable by the application role", async () => {
    const views = await relations(["v"]);
    assert.ok(views.length > 0, "the check has views to look at (and keeps looking when there are more)");
    const definer = views.filter((v) => !(v.options as string[]).includes("security_invoker=true"));
    assert.deepEqual(definer.map((v) => `${v.schema}.${v.name}`), [], "views that run as their owner");
    const matviews = (await relations(["m"])).filter((m) => m.app_reads);
    assert.deepEqual(matviews.map((m) => `${m.schema}.${m.name}`), [], "materialized views ignore RLS");
  });

  it("every SECURITY DEFINER function pins its search_path, and only the @@~ and &&~ functions are leakproof", async () => {
    const fns = await su`
      select n.nspname || '.' || p.proname as name, p.prosecdef as definer, p.proleakproof as leakproof,
             coalesce(p.proconfig, '{}') as config
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname !~ '^(pg_|information_schema$)' and (p.prosecdef or p.proleakproof)`;
    const unpinned = fns.filter((f) => f.definer && !(f.config as string[]).some((c) => c.startsWith("search_path=")));
    assert.deepEqual(unpinned.map((f) => f.name), []);
    assert.deepEqual(fns.filter((f) => f.leakproof).map((f) => f.name).sort(), [
      "public.app_ts_match_vq",
      "public.app_uuid_array_overlap",
    ]);
  });
});

describe("no policy opens when a setting is missing", () => {
  it("the detector flags every known opening and passes the project's own idioms", () => {
    const bad = [
      "((current_setting('my.app_tenant_id'::text, true) IS NULL) OR (tenant_id = (current_setting('my.app_tenant_id'::text, true))::uuid))",
      "((NULLIF(current_setting('my.app_tenant_id'::text, true), ''::text) IS NULL) OR (tenant_id = rag.app_current_tenant()))",
      "((tenant_id = rag.app_current_tenant()) OR (rag.app_current_tenant() IS NULL))",
      "COALESCE(rag.app_current_is_admin(), true)",
      "COALESCE((NULLIF(current_setting('my.app_is_admin'::text, true), ''::text))::boolean, true)",
      "(rag.app_current_is_admin() IS NOT FALSE)",
      "(tenant_id IS NOT DISTINCT FROM rag.app_current_tenant())",
      "((current_setting('my.app_tenant_id'::text, true) = ''::text) OR (tenant_id = rag.app_current_tenant()))",
      "(( SELECT rag.app_current_tenant() AS app_current_tenant) IS NULL) OR true",
    ];
    for (const e of bad) assert.ok(policyProblems(e).length > 0, e);
    const good = [
      "(( SELECT rag.app_current_is_system() AS app_current_is_system) OR (tenant_id = ( SELECT rag.app_current_tenant() AS app_current_tenant)))",
      "(rag.app_current_is_system() OR rag.app_current_is_admin())",
      "(deleted_at IS NULL) OR (tenant_id = rag.app_current_tenant())",
      "COALESCE((NULLIF(current_setting('my.app_is_admin'::text, true), ''::text))::boolean, false)",
    ];
    for (const e of good) assert.deepEqual(policyProblems(e), [], e);
  });

  it("no policy of any schema has such an opening, and only the listed ones admit every row", async () => {
    const policies = await su`select schemaname, tablename, policyname, qual, with_check from pg_policies`;
    assert.ok(policies.length >= 20);
    const problems = policies.flatMap((p) =>
      [...policyProblems(p.qual), ...policyProblems(p.with_check)].map((w) =>
        `${p.schemaname}.${p.tablename}.${p.policyname}: ${w}`
      )
    );
    assert.deepEqual(problems, []);
    const open = policies.filter((p) => p.qual === "true" || p.with_check === "true")
      .map((p) => `${p.schemaname}.${p.tablename}.${p.policyname}`);
    assert.deepEqual(open.sort(), [...OPEN_BY_DESIGN].sort());
  });

  it("every function that reads a setting treats '' as missing and defaults booleans to false", async () => {
    const fns = await su`
      select n.nspname || '.' || p.proname as name, p.prosrc as body
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname !~ '^(pg_|information_schema$)' and p.prosrc ilike '%current_setting%'`;
    assert.ok(fns.length >= 5, "the setting functions were found");
    for (const f of fns) {
      const reads = [...(f.body as string).matchAll(/current_setting\s*\(/gi)].length;
      const wrapped = [...(f.body as string).matchAll(/nullif\(\s*current_setting\('[^']+',\s*true\)\s*,\s*''\s*\)/gi)]
        .length;
      assert.equal(wrapped, reads, `${f.name} reads a setting without nullif(…, '')`);
      assert.deepEqual(policyProblems(f.body), [], f.name);
    }
  });
});

describe("with no settings, the application role reads nothing", () => {
  before(async () => {
    await seedEveryRlsTable(su);
  });

  it("the seed put rows in every RLS table (so a new table must be seeded here too)", async () => {
    const counts = await countRlsTables(su);
    const empty = Object.entries(counts).filter(([, n]) => n === 0).map(([t]) => t);
    assert.deepEqual(empty, []);
  });

  for (
    const [label, settings] of [
      ["no setting ever set on the connection", null],
      ["every setting emptied, as an ended transaction leaves it", ""],
      ["the flags set to false and the rest empty", "false"],
      ["the flags set to true and the rest empty: no setting makes a session the system", "true"],
    ] as const
  ) {
    it(`${label}: every RLS table reads 0 rows but the installation-wide ones`, async () => {
      const seen = await app.begin(async (tx) => {
        if (settings !== null) {
          for (const name of ["tenant_id", "user_org_id", "user_clearance_level", "public_org_id"]) {
            await tx`select set_config(${`my.app_${name}`}, '', true)`;
          }
          for (const name of ["is_admin", "system", "is_operator"]) {
            await tx`select set_config(${`my.app_${name}`}, ${settings}, true)`;
          }
        }
        return await countRlsTables(tx);
      });
      for (const [table, n] of Object.entries(seen)) {
        const allowed = READABLE_WITHOUT_SETTINGS[table];
        if (allowed === undefined) assert.equal(n, 0, `${table} shows ${n} rows`);
        else {
          const [r] = await su.unsafe(`select count(*)::int as n from ${table} where ${allowed}`);
          assert.equal(n, r.n, `${table} shows rows beyond "${allowed}"`);
        }
      }
    });
  }
});

/** Row counts of every table under RLS, as the connected role sees them (a superuser sees every row). */
async function countRlsTables(db: postgres.Sql | postgres.TransactionSql) {
  const tables = await db`
    select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relrowsecurity and c.relkind in ('r', 'p') and n.nspname !~ '^(pg_|information_schema$)'`;
  const out: Record<string, number> = {};
  for (const { name } of tables) {
    const [r] = await db.unsafe(`select count(*)::int as n from ${name}`);
    out[name as string] = r.n;
  }
  return out;
}

/** One row in every rag table, written as a superuser. */
async function seedEveryRlsTable(sql: postgres.Sql) {
  const [tenant, org, pub] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  await sql.begin(async (tx) => {
    await tx`insert into rag.tb_organization (id, tenant_id, code, name, is_public)
             values (${pub}, null, 'public', 'public', true), (${org}, ${tenant}, 'A', 'A', false)`;
    const [doc] = await tx`
      insert into rag.tb_ai_document_registry (portal_id, source_document_id, source_version, tenant_id, organization_id,
        organization_ids, security_level, title, content_locator, checksum, content_type, registrant_id, size_bytes, status)
      values ('p', gen_random_uuid(), 'v1', ${tenant}, ${org}, array[${org}]::uuid[], 0, 'public doc', 'http://x/',
        repeat('a', 64), 'text/html', 'u', 1, 'indexed') returning id`;
    await tx`insert into rag.tb_document_organizations (document_id, organization_id, tenant_id)
             values (${doc.id}, ${org}, ${tenant})`;
    // Each chunk's search statistics: the first one's folded into tb_search_terms, the second's left as deltas.
    for (const index of [0, 1]) {
      await tx`insert into rag.tb_doc_chunk_vector (document_id, chunk_index, source_version, tenant_id, organization_ids,
                 security_level, visible, content, lexemes, lexeme_count, bigrams, embedding)
               values (${doc.id}, ${index}, 'v1', ${tenant}, array[${org}]::uuid[], 0, true, 'c', 'a'::tsvector, 1,
                 'ab'::tsvector, array_fill(0.1::real, array[1024])::vector)`;
      if (index === 0) await tx`select rag.search_stats_compact()`;
    }
    await tx`insert into rag.tb_rag_audit_logs (action, sub, tenant_id) values ('search', 'u', ${tenant})`;
    await tx`insert into rag.ingestion_jobs (document_id, tenant_id, source_version, request)
             values (${doc.id}, ${tenant}, 'v1', '{}')`;
    await tx`insert into rag.settings (settings, changed_by) values ('{}', 'seed')`;
    await tx`select set_config('my.app_tenant_id', ${tenant}, true), set_config('my.app_is_admin', 'true', true)`;
    await tx`insert into rag.tenant_settings (tenant_id, version, overrides, changed_by) values (${tenant}, 1, '{}', 'seed')`;
    await tx`insert into rag.sync_state (name) values ('seed')`;
    await tx`insert into rag.outbox (stream, payload) values ('seed', '{}')`;
    await tx`insert into rag.tb_user_status (user_id, tenant_id, active, directory_version)
             values (gen_random_uuid(), ${tenant}, false, 1)`;
  });
}
