/**
 * A cheap fingerprint of everything a request could write, for "a rejected request
 * writes nothing": per directory and retrieval table its row count and newest row
 * version (xmin), which any committed insert, update or delete moves, and the state
 * of every Redis stream under the app's key prefix.
 */
import postgres from "postgres";
import { Redis } from "ioredis";
import { TASKS } from "@/jobs/mod.ts";
import { REDIS_URL, type TestApp } from "./app.ts";

/** One read of the writable state. */
export interface StateSnapshot {
  tables: Map<string, string>;
  streams: Map<string, { key: string; idle: boolean }>;
  /** Outbox rows the relay has not sent yet. */
  unsent: number;
}

/** What changed between two reads. */
export interface StateChange {
  /** Tables and streams whose content changed. */
  changed: string[];
  /** A periodic job ran in between, so the change cannot be pinned on the request. */
  background: boolean;
}

/** Reads and compares the writable state of a test app. */
export interface WriteProbe {
  /** Waits until no job is queued or running (and nothing waits in an outbox), then reads the state. */
  settle(timeoutMs?: number): Promise<StateSnapshot>;
  read(): Promise<StateSnapshot>;
  compare(before: StateSnapshot, after: StateSnapshot): StateChange;
  stop(): Promise<void>;
}

/**
 * Rows a refused request writes on purpose, left out of the fingerprint:
 * - refusals of access (401/403) are audited in the log of the service that refused
 *   (routes/mod.ts `auditRefusal`), so `access.refused` entries of both audit logs;
 * - a credential failure that names a portal is counted per portal, shown beside its
 *   sync status as "portal status needs checking" (CONTRACT 1.4), so the whole
 *   `portal_credential_failures` table.
 * Every other audit entry stays in: a refused write must not audit a change either.
 * Rate-limiter buckets live in process memory and are not part of the state.
 */
const ROW_FILTERS: Record<string, string | null> = {
  "directory.audit_log": "x.action <> 'access.refused'",
  "rag.tb_rag_audit_logs": "x.action <> 'access.refused'",
  "directory.portal_credential_failures": null,
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function fingerprintQuery(sql: postgres.Sql): Promise<string> {
  const tables = await sql<{ schema: string; table: string }[]>`
    select table_schema as schema, table_name as table from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema in ('directory', 'rag') order by 1, 2`;
  const parts: string[] = [];
  for (const { schema, table } of tables) {
    const name = `${schema}.${table}`;
    const filter = ROW_FILTERS[name];
    if (filter === null) continue;
    // Rows visible and the newest row version: an insert or update raises the newest xmin, a delete lowers the count.
    parts.push(
      `select '${name}' as t, count(*) || ':' || coalesce(max(x.xmin::text::bigint), 0) as h ` +
        `from ${quote(schema)}.${quote(table)} x${filter ? ` where ${filter}` : ""}`,
    );
  }
  parts.push(
    "select 'unsent', ((select count(*) from directory.outbox where sent_at is null) + " +
      "(select count(*) from rag.outbox where sent_at is null))::text",
  );
  return parts.join("\nunion all\n");
}

function pairs(reply: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const list = reply as unknown[];
  for (let i = 0; i + 1 < list.length; i += 2) out[String(list[i])] = list[i + 1];
  return out;
}

async function readStreams(redis: Redis, prefix: string): Promise<StateSnapshot["streams"]> {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, found] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000, "TYPE", "stream");
    keys.push(...found);
    cursor = next;
  } while (cursor !== "0");
  keys.sort();
  const multi = redis.multi();
  for (const key of keys) multi.xinfo("STREAM", key).xinfo("GROUPS", key);
  const replies = (await multi.exec()) ?? [];
  const out: StateSnapshot["streams"] = new Map();
  keys.forEach((key, i) => {
    const stream = pairs(replies[2 * i][1]);
    const last = String(stream["last-generated-id"]);
    const groups = (replies[2 * i + 1][1] as unknown[]).map(pairs);
    const idle = groups.every((g) => Number(g.pending) === 0 && String(g["last-delivered-id"]) === last);
    const groupState = groups.map((g) => `${g.name}:${g.pending}:${g["last-delivered-id"]}`).sort().join(",");
    out.set(key.slice(prefix.length), { key: `${stream.length}|${last}|${groupState}`, idle });
  });
  return out;
}

/** Starts a probe of `app`'s state; `stop()` closes its connections. */
export async function startWriteProbe(app: TestApp): Promise<WriteProbe> {
  // A superuser connection: row-level security (forced even for the owner on the retrieval tables) hides nothing.
  const sql = postgres(app.db.superUrl, { max: 1, onnotice: () => {} });
  const redis = new Redis(REDIS_URL);
  redis.on("error", () => {});
  const prefix = app.config.REDIS_KEY_PREFIX;
  const query = await fingerprintQuery(sql);
  // Periodic tasks are fed by the scheduler on their own clock; their streams (and dead letters) tell when one ran.
  const periodic = new Set(
    TASKS.filter((t) => t.everyMs).flatMap((t) => [`${t.service}:${t.name}`, `${t.service}:${t.name}:dead`]),
  );

  async function readTables() {
    const rows = await sql.unsafe<{ t: string; h: string }[]>(query, [], { prepare: true });
    const tables = new Map(rows.map((r) => [r.t, r.h]));
    const unsent = Number(tables.get("unsent"));
    tables.delete("unsent");
    return { tables, unsent };
  }

  async function read(): Promise<StateSnapshot> {
    const { tables, unsent } = await readTables();
    return { tables, unsent, streams: await readStreams(redis, prefix) };
  }

  const same = (a: StateSnapshot["streams"], b: StateSnapshot["streams"]) =>
    a.size === b.size && [...a].every(([k, v]) => b.get(k)?.key === v.key);

  return {
    read,
    async settle(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // Streams before and after the tables: equal and idle means no job moved while the tables were read.
        const first = await readStreams(redis, prefix);
        const { tables, unsent } = await readTables();
        const streams = await readStreams(redis, prefix);
        if (unsent === 0 && same(first, streams) && [...streams.values()].every((s) => s.idle)) {
          return { tables, unsent, streams };
        }
        if (Date.now() > deadline) throw new Error(`the app did not settle within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 15));
      }
    },
    compare(before, after) {
      const changed: string[] = [];
      let background = false;
      for (const [t, h] of after.tables) if (before.tables.get(t) !== h) changed.push(t);
      for (const t of before.tables.keys()) if (!after.tables.has(t)) changed.push(t);
      const names = new Set([...before.streams.keys(), ...after.streams.keys()]);
      for (const name of names) {
        if (before.streams.get(name)?.key === after.streams.get(name)?.key) continue;
        if (periodic.has(name)) background = true;
        else changed.push(`stream ${name}`);
      }
      if (after.unsent !== before.unsent) changed.push("outbox (unsent)");
      return { changed, background };
    },
    async stop() {
      redis.disconnect();
      await sql.end();
    },
  };
}
