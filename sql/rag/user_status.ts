/** Statements on the directory users the retrieval service follows, and the users feed's cursor. */
import { loadQueries } from "@/sql/mod.ts";
import type { SystemTx } from "./session.ts";

const q = loadQueries(new URL("./user_status.sql", import.meta.url), {
  upsert_user_status: { params: ["jsonb"] },
  deactivate_unlisted: { params: ["_uuid", "int8"], columns: { deactivated: "int4" } },
  user_inactive: { params: ["uuid"], columns: { inactive: "bool" } },
  users_cursor: { columns: { version: "int8?" } },
  lock_user_sync: {},
  record_user_sync: { params: ["bool", "text?", "int8?"] },
});

/** A user as the directory last described it. */
export interface UserStatusInput {
  id: string;
  tenantId: string | null;
  active: boolean;
  version: number;
}

/** Records users; a row changes only for a newer version. */
export async function upsertUserStatus(tx: SystemTx, users: UserStatusInput[]): Promise<void> {
  await q.upsert_user_status(tx, [users]);
}

/** Deactivates users a full walk beginning at `version` did not list; returns how many. */
export async function deactivateUnlisted(tx: SystemTx, a: { listed: string[]; version: number }): Promise<number> {
  const [row] = await q.deactivate_unlisted(tx, [a.listed, a.version]);
  return row.deactivated;
}

/** Whether the directory has deactivated or deleted the user `id`. */
export async function userInactive(tx: SystemTx, id: string): Promise<boolean> {
  const [row] = await q.user_inactive(tx, [id]);
  return row.inactive;
}

/** The version the users feed was last read up to, or null before the first sync. */
export async function usersCursor(tx: SystemTx): Promise<number | null> {
  const [row] = await q.users_cursor(tx);
  return row.version;
}

/** Serialises applying user syncs until the transaction ends. */
export async function lockUserSync(tx: SystemTx): Promise<void> {
  await q.lock_user_sync(tx);
}

/** Records a user sync attempt; a success moves the cursor to `version`. */
export async function recordUserSync(
  tx: SystemTx,
  a: { success: boolean; error: string | null; version: number | null },
): Promise<void> {
  await q.record_user_sync(tx, [a.success, a.error, a.version]);
}
