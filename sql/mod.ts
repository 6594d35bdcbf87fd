/**
 * Database access: connecting, loading the named statements of `.sql` files,
 * and the typed handle every statement wrapper receives.
 */
import postgres from "postgres";
import type { Writable } from "node:stream";
import type { Queries, Statement, StatementSpec } from "./statement_types.ts";

export { type RowOf, typed } from "./statement_types.ts";

/** A pool, or a transaction opened on it: anything a statement can run on. */
export type Db = postgres.Sql | postgres.TransactionSql;
/** The connection pool. */
export type Sql = postgres.Sql;
/** One connection taken out of a pool until released: its session (and session locks) stay the caller's. */
export type Reserved = postgres.ReservedSql;
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

/**
 * Runs `fn` in a transaction on the reserved connection `db` (postgres.js' `begin` would take another connection
 * of the pool): committed when `fn` resolves, rolled back when it throws.
 */
export async function beginOn<T>(db: Reserved, fn: (tx: Reserved) => Promise<T>): Promise<T> {
  await db`begin`;
  let result: T;
  try {
    result = await fn(db);
  } catch (err) {
    await db`rollback`.catch(() => {}); // a connection that broke has no transaction left to roll back
    throw err;
  }
  await db`commit`;
  return result;
}

/** A statement as loaded, for the check that prepares every one against the database. */
export interface DeclaredStatement {
  file: string;
  name: string;
  kind: Kind;
  text: string;
  spec: StatementSpec;
}

const declared: DeclaredStatement[] = [];

/** Every statement loaded so far (a module's statements load when it is imported). */
export function declaredStatements(): readonly DeclaredStatement[] {
  return declared;
}

/**
 * Reads the named blocks of a `.sql` file (`-- name: list_users :many`, a line on what it does, a line on its
 * parameters, then the statement) and returns one prepared-statement runner per spec, typed by it. A block
 * without a spec, or a spec without a block, is a start-up error. `replace` swaps allow-listed names into the
 * text (an outbox's table).
 */
export function loadQueries<const S extends Record<string, StatementSpec>>(
  file: URL,
  specs: S,
  replace: Record<string, string> = {},
): Queries<S> {
  const blocks = blocksOf(file, Object.keys(specs), (kind) => kind !== "copy");
  const out: Record<string, Statement<readonly unknown[], unknown>> = {};
  for (const [name, block] of blocks) {
    const text = Object.entries(replace).reduce((t, [from, to]) => t.replaceAll(from, to), block.text);
    declared.push({ file: file.pathname, name, kind: block.kind, text, spec: specs[name] });
    out[name] = (db: Db, params: readonly unknown[] = []) =>
      db.unsafe(text, params as never[], { prepare: true }) as unknown as Promise<unknown[]>;
  }
  return out as Queries<S>;
}

/** A `COPY ... FROM STDIN` statement bound to its text: `(db) -> the stream to write rows into`. */
export type CopyStatement = (db: Db) => Promise<Writable>;

/** Loads the named `COPY ... FROM STDIN` statements (headed `:copy`) of a `.sql` file. */
export function loadCopies<N extends string>(file: URL, names: readonly N[]): Record<N, CopyStatement> {
  const out = {} as Record<N, CopyStatement>;
  for (const [name, { kind, text }] of blocksOf(file, names, (kind) => kind === "copy")) {
    declared.push({ file: file.pathname, name, kind, text, spec: {} });
    out[name as N] = (db: Db) => db.unsafe(text).writable();
  }
  return out;
}

/** The blocks of `file` that `taken` selects by kind, which must be exactly those `names`. */
function blocksOf(file: URL, names: readonly string[], taken: (kind: Kind) => boolean): Map<string, Block> {
  const blocks = new Map([...parseBlocks(Deno.readTextFileSync(file))].filter(([, b]) => taken(b.kind)));
  const missing = names.filter((n) => !blocks.has(n));
  const undeclared = [...blocks.keys()].filter((n) => !names.includes(n));
  if (missing.length > 0) throw new Error(`${file.pathname}: no statement named ${missing.join(", ")}`);
  if (undeclared.length > 0) throw new Error(`${file.pathname}: ${undeclared.join(", ")} not declared by its wrapper`);
  return blocks;
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

/** How a statement is run: for one row, for many, for none, or as a COPY that rows are written into. */
export type Kind = "one" | "many" | "exec" | "copy";

/** A named block: its kind and its statement text. */
export interface Block {
  kind: Kind;
  text: string;
}

const HEADER = /^--\s*name:\s*([a-z0-9_]+)\s*:(one|many|exec|copy)\s*$/;

/** Splits a `.sql` file into its named statements. */
export function parseBlocks(source: string): Map<string, Block> {
  const blocks = new Map<string, Block>();
  let head: { name: string; kind: Kind } | null = null;
  let body: string[] = [];
  const flush = () => {
    if (head === null) return;
    const text = body.filter((l) => !/^\s*--/.test(l)).join("\n").trim().replace(/;\s*$/, "");
    if (blocks.has(head.name)) throw new Error(`duplicate statement name ${head.name}`);
    blocks.set(head.name, { kind: head.kind, text });
  };
  for (const line of source.split("\n")) {
    const m = HEADER.exec(line.trim());
    if (m) {
      flush();
      head = { name: m[1], kind: m[2] as Kind };
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

/** A pool's occupancy: connections running a query or held (a transaction, a reservation), idle, and queries waiting. */
export interface PoolStats {
  inUse: number;
  idle: number;
  waiting: number;
  max: number;
}

/** The occupancy of `pool`, from the vendored postgres.js' `stats()` (vendor/postgres/PATCHES.md). */
export function poolStats(pool: Sql): PoolStats {
  return (pool as unknown as { stats(): PoolStats }).stats();
}
