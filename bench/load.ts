/**
 * The service under a mixed portal workload (issue 8, item 7): `main.ts` runs as its own process (HTTP and
 * workers, as in production) over a fresh database with LOAD_USERS directory users (default 100,000, imported
 * through the admin API) and LOAD_CHUNKS retrieval chunks (default 100,000, the search benchmark's corpus),
 * while LOAD_CONCURRENCY virtual clients (default 50, one request at a time each, so as many connections)
 * walk user pages, pull and push groups and members, push content-term links, publish authorization
 * snapshots, search and ask (fake embedding server and fake model, on a thread of their own) for
 * LOAD_SECONDS (default 60) after LOAD_WARMUP_SECONDS (default 5).
 *
 * It prints per endpoint the requests, errors, throughput and p50/p95/p99 latency as the clients saw them;
 * then looks for every acknowledged write in the database (lost writes). Any non-2xx answer, network error
 * or timeout is an error; the run fails (exit 1) on any error or lost write. The table also goes to
 * bench/LOAD.md with the machine and the date.
 */
import postgres from "postgres";
import { clearPrefix, testEnv } from "@/tests/_helpers/app.ts";
import { freshDatabase } from "@/tests/_helpers/db.ts";
import { type MainProcess, spawnMain } from "@/tests/_helpers/main_process.ts";
import { freePort } from "@/tests/_helpers/processes.ts";
import { until } from "@/tests/_helpers/poll.ts";
import { PUBLIC_ORG } from "@/tests/_helpers/rag.ts";
import { CENTRAL, RAG_SERVICE_KEY } from "@/tests/_helpers/tokens.ts";
import { type Fakes, startFakes } from "./_load_fakes.ts";
import { newClient, portalOf, type World } from "./_load_clients.ts";
import {
  configureModels,
  issueToken,
  organizationsSynced,
  seedCorpus,
  seedDirectory,
  seedGroups,
  seedTerms,
} from "./_load_seed.ts";
import { Recorder, table } from "./_load_stats.ts";
import { verify } from "./_load_verify.ts";
import { drive, OPERATIONS } from "./_load_workload.ts";

const USERS = Number(Deno.env.get("LOAD_USERS") ?? 100_000);
const CHUNKS = Number(Deno.env.get("LOAD_CHUNKS") ?? 100_000);
const CONCURRENCY = Number(Deno.env.get("LOAD_CONCURRENCY") ?? 50);
const SECONDS = Number(Deno.env.get("LOAD_SECONDS") ?? 60);
const WARMUP = Number(Deno.env.get("LOAD_WARMUP_SECONDS") ?? 5);
const POOL = "10";
const REPLY = "요청하신 절차는 관련 규정에 따라 담당 부서에서 처리합니다 [1]. 세부 기준은 지침을 확인하십시오 [2].";

/** The service's environment: the test credentials plus one portal key per client, workers on, no rate limit. */
function serviceEnv(base: Record<string, string>, port: number): Record<string, string> {
  const scopes = ["directory:read", "directory:sync", "authorization:sync", "glossary:read", "glossary:write"];
  const portals = Array.from({ length: CONCURRENCY }, (_, i) => {
    const { portalId, apiKey } = portalOf(i);
    return { portalId, apiKey, scopes, enabled: true };
  });
  const rag = {
    portalId: "rag-service",
    apiKey: RAG_SERVICE_KEY,
    scopes: ["directory:read", "directory:sync", "glossary:read"],
  };
  return {
    ...base,
    PORTAL_API_KEYS_JSON: JSON.stringify([...portals, { ...rag, enabled: true }]),
    CENTRAL_JWT_SECRET: CENTRAL.secret,
    CENTRAL_JWT_ISSUER: CENTRAL.issuer,
    CENTRAL_JWT_AUDIENCE: CENTRAL.audience,
    RAG_DIRECTORY_API_KEY: RAG_SERVICE_KEY,
    RAG_PUBLIC_ORGANIZATION_ID: PUBLIC_ORG,
    RATE_LIMIT_PER_MINUTE: "100000000",
    // The first imported user points the settings at the fakes, which listen on loopback.
    INSTALLATION_OPERATORS: "load.0",
    RAG_CONTENT_ALLOW_LOOPBACK: "true",
    RUN_WORKERS: "true",
    DATABASE_POOL_MAX: POOL,
    LOG_LEVEL: "warn",
    PORT: String(port),
    ...(Deno.env.has("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR")! } : {}),
  };
}

/** Waits for /healthz, failing with the service's output when it exits first. */
async function healthy(service: MainProcess, url: string) {
  let exited = false;
  service.exited.then(() => exited = true);
  await until("the service answers /healthz", async () => {
    if (exited) throw new Error(`main.ts exited:\n${service.lines.join("\n")}`);
    return await fetch(`${url}/healthz`).then(async (r) => (await r.body?.cancel(), r.ok), () => false);
  }, 60_000);
}

const seconds = (t0: number) => (performance.now() - t0) / 1000;

/** Seeds everything the workload reads; returns the world (but its window and recorder), the clients, timings. */
async function seed(url: string, urls: { owner: string; system: string }, fakes: Fakes) {
  let t0 = performance.now();
  const dir = await seedDirectory(url, USERS);
  const usersSeconds = seconds(t0);
  console.error(`load: ${USERS} users imported in ${usersSeconds.toFixed(0)} s`);
  const system = postgres(urls.system, { max: 1, onnotice: () => {} });
  await organizationsSynced(system, dir).finally(() => system.end());
  t0 = performance.now();
  const corpus = await seedCorpus(urls, dir, CHUNKS);
  console.error(`load: ${CHUNKS} chunks loaded in ${corpus.seconds.toFixed(0)} s`);
  const termIds = await seedTerms(url, portalOf(0).apiKey);
  await configureModels(url, await issueToken(url, dir.users[0].id, true), fakes);
  const step = Math.max(1, Math.floor(dir.users.length / CONCURRENCY));
  const clients = [];
  for (let i = 0; i < CONCURRENCY; i++) {
    const token = await issueToken(url, dir.users[(i * step) % dir.users.length].id);
    clients.push(newClient(i, token, await seedGroups(url, portalOf(i), dir)));
  }
  return {
    world: { url, tenant: dir.tenant, userIds: dir.users.map((u) => u.id), termIds, questions: corpus.questions },
    clients,
    usersSeconds,
    corpusSeconds: corpus.seconds,
  };
}

const loadAverage = () => Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");

function machine(): string {
  const cpu = Deno.readTextFileSync("/proc/cpuinfo").match(/^model name\s*:\s*(.+)$/m)?.[1] ?? "unknown CPU";
  const gib = (Deno.systemMemoryInfo().total / 2 ** 30).toFixed(0);
  return `${cpu}, ${navigator.hardwareConcurrency} cores, ${gib} GiB memory`;
}

/** Runs the load; returns the exit code. */
async function main(): Promise<number> {
  const db = await freshDatabase();
  const prefix = `load:${crypto.randomUUID().slice(0, 8)}:`;
  let fakes: Fakes | null = null;
  let service: MainProcess | null = null;
  let cleaned: Promise<void> | null = null;
  const cleanup = () =>
    cleaned ??= (async () => {
      await service?.stop();
      await fakes?.stop();
      await clearPrefix(prefix);
      await db.drop();
    })();
  Deno.addSignalListener("SIGINT", () => void cleanup().finally(() => Deno.exit(130)));
  try {
    fakes = await startFakes(REPLY);
    const port = freePort();
    const url = `http://127.0.0.1:${port}`;
    service = spawnMain(serviceEnv(testEnv(db, prefix), port));
    await healthy(service, url);
    const seeded = await seed(url, { owner: db.ownerUrl, system: db.systemUrl }, fakes);
    const rec = new Recorder(OPERATIONS.map((o) => o.endpoint));
    const start = performance.now();
    const w: World = {
      ...seeded.world,
      rec,
      measureFrom: start + WARMUP * 1000,
      measureTo: start + (WARMUP + SECONDS) * 1000,
    };
    const clients = seeded.clients;
    const loadBefore = loadAverage();
    console.error(`load: ${CONCURRENCY} clients for ${WARMUP} + ${SECONDS} s ...`);
    await Promise.all(clients.map((c) => drive(w, c)));
    const loadAfter = loadAverage();
    const answered = (i: number) => rec.endpoints.get(OPERATIONS[i].endpoint)!;
    const v = await verify({ owner: db.ownerUrl, system: db.systemUrl }, clients, {
      search: answered(7).requests - answered(7).errors,
      ask: answered(8).requests - answered(8).errors,
    });
    const { requests, errors } = rec.totals();
    const figures = table(rec, SECONDS);
    console.log(figures);
    for (const s of rec.samples) console.log(`error: ${s.endpoint}: ${s.status} ${s.body}`);
    const complaints = service.lines.filter((l) => l.trim() !== "");
    if (complaints.length) {
      console.log(
        `the service logged ${complaints.length} warnings or errors, first:\n${complaints.slice(0, 10).join("\n")}`,
      );
    }
    console.log(
      v.missing === 0
        ? `lost writes: 0 (${v.checked} acknowledged writes checked, ${v.unchecked} left unchecked after a failed write)`
        : `lost writes: ${v.missing}\n${v.lost.slice(0, 50).join("\n")}`,
    );
    const summary = `load: ${requests} requests, ${errors} errors, ${v.missing} lost writes`;
    console.log(summary);
    const file = new URL("./LOAD.md", import.meta.url).pathname;
    await Deno.writeTextFile(
      file,
      report({ figures, summary, v, loadBefore, loadAfter, seeded, samples: rec.samples.length }),
    );
    // Formatted as `deno fmt --check` expects, so a fresh report can be committed as it is.
    await new Deno.Command(Deno.execPath(), { args: ["fmt", "--quiet", file] }).output();
    return errors + v.missing > 0 ? 1 : 0;
  } finally {
    await cleanup();
  }
}

interface ReportParts {
  figures: string;
  summary: string;
  v: { checked: number; unchecked: number; missing: number };
  loadBefore: string;
  loadAfter: string;
  seeded: { usersSeconds: number; corpusSeconds: number };
  samples: number;
}

function report(p: ReportParts): string {
  const mix = OPERATIONS.map((o) => `${o.endpoint} ${o.weight}%`).join(", ");
  return `# Load: the mixed portal workload

\`deno task load\`, ${new Date().toISOString().slice(0, 10)}, on ${machine()}: the service, its clients and
PostgreSQL share these cores (load average ${p.loadBefore} before the run and ${p.loadAfter} after it).

The service (\`main.ts\`, HTTP and workers in one process, database pool ${POOL}) ran in its own process over a
fresh database holding ${USERS} directory users (imported through \`POST /admin/users:import\` in
${p.seeded.usersSeconds.toFixed(0)} s) and ${CHUNKS} retrieval chunks of about 500 Korean characters with
1024-dimension vectors (loaded as the owner in ${p.seeded.corpusSeconds.toFixed(0)} s). ${CONCURRENCY} virtual
clients, each its own portal and user making one request at a time, ran for ${WARMUP} s of warm-up and then
${SECONDS} s measured. The mix: ${mix}. Embedding and model were loopback fakes on their own thread.

Requests and errors count the whole run, warm-up included; req/s and the percentiles count the requests started
in the measured window, timed by the client from sending to the last byte of the answer.

${p.figures}

${p.summary}. ${p.v.checked} acknowledged writes were looked for in the database (group versions and members,
links, each portal's latest snapshot and its entries, an audit row per search and ask answered with 200)` +
    (p.v.unchecked ? `; ${p.v.unchecked} groups or portals were left unchecked after a failed write` : "") + `.
`;
}

if (import.meta.main) Deno.exit(await main());
