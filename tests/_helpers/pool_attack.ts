/**
 * The attack of issue 16 part 3, shared by its test and its bench: a real service (`main.ts` as a child) whose
 * publication slots are held by snapshot bodies trickled in a byte at a time, and whose search slots are held
 * by searches blocked behind a lock on the chunks table, while `GET /users` is timed as any portal sees it.
 */
import postgres from "postgres";
import { Redis } from "ioredis";
import { addEntry, streamNames } from "@/jobs/mod.ts";
import { clearPrefix, DIR, REDIS_URL, testEnv } from "./app.ts";
import { freshDatabase, type TestDatabase } from "./db.ts";
import { type FakeEmbedding, startFakeEmbedding } from "./fake_embedding.ts";
import { type MainProcess, spawnMain } from "./main_process.ts";
import { freePort } from "./processes.ts";
import { until } from "./poll.ts";
import { retrievalEnv } from "./rag.ts";
import { ADMIN_KEY, READER_KEY, userToken } from "./tokens.ts";

/** The pool sizes the target runs with: small, so that a handful of callers could take them all. */
export const POOLS = { shared: 6, publications: 2, searches: 2 };

/** A running target: the service, its database and a company whose users and department are known to both sides. */
export interface Target {
  url: string;
  proc: MainProcess;
  db: TestDatabase;
  superuser: postgres.Sql;
  spoolDir: string;
  userIds: string[];
  searchToken: string;
  stop(): Promise<void>;
}

async function admin<T>(url: string, path: string, init: RequestInit): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set("x-directory-admin-key", ADMIN_KEY);
  const res = await fetch(`${url}${DIR}/admin${path}`, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text).data as T;
}

const jsonInit = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** Starts the service over a fresh database with `users` users and one department synced to the retrieval side. */
export async function startTarget(users: number): Promise<Target> {
  const db = await freshDatabase();
  const embedding: FakeEmbedding = startFakeEmbedding();
  const prefix = `t:${crypto.randomUUID().slice(0, 8)}:`;
  const spoolDir = await Deno.makeTempDir({ prefix: "pool_attack_" });
  const port = freePort();
  const proc = spawnMain({
    ...testEnv(db, prefix),
    ...retrievalEnv(embedding.url),
    PORT: String(port),
    LOG_LEVEL: "info",
    RUN_WORKERS: "true",
    DATABASE_POOL_MAX: String(POOLS.shared),
    SNAPSHOT_PUBLICATION_SLOTS: String(POOLS.publications),
    RAG_SEARCH_SLOTS: String(POOLS.searches),
    SNAPSHOT_SPOOL_DIR: spoolDir,
  });
  const superuser = postgres(db.superUrl, { max: 3, onnotice: () => {} });
  const redis = new Redis(REDIS_URL);
  const stop = async () => {
    await proc.stop();
    await superuser.end();
    redis.disconnect();
    await Promise.all([db.drop(), clearPrefix(prefix), embedding.stop(), Deno.remove(spoolDir, { recursive: true })]);
  };
  try {
    await proc.waitForLine((l) => l.includes('"listening"'), 60_000);
    const url = `http://127.0.0.1:${port}`;
    const company = await admin<{ id: string }>(url, "/companies", jsonInit({ code: "POOL", name: "Pool" }));
    const dept = await admin<{ id: string }>(
      url,
      "/departments",
      jsonInit({ companyId: company.id, code: "D", name: "D" }),
    );
    const rows = Array.from(
      { length: users },
      (_, i) => JSON.stringify({ loginId: `pool.${i}`, koreanName: `풀${i}` }),
    );
    const imported = await admin<{ results: { id?: string }[] }>(url, "/users:import", {
      method: "POST",
      headers: { "content-type": "application/x-ndjson" },
      body: rows.join("\n"),
    });
    await addEntry(redis, streamNames(prefix, "rag:org-sync").stream, {
      task: "org-sync",
      at: new Date().toISOString(),
    });
    await until("the organization sync mirrored the department", async () => {
      const found = await superuser`select 1 from rag.tb_organization where id = ${dept.id} and is_active`;
      return found.length === 1;
    }, 30_000);
    return {
      url,
      proc,
      db,
      superuser,
      spoolDir,
      userIds: imported.results.map((r) => r.id!),
      searchToken: await userToken({ tenantId: company.id, organizationId: dept.id, clearance: 1 }),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** A publication whose body goes out a piece at a time on a connection of its own (chunked transfer). */
export interface TrickledPublication {
  send(text: string): Promise<void>;
  /** Sends one space (JSON whitespace) every `everyMs` until `finish` or `disconnect`. */
  dribble(everyMs?: number): void;
  /** Sends `rest` and the body's end; the answer's status and problem code. */
  finish(rest: string): Promise<{ status: number; code?: string; text: string }>;
  /** Drops the connection mid-body, as a client that went away (nothing when it is closed already). */
  disconnect(): void;
}

const utf8 = new TextEncoder();

/** Opens `POST /authorization-snapshot` as the portal of `key` and sends the body's first piece. */
export async function trickledPublication(url: string, key: string, first: string): Promise<TrickledPublication> {
  const { hostname, port } = new URL(url);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  let writing = Promise.resolve();
  const write = (bytes: Uint8Array) =>
    writing = writing.then(async () => {
      for (let at = 0; at < bytes.length;) at += await conn.write(bytes.subarray(at));
    });
  const chunk = (text: string) => {
    const data = utf8.encode(text);
    return write(new Uint8Array([...utf8.encode(`${data.length.toString(16)}\r\n`), ...data, 13, 10]));
  };
  await write(utf8.encode(
    `POST ${DIR}/authorization-snapshot HTTP/1.1\r\nhost: ${hostname}\r\nauthorization: Bearer ${key}\r\n` +
      "content-type: application/json\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n",
  ));
  await chunk(first);
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    send: chunk,
    dribble(everyMs = 100) {
      timer = setInterval(() => chunk(" ").catch(() => clearInterval(timer)), everyMs);
    },
    async finish(rest) {
      clearInterval(timer);
      await chunk(rest);
      await write(utf8.encode("0\r\n\r\n"));
      const text = await new Response(conn.readable).text();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      return { status, code: /"code":"([a-z_]+)"/.exec(text)?.[1], text };
    },
    disconnect() {
      clearInterval(timer);
      try {
        conn.close();
      } catch {
        // already closed: the answer was read to its end
      }
    },
  };
}

/** The spool files the process `pid` holds open (their names are removed as they are opened). */
export async function openSpools(pid: number): Promise<number> {
  let n = 0;
  for await (const fd of Deno.readDir(`/proc/${pid}/fd`)) {
    const target = await Deno.readLink(`/proc/${pid}/fd/${fd.name}`).catch(() => "");
    if (target.includes("snapshot-spool-")) n++;
  }
  return n;
}

/** Backends of `applicationName` in the target's database waiting on a lock. */
export async function waitingOnLocks(t: Target, applicationName: string): Promise<number> {
  const [row] = await t.superuser`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and application_name = ${applicationName} and wait_event_type = 'Lock'`;
  return row.n;
}

/**
 * Holds every search slot: takes an exclusive lock on the chunks table (as a long statement would hold it), sends
 * `count` searches, which block on it holding their connections, and returns them with a release.
 */
export async function blockSearches(t: Target, count: number) {
  const locker = await t.superuser.reserve();
  await locker`begin`;
  await locker`lock table rag.tb_doc_chunk_vector in access exclusive mode`;
  const searches = Array.from({ length: count }, () =>
    fetch(`${t.url}/api/v1/search`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${t.searchToken}` },
      body: JSON.stringify({ question: "보안 점검 절차" }),
    }).then(async (res) => (await res.body?.cancel(), res.status)));
  return {
    searches,
    async release() {
      await locker`rollback`;
      locker.release();
    },
  };
}

/** `GET /users` as a portal sees it: `n` sequential requests; latencies sorted, and failures (10 s timeout). */
export async function timeUsers(url: string, n: number): Promise<{ p50: number; p95: number; failures: number }> {
  const ms: number[] = [];
  let failures = 0;
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    try {
      const res = await fetch(`${url}${DIR}/users?limit=20`, {
        headers: { authorization: `Bearer ${READER_KEY}` },
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      if (res.status !== 200) failures++;
    } catch {
      failures++;
    }
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))];
  return { p50: at(0.5), p95: at(0.95), failures };
}

/** The body's opening, then `ids` as entries, comma-separated (each with one role). */
export function entriesText(ids: string[]): string {
  return ids.map((userId) => JSON.stringify({ userId, assignments: [{ kind: "ROLE", key: "r", label: "역할" }] }))
    .join(",");
}

/** The first piece of a publication body for `portalId`. */
export const opening = (portalId: string, version: string) =>
  `{"portalId":${JSON.stringify(portalId)},"sourceVersion":${JSON.stringify(version)},"entries":[`;
