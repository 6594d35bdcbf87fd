/** Ledger versions: the per-ledger counter behind `version` and `dataVersion`. */
import { type Db, loadQueries } from "@/sql/mod.ts";

const q = loadQueries(new URL("./ledger.sql", import.meta.url), {
  next_version: { params: ["text"], columns: { version: "int8" } },
  lock_ledger: { params: ["text"], columns: { version: "int8" } },
  ledger_state: { params: ["text"], columns: { version: "int8", purgedThrough: "int8" } },
  cursor_secret: { columns: { secret: "bytea" } },
  mark_purged_through: { params: ["text", "int8"] },
  refresh_statistics: {},
});

/** A ledger's name. */
export type Ledger = "directory" | "groups" | "glossary";

/** Takes the next version of `ledger`, locking it for the rest of the transaction. */
export async function nextVersion(db: Db, ledger: Ledger): Promise<number> {
  const [row] = await q.next_version(db, [ledger]);
  return row.version;
}

/** Locks `ledger` until the end of the transaction, without taking a version. */
export async function lockLedger(db: Db, ledger: Ledger): Promise<void> {
  await q.lock_ledger(db, [ledger]);
}

/** The ledger's current version and purge horizon. */
export async function ledgerState(db: Db, ledger: Ledger): Promise<{ version: number; purgedThrough: number }> {
  const [row] = await q.ledger_state(db, [ledger]);
  return row;
}

/** The cursor signing key. */
export async function cursorSecret(db: Db): Promise<Uint8Array> {
  const [row] = await q.cursor_secret(db);
  return row.secret;
}

/** Records that tombstones through `version` are gone. */
export async function markPurgedThrough(db: Db, a: { ledger: Ledger; version: number }): Promise<void> {
  await q.mark_purged_through(db, [a.ledger, a.version]);
}

/** Refreshes planner statistics of the directory tables after a bulk change. */
export async function refreshStatistics(db: Db): Promise<void> {
  await q.refresh_statistics(db);
}
