/**
 * Seeds the service under load the way its operators and portals would, through its own APIs: a company
 * and departments, users imported as CSV through `POST /admin/users:import`, approved glossary terms,
 * each portal's groups, the model settings and user tokens. Only the retrieval corpus goes in as the table owner, with the search
 * benchmark's loader: ingesting 100,000 chunks through the API would take hours of embedding.
 */
import postgres from "postgres";
import { ADMIN_KEY } from "@/tests/_helpers/tokens.ts";
import { ADMIN_URL } from "@/tests/_helpers/db.ts";
import { until } from "@/tests/_helpers/poll.ts";
import type { OwnedGroup } from "./_load_clients.ts";
import { departments, type Doc, documents, question } from "./_search_corpus.ts";
import { dropIndexes, insertChunks, insertDocuments, rebuildIndexes, vacuumAnalyze } from "./_search_load.ts";

const DIR = "/api/directory/v1";
const OTHER_DEPARTMENTS = 18;
const IMPORT_BATCH = 5000;
const QUESTIONS = 2000;
const TERMS = 40;
const GROUPS_PER_PORTAL = 4;
const MEMBERS = 10;

/** The seeded directory: its company, departments, and every user with their department. */
export interface Directory {
  tenant: string;
  p1: string;
  p10: string;
  others: string[];
  users: { id: string; departmentId: string }[];
}

/** Calls the service and returns the JSON body; anything but 2xx stops the seeding with the problem body. */
export async function call<T>(url: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set("content-type", "application/json");
  const res = await fetch(url, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
  if (!res.ok) throw new Error(`${rest.method ?? "GET"} ${url}: ${res.status} ${await res.text()}`);
  return await res.json() as T;
}

const adminHeaders = { "x-directory-admin-key": ADMIN_KEY };

/** Creates the company and its departments, then imports `count` users spread over the departments. */
export async function seedDirectory(url: string, count: number): Promise<Directory> {
  const create = async (path: string, json: unknown) =>
    (await call<{ data: { id: string } }>(`${url}${DIR}/admin${path}`, {
      method: "POST",
      headers: adminHeaders,
      json,
    })).data.id;
  const tenant = await create("/companies", { code: "LOAD", name: "부하 시험" });
  const dept = (code: string, name: string) => create("/departments", { companyId: tenant, code, name });
  const p1 = await dept("P1", "1% 부서"), p10 = await dept("P10", "10% 부서");
  const others: string[] = [];
  for (let k = 0; k < OTHER_DEPARTMENTS; k++) others.push(await dept(`D${k}`, `부서 ${k}`));
  const all = [p1, p10, ...others];
  const users: Directory["users"] = [];
  for (let from = 0; from < count; from += IMPORT_BATCH) {
    const lines = ["loginId,koreanName,englishName,email,employeeNo,jobTitle,clearanceLevel,companyId,departmentId"];
    for (let i = from; i < Math.min(count, from + IMPORT_BATCH); i++) {
      lines.push(
        `load.${i},부하${i},Load ${i},load.${i}@corp.example,L${i},사원,${1 + i % 3},${tenant},${all[i % all.length]}`,
      );
    }
    const imported = await call<{ data: { failed: number; results: { id: string; line: number }[] } }>(
      `${url}${DIR}/admin/users:import`,
      { method: "POST", headers: { ...adminHeaders, "content-type": "text/csv" }, body: lines.join("\n") },
    );
    if (imported.data.failed > 0) throw new Error(`the users import failed ${imported.data.failed} rows`);
    // Line 1 is the header, so row `line` is user `from + line - 2`.
    for (const r of imported.data.results) {
      users.push({ id: r.id, departmentId: all[(from + r.line - 2) % all.length] });
    }
  }
  return { tenant, p1, p10, others, users };
}

/** Waits for the service's own organization sync (every 15 s) to bring in the company's departments. */
export async function organizationsSynced(system: postgres.Sql, dir: Directory): Promise<void> {
  const expected = 2 + dir.others.length;
  await until(
    "the service has synced the departments into tb_organization",
    async () => {
      const [{ n }] = await system`select count(*)::int as n from rag.tb_organization
                                    where tenant_id = ${dir.tenant} and is_active`;
      return n === expected;
    },
    60_000,
    500,
  );
}

/**
 * Loads `chunks` chunks as the search benchmark does, each document in one department (the 1% and 10%
 * ones, the rest spread over the others); returns questions about random chunks and the seconds taken.
 */
export async function seedCorpus(urls: { owner: string; system: string }, dir: Directory, chunks: number) {
  const docs = documents(chunks);
  const shares = departments(docs, OTHER_DEPARTMENTS);
  const ofDoc = (d: Doc) => {
    const s = shares[d.index];
    return [s === "p1" ? dir.p1 : s === "p10" ? dir.p10 : dir.others[s]];
  };
  const owner = postgres(urls.owner, { max: 2, idle_timeout: 0, onnotice: () => {} });
  const system = postgres(urls.system, { max: 2, idle_timeout: 0, onnotice: () => {} });
  const t0 = performance.now();
  try {
    const ids = await insertDocuments(system, dir.tenant, docs, ofDoc);
    const indexes = await dropIndexes(owner);
    let reported = 0;
    await insertChunks(system, dir.tenant, docs, ids, ofDoc, (n) => {
      if (n - reported < 10_000) return;
      reported = n;
      console.error(`load: ${n} chunks (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    });
    await rebuildIndexes(owner, indexes);
    await vacuumAnalyze(owner);
    // The load's pages written now, so the measured minute does not share the disk with the checkpointer writing
    // them (gigabytes at 100,000 chunks).
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    await admin`checkpoint`.finally(() => admin.end());
  } finally {
    await Promise.all([owner.end(), system.end()]);
  }
  const questions = Array.from({ length: QUESTIONS }, (_, k) => {
    const doc = docs[(k * 7919) % docs.length];
    return question(doc, k % doc.chunks, k + 1).text;
  });
  return { questions, seconds: (performance.now() - t0) / 1000 };
}

/** Proposes glossary terms as a portal and approves them as the administrator; returns their ids. */
export async function seedTerms(url: string, portalKey: string): Promise<string[]> {
  const terms = Array.from({ length: TERMS }, (_, k) => ({ notation: `부하용어${k}`, definition: `시험 용어 ${k}` }));
  const proposed = await call<{ data: { proposed: { id: string }[] } }>(`${url}${DIR}/glossary/term-proposals`, {
    method: "POST",
    headers: { authorization: `Bearer ${portalKey}` },
    json: { terms },
  });
  for (const { id } of proposed.data.proposed) {
    await call(`${url}${DIR}/admin/terms/${id}/approve`, { method: "POST", headers: adminHeaders });
  }
  return proposed.data.proposed.map((t) => t.id);
}

/** Creates a portal's groups (`PUT /user-groups/{id}`, which creates an absent group), as it would before it syncs. */
export async function seedGroups(url: string, portal: { portalId: string; apiKey: string }, dir: Directory) {
  const groups: OwnedGroup[] = [];
  for (let k = 0; k < GROUPS_PER_PORTAL; k++) {
    const id = crypto.randomUUID(), code = `${portal.portalId}-g${k}`;
    const memberIds = Array.from(
      { length: MEMBERS },
      (_, m) => dir.users[(k * 7919 + m * 104729) % dir.users.length].id,
    );
    const created = await call<{ data: { version: number; memberIds: string[] } }>(`${url}${DIR}/user-groups/${id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${portal.apiKey}` },
      json: { code, name: `부하 그룹 ${code}`, companyId: dir.tenant, memberIds },
    });
    groups.push({
      id,
      code,
      version: created.data.version,
      members: created.data.memberIds,
      pushes: 0,
      doubtful: false,
    });
  }
  return groups;
}

/**
 * A user token issued by the directory's admin API, as the central console would (at most an hour); `operator`
 * needs the user in the instance's INSTALLATION_OPERATORS.
 */
export async function issueToken(url: string, userId: string, operator = false): Promise<string> {
  const issued = await call<{ data: { token: string } }>(`${url}${DIR}/admin/user-tokens`, {
    method: "POST",
    headers: adminHeaders,
    json: { userId, ttlSeconds: 3600, operator },
  });
  return issued.data.token;
}

/** Points the service's embedding and model settings at the fakes (`PUT /api/v1/admin/settings`, as the operator). */
export async function configureModels(
  url: string,
  operatorToken: string,
  fakes: { embeddingUrl: string; llmUrl: string },
) {
  await call(`${url}/api/v1/admin/settings`, {
    method: "PUT",
    headers: { authorization: `Bearer ${operatorToken}` },
    json: {
      embedding: { endpoint: fakes.embeddingUrl, model: "fake" },
      llm: { provider: "openai", endpoint: fakes.llmUrl, model: "load" },
    },
  });
}
