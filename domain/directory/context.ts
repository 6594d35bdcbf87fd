/** What directory decisions need: the pool, the cursor codec and the ledger's settings. */
import type postgres from "postgres";
import type { Sql } from "@/sql/mod.ts";
import type { ReadPools } from "@/sql/read_pools.ts";
import { type Ledger, lockLedger, nextVersion } from "@/sql/directory/ledger.ts";
import { AppError } from "@/domain/errors.ts";
import type { CursorCodec } from "../cursor.ts";
import type { UserTokenSigner } from "./user_tokens.ts";
import type { Publications } from "./publications.ts";
import type { WebhookOutbound } from "./webhook_delivery.ts";

/** Directory dependencies, built once by the composition root. */
export interface DirectoryContext {
  /** The shared request pool. */
  sql: Sql;
  /** Authorization-snapshot publications' own slots and pool. */
  publications: Publications;
  cursors: CursorCodec;
  tombstoneRetentionDays: number;
  syncStaleAfterSeconds: number;
  /** Portals the configuration knows (their sync status shows NEVER_SYNCED before any report). */
  knownPortals: readonly string[];
  /** Users (ids or login ids, lowercase) whose tokens may carry `installation_operator` (INSTALLATION_OPERATORS). */
  installationOperators: readonly string[];
  /** Signs user tokens; absent when no central signing key is configured. */
  userTokens?: UserTokenSigner;
  /** The primary and its replicas (DATABASE_READ_URL): portals' list reads may go to a replica. */
  reads?: ReadPools;
  /** What each portal has been shown, so a lagging replica never shows it less. */
  shown?: ShownVersions;
  /** Where webhook deliveries go and how (WEBHOOK_*); absent, every webhook URL is refused and nothing is sent. */
  webhooks?: WebhookOutbound;
}

/**
 * The highest `dataVersion` of each ledger each portal has been given. Shared by every API process
 * (a portal's next request may reach another one), and allowed to forget: forgetting only sends a
 * read to the primary less often than it should for that portal, never a write anywhere.
 */
export interface ShownVersions {
  highest(portalId: string, ledger: Ledger): Promise<number>;
  record(portalId: string, ledger: Ledger, version: number): void;
}

/** A transaction of the directory ledger. */
export type Tx = postgres.TransactionSql;

/**
 * Runs `fn` in a transaction that holds `ledger`'s lock; `version()` takes the next
 * version the first time it is called, so a write that turns out to change nothing
 * consumes none. The only way to open a ledger transaction.
 */
export async function inLedger<T>(
  ctx: DirectoryContext,
  ledger: Ledger,
  fn: (tx: Tx, version: () => Promise<number>) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.sql.begin(async (tx) => {
      await lockLedger(tx, ledger);
      let taken: number | undefined;
      return await fn(tx, async () => taken ??= await nextVersion(tx, ledger));
    }) as T;
  } catch (err) {
    throw translateConstraint(err);
  }
}

/** Runs `fn` in a transaction of the directory ledger, its next version taken at once. */
export function inDirectoryLedger<T>(ctx: DirectoryContext, fn: (tx: Tx, version: number) => Promise<T>): Promise<T> {
  return inLedger(ctx, "directory", async (tx, version) => fn(tx, await version()));
}

const UNIQUE: Record<string, AppError> = {
  companies_code_key: new AppError("duplicate_code", "A company with this code already exists"),
  departments_company_code_key: new AppError(
    "duplicate_code",
    "A department with this code already exists in the company",
  ),
  user_groups_code_key: new AppError("group_code_conflict", "Another live group of the company already has this code"),
  users_login_id_key: new AppError("conflict", "A user with this loginId already exists"),
  users_employee_no_key: new AppError("conflict", "A user with this employeeNo already exists in the company"),
};

/** Turns constraint violations into the errors a client can act on; anything else passes through. */
export function translateConstraint(err: unknown): unknown {
  const e = err as { code?: string; constraint_name?: string };
  if (e?.code === "23505" && e.constraint_name && UNIQUE[e.constraint_name]) {
    const known = UNIQUE[e.constraint_name];
    return new AppError(known.code, known.message, { cause: err });
  }
  if (e?.code === "23503") return new AppError("unprocessable", "A referenced record does not exist", { cause: err });
  if (e?.code === "23514") {
    return new AppError("invalid_request", "A value is outside what the ledger accepts", { cause: err });
  }
  return err;
}
