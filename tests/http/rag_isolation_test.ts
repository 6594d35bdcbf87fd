/**
 * Row-level-security isolation of `POST /api/v1/search` (issue 6), with non-administrator principals
 * first: a matrix of tenants, departments (one deactivated), clearances and the public bucket; a seeded
 * randomized run of interleaved principal and question pairs on a pool of 2 connections; and the
 * transaction-local settings that must not outlive their transaction on a pooled connection.
 * What a principal may see is computed here from the fixture's own records, never from the policies.
 */
import { after, before, describe, it } from "node:test";
import postgres from "postgres";
import assert from "node:assert/strict";
import { body, type Item, type Problem } from "../_helpers/app.ts";
import { fakeVector } from "../_helpers/fake_embedding.ts";
import { PUBLIC_ORG, type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { analyze, bigrams, queryLexemes, type schemas, toTsqueryText, vectorText } from "@/domain/rag/mod.ts";
import type { schemas as directory } from "@/domain/directory/mod.ts";
import { connect, type Db, type Sql } from "@/sql/mod.ts";
import { hybridSearch } from "@/sql/rag/search.ts";
import { type DbPrincipal, type PrincipalTx, withPrincipal } from "@/sql/rag/session.ts";

const LEVELS = ["PUBLIC", "INTERNAL", "CONFIDENTIAL", "RESTRICTED"] as const;
const POOL_MAX = 2;
const PAIRS = 1200;
const WIDTH = 8;

/** A fixture document, as the test registered it. */
interface Doc {
  key: string;
  tenant: string;
  orgs: string[];
  level: number;
  published: boolean;
  id: string;
}

/** A principal as the token states it. */
interface Who {
  label: string;
  tenantId: string | null;
  organizationId: string | null;
  clearance: number;
  admin: boolean;
}

let rag: RagTestApp;
let T1: string, T2: string;
let org: { A: string; B: string; C: string; D: string; X: string; Y: string };
const UNKNOWN_TENANT = crypto.randomUUID();
const UNKNOWN_ORG = crypto.randomUUID();
/** Organizations active in the directory after the fixture is built (D is deactivated). */
let active: Set<string>;
/** Each department's company, as the fixture created them. */
let orgTenant: Map<string, string>;
const docs: Doc[] = [];
/** chunk id -> document id, for every chunk of the fixture. */
const chunkDoc = new Map<string, string>();
let appPool: Sql;
/** Searches made and returned chunks checked against the rule, over the whole file. */
const tally = { searches: 0, chunks: 0 };

/** Every question shares the common words of every body, so each one matches chunks across every boundary. */
const COMMON = "분기 예산 보고서 검토 회의 협력사 계약 일정";
const LEVEL_WORDS = ["공개", "내부", "대외비", "극비"];
const QUESTIONS = [
  "분기 예산 보고서",
  "회의 일정 안내",
  "협력사 계약 검토",
  "극비 예산",
  "대외비 계약 일정",
  "공개 보고서",
  "내부 회의",
  "예산",
  "계약서 검토 회의록",
  "보고서를 검토하려면 누구에게 연락하나요",
];

/**
 * The visibility rule of CONTRACT 2.1, as seen by search (which also leaves unpublished chunks out). A token's
 * department admits only while it is active and belongs to the token's tenant (a department is a department of
 * one company, CONTRACT 2.1); otherwise the member is admitted through the public bucket alone.
 */
function mayShow(w: Who, d: Doc): boolean {
  if (w.tenantId === null || d.tenant !== w.tenantId) return false;
  if (d.level > w.clearance || !d.published) return false;
  if (w.admin) return true;
  if (d.orgs.includes(PUBLIC_ORG)) return true;
  const own = w.organizationId;
  return own !== null && active.has(own) && orgTenant.get(own) === w.tenantId && d.orgs.includes(own);
}

function expectedChunks(w: Who): Set<string> {
  const allowed = new Set(docs.filter((d) => mayShow(w, d)).map((d) => d.id));
  return new Set([...chunkDoc].filter(([, doc]) => allowed.has(doc)).map(([chunk]) => chunk));
}

const docById = (id: string) => docs.find((d) => d.id === id);

async function tokenFor(w: Who, sub: string, byName = false): Promise<string> {
  return await rag.token({
    sub,
    tenantId: w.tenantId,
    organizationId: w.organizationId,
    clearance: byName ? LEVELS[w.clearance] : w.clearance,
    admin: w.admin,
  });
}

async function search(token: string, json: Record<string, unknown>) {
  const res = await rag.call("/search", { method: "POST", json, token });
  tally.searches++;
  return { status: res.status, b: await body<schemas.SearchResponse>(res) };
}

/** What is wrong with one response for `w`: chunks it may not see, bad fields, or missing chunks. */
function problemsWith(w: Who, contexts: schemas.SearchContext[], limit: number): string[] {
  const expected = expectedChunks(w);
  const out: string[] = [];
  const seen = new Set<string>();
  tally.chunks += contexts.length;
  for (const c of contexts) {
    const doc = docById(c.documentId);
    if (!expected.has(c.chunkId)) {
      out.push(`leaked chunk ${c.chunkId} of ${doc?.key ?? c.documentId}`);
    }
    if (chunkDoc.get(c.chunkId) !== c.documentId) out.push(`chunk ${c.chunkId} reported under another document`);
    if (doc && c.securityLevel !== LEVELS[doc.level]) out.push(`chunk ${c.chunkId} has the wrong level`);
    if (seen.has(c.chunkId)) out.push(`chunk ${c.chunkId} returned twice`);
    seen.add(c.chunkId);
  }
  const want = Math.min(limit, expected.size);
  if (contexts.length !== want) out.push(`returned ${contexts.length} chunks, expected ${want} of ${expected.size}`);
  return out;
}

const describeWho = (w: Who) =>
  `${w.label} {tenant ${w.tenantId}, org ${w.organizationId}, clearance ${w.clearance}, admin ${w.admin}}`;

async function ingestFixture(admins: Record<string, string>) {
  const plan: Omit<Doc, "id">[] = [];
  const add = (tenant: string, name: string, orgs: string[], published = true) => {
    for (let level = 0; level < 4; level++) {
      if (!published && level > 1) continue;
      plan.push({ key: `${name}-L${level}${published ? "" : "-unpublished"}`, tenant, orgs, level, published });
    }
  };
  const P = PUBLIC_ORG;
  add(T1, "t1-a", [org.A]);
  add(T1, "t1-b", [org.B]);
  add(T1, "t1-c", [org.C]);
  add(T1, "t1-d", [org.D]);
  add(T1, "t1-public", [P]);
  add(T1, "t1-a+b", [org.A, org.B]);
  add(T1, "t1-b+public", [org.B, P]);
  add(T1, "t1-c+d", [org.C, org.D]);
  add(T2, "t2-x", [org.X]);
  add(T2, "t2-y", [org.Y]);
  add(T2, "t2-public", [P]);
  add(T2, "t2-x+y", [org.X, org.Y]);
  const register = async (d: Omit<Doc, "id">) => {
    const html = `<h1>예산 보고서 ${d.key}</h1><p>${COMMON}. ${LEVEL_WORDS[d.level]} 등급 문서 ${d.key} 입니다. ` +
      `${COMMON} 내용을 정리했습니다.</p>`;
    const doc = await rag.document(`/iso/${d.key}.html`, html, {
      tenantId: d.tenant,
      organizationIds: d.orgs,
      securityLevel: LEVELS[d.level],
      title: `예산 보고서 ${d.key}`,
    });
    const res = await rag.call("/documents", { method: "POST", json: doc, token: admins[d.tenant] });
    const b = await body<schemas.IngestionResult>(res);
    assert.equal(b.indexed, true, `${d.key}: ${res.status} ${JSON.stringify(b)}`);
    docs.push({ ...d, id: b.documentId });
  };
  await inParallel(plan.filter((d) => d.published), 4, register);
  // Publication approval is each tenant's own rule: both tenants turn it on for their unpublished documents.
  const approval = (on: boolean) => Promise.all([T1, T2].map((t) => settings(admins[t], on)));
  await approval(true);
  try {
    add(T1, "t1-a", [org.A], false);
    add(T1, "t1-public", [P], false);
    add(T2, "t2-x+y", [org.X, org.Y], false);
    await inParallel(plan.filter((d) => !d.published), 4, register);
  } finally {
    await approval(false);
  }
}

async function settings(token: string, publicationApprovalRequired: boolean) {
  const res = await rag.call("/admin/settings", {
    method: "PUT",
    json: { lifecycle: { publicationApprovalRequired } },
    token,
  });
  assert.equal(res.status, 200, await res.clone().text());
}

/** Runs `fn` over `items` with at most `width` calls in flight, interleaving them. */
async function inParallel<T>(items: T[], width: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  }));
}

async function department(companyId: string, code: string): Promise<string> {
  const res = await rag.app.admin("/departments", { method: "POST", json: { companyId, code, name: code } });
  assert.equal(res.status, 201, await res.clone().text());
  return (await body<Item<directory.Department>>(res)).data.id;
}

before(async () => {
  rag = await startRagApp({ DATABASE_POOL_MAX: String(POOL_MAX) });
  T1 = rag.tenant;
  T2 = rag.otherTenant;
  const C = await department(T1, "C");
  const D = await department(T1, "D");
  const Y = await department(T2, "Y");
  org = { A: rag.dept.a, B: rag.dept.b, C, D, X: rag.dept.other, Y };
  orgTenant = new Map([[org.A, T1], [org.B, T1], [org.C, T1], [org.D, T1], [org.X, T2], [org.Y, T2]]);
  await rag.sync();
  const admins = {
    [T1]: await rag.token({ admin: true, clearance: 3, tenantId: T1, organizationId: org.A, sub: "fixture-1" }),
    [T2]: await rag.token({ admin: true, clearance: 3, tenantId: T2, organizationId: org.X, sub: "fixture-2" }),
  };
  await ingestFixture(admins);
  const off = await rag.app.admin(`/departments/${D}/deactivate`, { method: "POST" });
  assert.equal(off.status, 200, await off.clone().text());
  await rag.sync();
  const orgs = await rag.system((tx) => tx`select id, is_active from rag.tb_organization`);
  active = new Set(orgs.filter((o) => o.is_active && o.id !== PUBLIC_ORG).map((o) => o.id as string));
  assert.deepEqual([...active].sort(), [org.A, org.B, org.C, org.X, org.Y].sort(), "D alone is inactive");
  const chunks = await rag.system((tx) => tx`select id, document_id, visible from rag.tb_doc_chunk_vector`);
  for (const c of chunks) {
    chunkDoc.set(String(c.id), c.document_id);
    assert.equal(c.visible, docById(c.document_id)!.published, "a chunk is visible exactly when published");
  }
  appPool = connect(rag.app.db.appUrl, { max: 1, applicationName: "isolation-test" });
});

after(async () => {
  console.log(`search isolation: ${tally.searches} searches, ${tally.chunks} returned chunks checked`);
  await appPool?.end();
  await rag?.stop();
});

describe("search isolation: the fixture", () => {
  it("has chunks matching every question in both tenants, every level, every organization and unpublished documents", async () => {
    assert.equal(docs.length, 12 * 4 + 3 * 2);
    assert.ok(docs.every((d) => [...chunkDoc.values()].includes(d.id)), "every document has chunks");
    for (const q of QUESTIONS) {
      const words = toTsqueryText(analyze(q));
      const grams = toTsqueryText(bigrams(q));
      const [m] = await rag.system((tx) =>
        tx`select count(distinct document_id) filter (where lexemes @@ ${words}::tsquery)::int as words,
                  count(distinct document_id) filter (where bigrams @@ ${grams}::tsquery)::int as grams
           from rag.tb_doc_chunk_vector`
      );
      assert.deepEqual([m.words, m.grams], [docs.length, docs.length], `every document matches ${q}`);
    }
  });
});

/** Non-administrator principals over every tenant, department (own, foreign, deactivated, unknown, none) and clearance. */
function memberMatrix(): Who[] {
  const out: Who[] = [];
  const t1 = { A: org.A, B: org.B, C: org.C, "D (deactivated)": org.D, "X (other tenant's)": org.X };
  const t2 = { X: org.X, Y: org.Y, "A (other tenant's)": org.A };
  const extra = { "the public bucket": PUBLIC_ORG, unknown: UNKNOWN_ORG, none: null };
  for (let clearance = 0; clearance < 4; clearance++) {
    for (const [name, id] of Object.entries({ ...t1, ...extra })) {
      out.push({ label: `T1 member of ${name}`, tenantId: T1, organizationId: id, clearance, admin: false });
    }
    for (const [name, id] of Object.entries({ ...t2, ...extra })) {
      out.push({ label: `T2 member of ${name}`, tenantId: T2, organizationId: id, clearance, admin: false });
    }
  }
  out.push({ label: "no tenant", tenantId: null, organizationId: org.A, clearance: 3, admin: false });
  out.push({ label: "unknown tenant", tenantId: UNKNOWN_TENANT, organizationId: org.A, clearance: 3, admin: false });
  return out;
}

/** Searches as `w` with every leg and again with each leg alone; each answer must be exactly the allowed chunks. */
async function assertExact(w: Who, question = QUESTIONS[0]) {
  const token = await tokenFor(w, `matrix-${crypto.randomUUID().slice(0, 8)}`);
  for (const legs of [undefined, ["vector"], ["text"], ["bigram"]]) {
    const { status, b } = await search(token, { question, limit: 50, ...(legs ? { legs } : {}) });
    assert.equal(status, 200, `${describeWho(w)}: ${JSON.stringify(b)}`);
    const problems = problemsWith(w, b.contexts, 50);
    assert.deepEqual(problems, [], `${describeWho(w)}, legs ${legs ?? "all"}`);
  }
  return expectedChunks(w).size;
}

describe("search isolation: matrix of non-administrators", () => {
  it("a member sees exactly their tenant's published chunks at or below their clearance, in their active department or the public bucket", async () => {
    const matrix = memberMatrix();
    let nonEmpty = 0;
    for (const w of matrix) if (await assertExact(w) > 0) nonEmpty++;
    assert.ok(nonEmpty >= 40, `most principals see something (${nonEmpty} of ${matrix.length})`);
  });

  it("hides chunks of another department and of a higher level, and shows a multi-department document to each member", async () => {
    const w: Who = { label: "B, INTERNAL", tenantId: T1, organizationId: org.B, clearance: 1, admin: false };
    await assertExact(w);
    const seen = docs.filter((d) => mayShow(w, d)).map((d) => d.key).sort();
    assert.deepEqual(seen, [
      "t1-a+b-L0",
      "t1-a+b-L1",
      "t1-b+public-L0",
      "t1-b+public-L1",
      "t1-b-L0",
      "t1-b-L1",
      "t1-public-L0",
      "t1-public-L1",
    ]);
  });

  it("a member of a deactivated department sees only their tenant's public bucket", async () => {
    const w: Who = { label: "D, RESTRICTED", tenantId: T1, organizationId: org.D, clearance: 3, admin: false };
    assert.equal(await assertExact(w), 8);
    assert.ok(docs.filter((d) => mayShow(w, d)).every((d) => d.orgs.includes(PUBLIC_ORG)));
  });

  it("a token naming another company's department sees nothing of that company, and only its own public bucket", async () => {
    const w: Who = { label: "T2 claiming A", tenantId: T2, organizationId: org.A, clearance: 3, admin: false };
    assert.equal(await assertExact(w), 4);
    const seen = docs.filter((d) => mayShow(w, d));
    assert.ok(seen.every((d) => d.tenant === T2 && d.orgs.includes(PUBLIC_ORG)));
    const v: Who = { label: "T1 claiming X", tenantId: T1, organizationId: org.X, clearance: 3, admin: false };
    assert.equal(await assertExact(v), 8, "not the tenant's own documents registered under X either");
  });

  it("a token without tenant_id, or with a tenant that has no documents, sees nothing", async () => {
    for (const tenantId of [null, UNKNOWN_TENANT]) {
      const w: Who = { label: "tenantless", tenantId, organizationId: PUBLIC_ORG, clearance: 3, admin: false };
      const { status, b } = await search(await tokenFor(w, "tenantless"), { question: QUESTIONS[0], limit: 50 });
      assert.deepEqual([status, b.contexts], [200, []]);
    }
  });

  it("reads a clearance given as a level name the same as its rank", async () => {
    const w: Who = { label: "C by name", tenantId: T1, organizationId: org.C, clearance: 2, admin: false };
    const { b } = await search(await tokenFor(w, "by-name", true), { question: "대외비 계약 일정", limit: 50 });
    assert.deepEqual(problemsWith(w, b.contexts, 50), []);
  });
});

describe("search isolation: administrators", () => {
  it("skip only the organization condition: tenant, clearance and publication still apply", async () => {
    for (const tenantId of [T1, T2, UNKNOWN_TENANT]) {
      for (let clearance = 0; clearance < 4; clearance++) {
        for (const organizationId of [org.A, org.D, null]) {
          await assertExact({ label: "admin", tenantId, organizationId, clearance, admin: true });
        }
      }
    }
    const w: Who = { label: "T1 admin", tenantId: T1, organizationId: org.A, clearance: 1, admin: true };
    const seen = docs.filter((d) => mayShow(w, d));
    assert.ok(seen.some((d) => d.orgs.includes(org.D)) && seen.some((d) => d.orgs.includes(org.C)), "any department");
    assert.ok(seen.every((d) => d.tenant === T1 && d.level <= 1 && d.published));
    const none = await search(await tokenFor({ ...w, tenantId: null }, "admin-no-tenant"), { question: "예산" });
    assert.deepEqual(none.b.contexts, [], "an administrator without a tenant sees nothing");
  });

  it("may not file a document under another company's department (422, nothing written)", async () => {
    const admin = await rag.token({ admin: true, clearance: 3, tenantId: T1, organizationId: org.A, sub: "cross" });
    const doc = await rag.document("/iso/cross.html", `<p>${COMMON}</p>`, { tenantId: T1, organizationIds: [org.X] });
    const res = await rag.call("/documents", { method: "POST", json: doc, token: admin });
    const b = await body<Problem>(res);
    assert.deepEqual([res.status, b.code], [422, "organization_not_found"]);
    assert.match(b.detail, new RegExp(org.X));
    const [{ n }] = await rag.system((tx) =>
      tx`select count(*)::int as n from rag.tb_ai_document_registry where source_document_id = ${doc
        .sourceDocumentId as string}`
    );
    assert.equal(n, 0);
  });
});

/** A small seeded PRNG (mulberry32), so a failing run can be replayed with RAG_ISOLATION_SEED. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  return { next, pick };
}

interface Pair {
  who: Who;
  byName: boolean;
  question: string;
  limit: number;
  legs?: string[];
}

function randomPairs(seed: number, n: number): Pair[] {
  const r = prng(seed);
  const own: Record<string, (string | null)[]> = {
    [T1]: [org.A, org.B, org.C, org.D],
    [T2]: [org.X, org.Y],
    [UNKNOWN_TENANT]: [UNKNOWN_ORG],
  };
  const anyOrg = [org.A, org.B, org.C, org.D, org.X, org.Y, PUBLIC_ORG, UNKNOWN_ORG, null];
  const legSets = [undefined, undefined, ["vector"], ["text"], ["bigram"], ["text", "bigram"], ["vector", "text"]];
  return Array.from({ length: n }, (_, i) => {
    const tenantId = r.pick([T1, T1, T1, T2, T2, UNKNOWN_TENANT, null]);
    const organizationId = tenantId && r.next() < 0.75 ? r.pick(own[tenantId]) : r.pick(anyOrg);
    const who: Who = {
      label: `pair ${i}`,
      tenantId,
      organizationId,
      clearance: Math.floor(r.next() * 4),
      admin: r.next() < 0.1,
    };
    const limit = r.next() < 0.5 ? 50 : 1 + Math.floor(r.next() * 50);
    return { who, byName: r.next() < 0.2, question: r.pick(QUESTIONS), limit, legs: r.pick(legSets) };
  });
}

describe("search isolation: randomized", () => {
  it(`${PAIRS} interleaved principal and question pairs on a pool of ${POOL_MAX} connections return only allowed chunks`, async () => {
    const seed = Number(Deno.env.get("RAG_ISOLATION_SEED") ?? Math.floor(Math.random() * 2 ** 31));
    const pairs = randomPairs(seed, PAIRS);
    const failures: string[] = [];
    let chunksChecked = 0;
    let emptyAnswers = 0;
    await inParallel(pairs, WIDTH, async (p, i) => {
      const token = await tokenFor(p.who, `random-${i}`, p.byName);
      const { status, b } = await search(token, {
        question: p.question,
        limit: p.limit,
        ...(p.legs ? { legs: p.legs } : {}),
      });
      if (status !== 200) {
        failures.push(`#${i} ${describeWho(p.who)}: status ${status} ${JSON.stringify(b)}`);
        return;
      }
      chunksChecked += b.contexts.length;
      if (b.contexts.length === 0) emptyAnswers++;
      const problems = problemsWith(p.who, b.contexts, p.limit);
      if (problems.length) {
        failures.push(
          `#${i} ${describeWho(p.who)} asked ${JSON.stringify(p.question)} limit ${p.limit} legs ${p.legs ?? "all"}: ${
            problems.join("; ")
          }`,
        );
      }
    });
    const admins = pairs.filter((p) => p.who.admin).length;
    console.log(
      `randomized isolation: seed ${seed}, ${pairs.length} pairs (${admins} admin), ${chunksChecked} chunks checked, ` +
        `${emptyAnswers} empty answers`,
    );
    assert.deepEqual(failures.slice(0, 10), [], `seed ${seed} (rerun with RAG_ISOLATION_SEED=${seed})`);
    assert.ok(chunksChecked > PAIRS * 5, "the run checked chunks, not just empty answers");
  });

  it(`the application's pool kept to ${POOL_MAX} connections, and each, reused without settings, sees nothing`, async () => {
    const su = postgres(rag.app.db.superUrl, { max: 1, onnotice: () => {} });
    const rows = await su`select pid, state, query from pg_stat_activity
      where datname = current_database() and application_name = 'backbone-api'`.finally(() => su.end());
    const n = rows.filter((r) => !/^\s*listen/i.test(r.query)).length;
    assert.ok(n <= POOL_MAX, `${n} pooled connections`);
    const sql = rag.app.runtime.sql;
    const reads = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          sql`select pg_backend_pid() as pid, current_setting('my.app_tenant_id', true) as tenant,
                 (select count(*)::int from rag.tb_doc_chunk_vector) as chunks,
                 (select count(*)::int from rag.tb_ai_document_registry) as documents,
                 (select count(*)::int from rag.tb_rag_audit_logs) as audits`,
      ),
    );
    // '' rather than null: the connection did carry a principal, set transaction-locally, and kept none of it.
    for (const [row] of reads) {
      assert.deepEqual([row.tenant, row.chunks, row.documents, row.audits], ["", 0, 0, 0], `pid ${row.pid}`);
    }
    assert.equal(new Set(reads.map(([row]) => row.pid)).size, n, "both pooled connections were read");
  });
});

// --- Transaction-local settings on a reused connection (a pool of 1 acting as the application role) ---

const counts = async (db: Db) => {
  const [row] = await db`select pg_backend_pid() as pid,
    (select count(*)::int from rag.tb_doc_chunk_vector) as chunks,
    (select count(*)::int from rag.tb_ai_document_registry) as documents,
    (select count(*)::int from rag.tb_document_organizations) as links,
    (select count(*)::int from rag.ingestion_jobs) as jobs,
    (select count(*)::int from rag.tb_rag_audit_logs) as audits`;
  return row as { pid: number; chunks: number; documents: number; links: number; jobs: number; audits: number };
};
const NOTHING = { chunks: 0, documents: 0, links: 0, jobs: 0, audits: 0 };
const seenOf = ({ pid: _, ...rest }: Awaited<ReturnType<typeof counts>>) => rest;

const member = (): DbPrincipal => ({
  tenantId: T1,
  organizationId: org.A,
  clearance: 1,
  isAdmin: false,
  publicOrgId: PUBLIC_ORG,
});

/**
 * The search statement with its own conditions wide open (any organization, top clearance): only RLS can filter.
 * It runs where the service never runs it, on a connection without a principal, so the cast is the attack.
 */
async function wideOpenSearch(db: Db, scanVisible: boolean) {
  const q = QUESTIONS[0];
  return await hybridSearch(db as PrincipalTx, {
    vector: vectorText(fakeVector(q)),
    words: toTsqueryText(analyze(q)),
    wordLexemes: queryLexemes(analyze(q)),
    wordFrequencies: queryLexemes(analyze(q)).map(() => 1),
    bigrams: toTsqueryText(bigrams(q)),
    bigramQuery: toTsqueryText(bigrams(q)),
    corpus: { chunks: 100, meanLength: 100 },
    candidates: 50,
    rrfK: 60,
    weights: { vector: 1, text: 1, bigram: 1 },
    limit: 50,
    tenantId: T1,
    clearance: 3,
    organizationIds: null,
    scanVisible,
  });
}

describe("search isolation: settings end with their transaction on a pooled connection", () => {
  it("a connection reused after a commit, without settings, sees nothing and raises no error", async () => {
    const w: Who = { label: "A", tenantId: T1, organizationId: org.A, clearance: 1, admin: false };
    const inside = await withPrincipal(appPool, member(), counts);
    assert.equal(inside.chunks, expectedChunks(w).size);
    assert.ok(inside.chunks > 0 && inside.documents > 0);
    const after = await counts(appPool);
    assert.equal(after.pid, inside.pid, "the same connection");
    assert.deepEqual(seenOf(after), NOTHING);
    const [s] = await appPool`select current_setting('my.app_tenant_id', true) as t,
      current_setting('my.app_user_clearance_level', true) as c, current_setting('my.app_is_admin', true) as a`;
    assert.deepEqual([s.t, s.c, s.a], ["", "", ""]);
    for (const scanVisible of [false, true]) {
      assert.equal((await wideOpenSearch(appPool, scanVisible)).length, 0);
      assert.equal((await appPool.begin((tx) => wideOpenSearch(tx, scanVisible))).length, 0);
    }
  });

  it("nothing survives a rollback either, even of an administrator with the top clearance", async () => {
    let inside: Awaited<ReturnType<typeof counts>> | undefined;
    await assert.rejects(
      withPrincipal(appPool, { ...member(), isAdmin: true, clearance: 3 }, async (tx) => {
        inside = await counts(tx);
        throw new Error("roll back");
      }),
      /roll back/,
    );
    assert.ok(inside!.documents > 0, "the administrator sees its tenant's documents");
    await assert.rejects(
      withPrincipal(appPool, { ...member(), isAdmin: true, clearance: 3 }, async (tx) => {
        await tx`select 1 / 0`;
      }),
      (e: unknown) => e instanceof Error && "code" in e && e.code === "22012",
    );
    const after = await counts(appPool);
    assert.equal(after.pid, inside!.pid);
    assert.deepEqual(seenOf(after), NOTHING);
  });

  it("a transaction with only some of the five settings sees nothing and raises no error", async () => {
    const all = {
      "my.app_tenant_id": T1,
      "my.app_user_org_id": org.A,
      "my.app_user_clearance_level": "3",
      "my.app_is_admin": "false",
      "my.app_public_org_id": PUBLIC_ORG,
    };
    const without = (...names: string[]) =>
      Object.fromEntries(Object.entries(all).filter(([k]) => !names.includes(k.replace("my.app_", ""))));
    const partial: Record<string, string>[] = [
      { "my.app_tenant_id": T1 },
      without("user_clearance_level"),
      { ...without("user_clearance_level"), "my.app_user_clearance_level": "" },
      without("tenant_id"),
      { ...without("tenant_id"), "my.app_is_admin": "true" },
      without("user_org_id", "public_org_id"),
      { ...without("public_org_id"), "my.app_user_org_id": org.D },
    ];
    const run = (settings: Record<string, string>) =>
      appPool.begin(async (tx) => {
        for (const [name, value] of Object.entries(settings)) await tx`select set_config(${name}, ${value}, true)`;
        return await counts(tx);
      });
    assert.ok((await run(all)).chunks > 0, "all five settings admit chunks");
    for (const settings of partial) {
      const seen = seenOf(await run(settings));
      assert.deepEqual([seen.chunks, seen.documents], [0, 0], JSON.stringify(settings));
      // Links, jobs and the audit log are scoped by tenant alone (their own policies), so only a missing tenant empties them.
      if (!settings["my.app_tenant_id"]) assert.deepEqual(seen, NOTHING, JSON.stringify(settings));
    }
  });
});

describe("search isolation: the chunk policy itself, for administrators", () => {
  // 0006 says every principal needs a clearance at least the chunk's level, and search.sql says its own conditions
  // "decide nothing". But chunks_write (0005) is FOR ALL, so it also grants SELECT, OR-ed with chunks_read: an
  // administrator reads every chunk of its tenant whatever its clearance, even with the clearance setting empty.
  // Search hides this only through its own `security_level <= $8` condition.
  it("an administrator's transaction reads no chunk above its clearance, and none with the clearance setting empty", async () => {
    const admin = (clearance: number | null) => ({ ...member(), isAdmin: true, clearance });
    const above = await withPrincipal(appPool, admin(0), async (tx) => {
      const [r] = await tx`select count(*)::int as n from rag.tb_doc_chunk_vector where security_level > 0`;
      return r.n as number;
    });
    const unset = await withPrincipal(appPool, admin(null), async (tx) => (await counts(tx)).chunks);
    assert.deepEqual({ above, unset }, { above: 0, unset: 0 });
  });
});
