/** Reading the audit log and recording refusals of access. */
import { type Actor, insertAudit, listAudit } from "@/sql/directory/audit.ts";
import type { DirectoryContext } from "./context.ts";
import type { Page } from "./paging.ts";

export type { Actor };

/** Lists audit entries newest first. */
export async function listAuditLog(
  ctx: DirectoryContext,
  query: { limit: number; cursor?: string; targetType?: string; targetId?: string; action?: string },
): Promise<Page> {
  const before = query.cursor ? Number(ctx.cursors.decode("audit", query.cursor, query)[0]) : null;
  const page = await listAudit(ctx.sql, {
    beforeId: before,
    targetType: query.targetType ?? null,
    targetId: query.targetId ?? null,
    actionPrefix: query.action?.replace(/[\\%_]/g, (c) => `\\${c}`) ?? null,
    limit: query.limit,
  });
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
