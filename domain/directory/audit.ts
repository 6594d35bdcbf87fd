/** Reading the audit log and recording refusals of access. */
import { type Actor, countAudit, insertAudit, listAudit } from "@/sql/directory/audit.ts";
import type { DirectoryContext } from "./context.ts";
import { type Total, TOTAL_CAP, totalOf } from "@/lib/list_total.ts";
import type { Page } from "./paging.ts";

export type { Actor };

/** Query of the audit log list. */
export interface AuditLogQuery {
  limit: number;
  cursor?: string;
  targetType?: string;
  targetId?: string;
  action?: string;
}

const filterOf = (query: AuditLogQuery) => ({
  targetType: query.targetType ?? null,
  targetId: query.targetId ?? null,
  actionPrefix: query.action?.replace(/[\\%_]/g, (c) => `\\${c}`) ?? null,
});

/** How many entries the audit log list's filters match, up to TOTAL_CAP. */
export async function countAuditLog(ctx: DirectoryContext, query: AuditLogQuery): Promise<Total> {
  return totalOf(await countAudit(ctx.sql, filterOf(query), TOTAL_CAP + 1));
}

/** Lists audit entries newest first. */
export async function listAuditLog(ctx: DirectoryContext, query: AuditLogQuery): Promise<Page> {
  const before = query.cursor ? Number(ctx.cursors.decode("audit", query.cursor, query)[0]) : null;
  const page = await listAudit(ctx.sql, { ...filterOf(query), beforeId: before, limit: query.limit });
  return {
    items: page.items,
    nextCursor: page.more ? ctx.cursors.encode("audit", [page.lastId!], query) : null,
    dataVersion: page.dataVersion,
  };
}

/** Records that a caller was refused; what was presented is never stored, only who it proved to be. */
export async function recordRefusal(
  ctx: DirectoryContext,
  actor: Actor,
  details: { code: string; method: string; path: string; detail: string; refusals?: number },
): Promise<void> {
  await insertAudit(ctx.sql, { actor, action: "access.refused", outcome: "refused", details });
}
