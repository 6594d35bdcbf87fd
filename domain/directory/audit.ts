/** Reading the audit log and recording refusals of access. */
import { type Actor, type AuditRow, insertAudit, listAudit } from "@/sql/directory/audit.ts";
import type { DirectoryContext } from "./context.ts";
import { type Page, splitPage } from "./paging.ts";

export type { Actor };

/** An audit entry on the wire. */
export type AuditEntryView = Omit<AuditRow, "at"> & { at: string };

/** Lists audit entries newest first. */
export async function listAuditLog(
  ctx: DirectoryContext,
  query: { limit: number; cursor?: string; targetType?: string; targetId?: string; action?: string },
): Promise<Page<AuditEntryView>> {
  const before = query.cursor ? Number(ctx.cursors.decode("audit", query.cursor)[0]) : null;
  const rows = await listAudit(ctx.sql, {
    beforeId: before,
    targetType: query.targetType ?? null,
    targetId: query.targetId ?? null,
    actionPrefix: query.action?.replace(/[\\%_]/g, (c) => `\\${c}`) ?? null,
    limit: query.limit + 1,
  });
  const { page, more } = splitPage(rows, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ dataVersion: _, ...r }) => ({ ...(r as AuditRow), at: r.at!.toISOString() })),
    nextCursor: more && last ? ctx.cursors.encode("audit", [last.id!]) : null,
    dataVersion: rows[0].dataVersion,
  };
}

/** Records that a caller was refused; what was presented is never stored, only who it proved to be. */
export async function recordRefusal(
  ctx: DirectoryContext,
  actor: Actor,
  details: { code: string; method: string; path: string; detail: string },
): Promise<void> {
  await insertAudit(ctx.sql, actor, { action: "access.refused", outcome: "refused", details });
}
