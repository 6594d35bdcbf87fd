/**
 * Database access: connecting, loading the named statements of `.sql` files,
 * and the typed handle every statement wrapper receives.
 */
import postgres from "postgres";
import type { Writable } from "node:stream";

/** A pool, or a transaction opened on it: anything a statement can run on. */
export type Db = postgres.Sql | postgres.TransactionSql;
/** The connection pool. */
export type Sql = postgres.Sql;
/** A value a statement parameter may take; objects and arrays go to `jsonb` as JSON. */
export type Param =
  | string
  | number
  | boolean
  | null
  | Date
  | Uint8Array
  | readonly string[]
  | readonly number[]
  | Record<string, unknown>
  | readonly Record<string, unknown>[];

/** Options for a pool. */
export interface ConnectOptions {
  max?: number;
  applicationName?: string;
  /** Milliseconds before a statement is cancelled; protects the pool from runaway queries. */
  statementTimeoutMs?: number;
}

/**
 * Opens a pool. `int8` values come back as numbers: versions stay far below 2^53.
 * Statements stay prepared (no re-parse), but are planned for each call's values.
 */
export function connect(url: string, options: ConnectOptions = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    idle_timeout: 60,
    connect_timeout: 5,
    // While PostgreSQL is down every waiting query waits for the pool's next connection attempt; the default
    // backoff grows to 10-20 s, so callers would hang that long for their 503 and recovery would lag as much.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
    onnotice: () => {},
    transform: { column: { from: postgres.toCamel } },
    types: {
      bigint: { to: 20, from: [20], parse: (x: string) => Number(x), serialize: (x: number) => String(x) },
    },
    connection: {
      application_name: options.applicationName ?? "backbone",
      statement_timeout: options.statementTimeoutMs ?? 30_000,
      // Statements take optional filters and transaction-local principals; a cached generic
      // plan chosen for one caller's values scanned whole tables for the next (131 ms against
      // 0.4 ms for a page of users), so every execution is planned for its own values.
      plan_cache_mode: "force_custom_plan",
    },
  });
}

/** A named statement bound to its text: `(db, params) -> rows`. */
export type Statement = <T = Record<string, unknown>>(db: Db, params?: readonly Param[]) => Promise<T[]>;

const HEADER = /^--\s*name:\s*([a-z0-9_]+)\s*:(one|many|exec|copy)\s*$/;

/**
 * Reads the named blocks of a `.sql` file (`-- name: list_users :many`, a line on
 * what it does, a line on its parameters, then the statement) and returns one
 * prepared-statement runner per declared name. A name the file lacks is a start-up error.
 */
export function loadQueries<N extends string>(file: URL, names: readonly N[]): Record<N, Statement> {
  const blocks = parseBlocks(Deno.readTextFileSync(file));
  const out = {} as Record<N, Statement>;
  for (const name of names) {
    const text = blocks.get(name);
    if (text === undefined) throw new Error(`${file.pathname}: no statement named ${name}`);
    out[name] = <T>(db: Db, params: readonly Param[] = []) =>
      db.unsafe(text, params as never[], { prepare: true }) as unknown as Promise<T[]>;
  }
  return out;
}

/** A `COPY ... FROM STDIN` statement bound to its text: `(db) -> the stream to write rows into`. */
export type CopyStatement = (db: Db) => Promise<Writable>;

/** Loads named `COPY ... FROM STDIN` statements (headed `:copy`) of a `.sql` file. */
export function loadCopies<N extends string>(file: URL, names: readonly N[]): Record<N, CopyStatement> {
  const blocks = parseBlocks(Deno.readTextFileSync(file));
  const out = {} as Record<N, CopyStatement>;
  for (const name of names) {
    const text = blocks.get(name);
    if (text === undefined) throw new Error(`${file.pathname}: no statement named ${name}`);
    out[name] = (db: Db) => db.unsafe(text).writable();
  }
  return out;
}

/**
 * Writes COPY text-format lines (or pieces of several lines) into `stream`, honouring backpressure, and waits
 * for the server to take them. If `lines` throws, the COPY is cancelled (the server fails the statement, so its
 * transaction rolls back) and the error is rethrown.
 */
export async function copyLines(
  stream: Writable,
  lines: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>,
): Promise<void> {
  const done = new Promise<void>((resolve, reject) => {
    stream.once("finish", resolve);
    stream.once("error", reject);
  });
  const drained = () => new Promise((resolve) => stream.once("drain", resolve));
  try {
    // A plain loop for a list: `for await` would wait a microtask per line.
    if (Symbol.asyncIterator in lines) {
      for await (const line of lines) if (!stream.write(line)) await drained();
    } else {
      for (const line of lines) if (!stream.write(line)) await drained();
    }
  } catch (err) {
    done.catch(() => {});
    stream.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
  stream.end();
  await done;
}

/** Escapes a value for COPY text format: backslash, tab, newline and carriage return. */
export function copyText(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (c) => c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r");
}

/** Splits a `.sql` file into its named statements. */
export function parseBlocks(source: string): Map<string, string> {
  const blocks = new Map<string, string>();
  let name: string | null = null;
  let body: string[] = [];
  const flush = () => {
    if (name === null) return;
    const text = body.filter((l) => !/^\s*--/.test(l)).join("\n").trim().replace(/;\s*$/, "");
    if (blocks.has(name)) throw new Error(`duplicate statement name ${name}`);
    blocks.set(name, text);
  };
  for (const line of source.split("\n")) {
    const m = HEADER.exec(line.trim());
    if (m) {
      flush();
      name = m[1];
      body = [];
    } else {
      body.push(line);
    }
  }
  flush();
  return blocks;
}

/** True when an error means the database could not be reached (down, restarting, refusing). */
export function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== "string") return false;
  return [
    "ECONNREFUSED",
    "ECONNRESET",
    "EPIPE",
    "ETIMEDOUT",
    "CONNECTION_CLOSED",
    "CONNECTION_ENDED",
    "CONNECTION_DESTROYED",
    "CONNECT_TIMEOUT",
    "57P01", // admin_shutdown
    "57P02", // crash_shutdown
    "57P03", // cannot_connect_now
    "53300", // too_many_connections
  ].includes(code) || code.startsWith("08");
}
