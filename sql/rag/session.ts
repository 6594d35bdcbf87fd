/**
 * The two kinds of retrieval transaction. A request's statements run under its principal: `withPrincipal` opens the
 * transaction on the request pool and sets the principal first, and is the only maker of `PrincipalTx`. The
 * service's system work runs as the system role, whose membership of the installation's system group is what the
 * policies' system branch asks for: `withSystem` opens it on the system pool, and is the only maker of `SystemTx`.
 * Every wrapper in `sql/rag/` takes one of them (or `RagTx`, either), so a statement handed a bare pool, or a
 * transaction opened elsewhere, does not type-check; nor does the system pool handed to `withPrincipal`.
 */
import type postgres from "postgres";
import { connect, type ConnectOptions, loadQueries, type Sql } from "@/sql/mod.ts";
import { assertSystemRole } from "@/sql/safety.ts";

const q = loadQueries(new URL("./session.sql", import.meta.url), {
  set_principal: { params: ["text", "text", "text", "text", "text", "text", "text", "text"] },
});

/**
 * What row-level security sees: the five settings of CONTRACT 2.1, the installation operator's mark (which only
 * writes the installation's settings), and the user and the portal its token speaks for (who may replace a document).
 */
export interface DbPrincipal {
  tenantId: string | null;
  organizationId: string | null;
  clearance: number | null;
  isAdmin: boolean;
  publicOrgId: string;
  isOperator?: boolean;
  /** The token's `sub`. */
  subject?: string | null;
  /** The token's `portal_id`. */
  portalId?: string | null;
}

declare const principalSet: unique symbol;
declare const systemRole: unique symbol;

/** A transaction whose principal is set: only `withPrincipal` makes one. */
export type PrincipalTx = postgres.TransactionSql & { readonly [principalSet]: true };
/** A transaction of the system role: only `withSystem` makes one. */
export type SystemTx = postgres.TransactionSql & { readonly [systemRole]: true };
/** A statement both a request and the system run takes either transaction. */
export type RagTx = PrincipalTx | SystemTx;

/** The pool connected as the system role: only `openSystemPool` makes one. */
export type SystemPool = Sql & { readonly [systemRole]: true };
/** Any pool but the system one: a principal's transaction never runs as the system role. */
export type RequestPool = Sql & { readonly [systemRole]?: never };

/** How a transaction is opened; the default is PostgreSQL's (read committed). */
export interface TxOptions {
  isolation?: "repeatable read" | "serializable";
}

function begin<T>(sql: Sql, options: TxOptions, run: (tx: postgres.TransactionSql) => Promise<T>): Promise<T> {
  return (options.isolation ? sql.begin(`isolation level ${options.isolation}`, run) : sql.begin(run)) as Promise<T>;
}

/** Opens a transaction on the request pool, sets the principal (transaction-local) first, and runs `fn` in it. */
export async function withPrincipal<T>(
  sql: RequestPool,
  p: DbPrincipal,
  fn: (tx: PrincipalTx) => Promise<T>,
  options: TxOptions = {},
): Promise<T> {
  return await begin(sql, options, async (tx) => {
    await q.set_principal(tx, [
      p.tenantId ?? "",
      p.organizationId ?? "",
      p.clearance === null ? "" : String(p.clearance),
      String(p.isAdmin),
      p.publicOrgId,
      String(p.isOperator ?? false),
      p.subject ?? "",
      p.portalId ?? "",
    ]);
    return await fn(tx as PrincipalTx);
  });
}

/** Opens a transaction of the system role and runs `fn` in it. */
export async function withSystem<T>(
  pool: SystemPool,
  fn: (tx: SystemTx) => Promise<T>,
  options: TxOptions = {},
): Promise<T> {
  return await begin(pool, options, (tx) => fn(tx as SystemTx));
}

/**
 * Opens the system pool on `url`, refusing a role that is not in the installation's system group or could step
 * around row-level security (then nothing is left open).
 */
export async function openSystemPool(url: string, options: ConnectOptions = {}): Promise<SystemPool> {
  const sql = connect(url, options);
  try {
    await assertSystemRole(sql);
  } catch (err) {
    await sql.end({ timeout: 1 });
    throw err;
  }
  return sql as SystemPool;
}
