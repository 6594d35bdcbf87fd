/** The principal of a retrieval transaction: every document-touching statement runs under one. */
import type postgres from "postgres";
import { type Db, loadQueries, type Sql } from "@/sql/mod.ts";

const q = loadQueries(new URL("./session.sql", import.meta.url), ["set_principal"]);

/** What row-level security sees: the five settings of CONTRACT 2.1, plus the jobs' system flag. */
export interface DbPrincipal {
  tenantId: string | null;
  organizationId: string | null;
  clearance: number | null;
  isAdmin: boolean;
  publicOrgId: string;
  system?: boolean;
}

/** A transaction running under a principal. */
export type PrincipalTx = postgres.TransactionSql;

/** Sets the principal on `tx` (transaction-local). */
export async function setPrincipal(tx: Db, p: DbPrincipal): Promise<void> {
  await q.set_principal(tx, [
    p.tenantId ?? "",
    p.organizationId ?? "",
    p.clearance === null ? "" : String(p.clearance),
    String(p.isAdmin),
    p.publicOrgId,
    String(p.system ?? false),
  ]);
}

/** Opens a transaction, sets the principal first, and runs `fn` in it. */
export async function withPrincipal<T>(sql: Sql, p: DbPrincipal, fn: (tx: PrincipalTx) => Promise<T>): Promise<T> {
  return await sql.begin(async (tx) => {
    await setPrincipal(tx, p);
    return await fn(tx);
  }) as T;
}
