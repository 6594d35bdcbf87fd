/** Changing directory users through the admin API: create, update, deactivate, delete, import. */
import * as users from "@/sql/directory/users.ts";
import { lockLedger, nextVersion, refreshStatistics } from "@/sql/directory/ledger.ts";
import { dropUserFromGroups, userInGroups } from "@/sql/directory/user_groups.ts";
import { type Actor, insertAudit, insertAuditBatch } from "@/sql/directory/audit.ts";
import { AppError, notFound } from "@/domain/errors.ts";
import { type DirectoryContext, inDirectoryLedger, type Tx } from "./context.ts";
import { type Prepared, prepareRecords, statusMoves, type UserInput } from "./user_records.ts";
import type { UserImportResult } from "./schemas.ts";
async function current(tx: Tx, id: string): Promise<users.DirectoryUser> {
  const user = await users.getUser(tx, id);
  if (!user) throw notFound("The user");
  return user;
}

function refuse(p: Extract<Prepared, { ok: false }>): never {
  throw new AppError(p.code, p.message, { errors: p.field ? [{ path: p.field, message: p.message }] : undefined });
}

/** Creates a user; without companyId it joins the default company. */
export function createUser(ctx: DirectoryContext, actor: Actor, input: UserInput & { loginId: string }) {
  return inDirectoryLedger(ctx, async (tx, version) => {
    const [existing] = await users.usersByLogin(tx, [input.loginId.toLowerCase()]);
    if (existing) throw new AppError("conflict", "A user with this loginId already exists");
    const [p] = await prepareRecords(tx, [{ input }]);
    if (!p.ok) refuse(p);
    const [row] = await users.upsertUsers(tx, { records: [p.record], version });
    await insertAudit(tx, { actor, action: "user.create", targetType: "user", targetId: row.id });
    return current(tx, row.id);
  });
}

/** Updates a user when `expectedVersion` is still its version; 409 with the stored record otherwise. */
export function updateUser(ctx: DirectoryContext, actor: Actor, id: string, expectedVersion: number, input: UserInput) {
  return inDirectoryLedger(ctx, async (tx, version) => {
    const stored = await current(tx, id);
    if (stored.version !== expectedVersion) {
      throw new AppError("version_conflict", "The user changed since that version", { extra: { data: stored } });
    }
    const [base] = await users.usersByLogin(tx, [stored.loginId.toLowerCase()]);
    const [p] = await prepareRecords(tx, [{ input, base }]);
    if (!p.ok) refuse(p);
    await users.updateUser(tx, { id, expectedVersion, version, record: p.record });
    await insertAudit(tx, {
      actor,
      action: "user.update",
      targetType: "user",
      targetId: id,
      details: { fields: Object.keys(input) },
    });
    await insertAuditBatch(tx, { actor, entries: statusMoves(id, base, p.record) });
    return current(tx, id);
  });
}

/** Deactivates a user (idempotent: an inactive user is returned as it is). */
export function deactivateUser(ctx: DirectoryContext, actor: Actor, id: string) {
  return inDirectoryLedger(ctx, async (tx, version) => {
    await current(tx, id);
    if (await users.setUserActive(tx, { id, active: false, version })) {
      await insertAudit(tx, { actor, action: "user.deactivate", targetType: "user", targetId: id });
    }
    return current(tx, id);
  });
}

/**
 * Deletes a user: it leaves the lists and appears as a tombstone in the change feed,
 * and leaves every common group (each such group takes a new groups-ledger version).
 */
export function deleteUser(ctx: DirectoryContext, actor: Actor, id: string) {
  return inDirectoryLedger(ctx, async (tx, version) => {
    if (!await users.deleteUser(tx, { id, version })) throw notFound("The user");
    await lockLedger(tx, "groups");
    const left = await userInGroups(tx, id)
      ? await dropUserFromGroups(tx, { userId: id, version: await nextVersion(tx, "groups") })
      : [];
    await insertAudit(tx, {
      actor,
      action: "user.delete",
      targetType: "user",
      targetId: id,
      details: { leftGroups: left },
    });
    return { id, deleted: true as const, version };
  });
}

/** One row's outcome in an import. */
export type ImportResult = UserImportResult["results"][number];

/** An import row: its line in the file and either its input or why it could not be read. */
export type ImportRow =
  | { line: number; input: UserInput & { loginId: string } }
  | { line: number; loginId: string | null; invalid: { message: string; field?: string } };

/**
 * Imports one batch of rows in one transaction: users are matched by loginId and
 * created or updated whole; rows that fail report why and are not written; rows
 * whose fields are unchanged keep their version.
 */
export function importUserBatch(ctx: DirectoryContext, actor: Actor, rows: ImportRow[]): Promise<ImportResult[]> {
  return inDirectoryLedger(ctx, async (tx, version) => {
    const valid = rows.filter((r): r is Extract<ImportRow, { input: unknown }> => "input" in r);
    const existing = await users.usersByLogin(tx, valid.map((r) => r.input.loginId.toLowerCase()));
    const baseOf = new Map(existing.map((e) => [e.loginKey, e]));
    const prepared = await prepareRecords(
      tx,
      valid.map((r) => ({ input: r.input, base: baseOf.get(r.input.loginId.toLowerCase()) })),
    );
    const ready = prepared.flatMap((p) => p.ok ? [p.record] : []);
    const written = ready.length ? await users.upsertUsers(tx, { records: ready, version }) : [];
    const writtenByKey = new Map(written.map((w) => [w.loginKey, w]));

    const preparedOf = new Map(valid.map((r, i) => [r.line, prepared[i]]));
    const moves: ReturnType<typeof statusMoves> = [];
    const results = rows.map((r): ImportResult => {
      if (!("input" in r)) {
        return { line: r.line, loginId: r.loginId, status: "failed", code: "invalid_request", ...r.invalid };
      }
      const p = preparedOf.get(r.line)!;
      if (!p.ok) {
        return {
          line: r.line,
          loginId: r.input.loginId,
          status: "failed",
          code: p.code,
          message: p.message,
          field: p.field,
        };
      }
      const key = p.record.loginId.toLowerCase();
      const w = writtenByKey.get(key);
      const id = w?.id ?? baseOf.get(key)!.id;
      moves.push(...statusMoves(id, p.base, p.record));
      return {
        line: r.line,
        loginId: p.record.loginId,
        status: w ? (w.inserted ? "created" : "updated") : "unchanged",
        id,
      };
    });
    const count = (s: string) => results.filter((r) => r.status === s).length;
    await insertAudit(tx, {
      actor,
      action: "user.import",
      details: {
        created: count("created"),
        updated: count("updated"),
        unchanged: count("unchanged"),
        failed: count("failed"),
      },
    });
    await insertAuditBatch(tx, { actor, entries: moves });
    return results;
  });
}

/** Rows written in one import above which planner statistics are refreshed afterwards. */
const STATISTICS_AFTER_ROWS = 5000;

/**
 * Imports rows in batches of `batch`, each committed on its own, reporting progress;
 * after a large import the planner's statistics are refreshed so list queries keep
 * their index plans without waiting for autovacuum.
 */
export async function importUsers(
  ctx: DirectoryContext,
  actor: Actor,
  rows: ImportRow[],
  options: { batch?: number; onProgress?: (done: number) => void } = {},
): Promise<ImportResult[]> {
  const batch = options.batch ?? 1000;
  const results: ImportResult[] = [];
  for (let i = 0; i < rows.length; i += batch) {
    results.push(...await importUserBatch(ctx, actor, rows.slice(i, i + batch)));
    options.onProgress?.(results.length);
  }
  if (results.filter((r) => r.status === "created" || r.status === "updated").length >= STATISTICS_AFTER_ROWS) {
    await refreshStatistics(ctx.sql);
  }
  return results;
}
