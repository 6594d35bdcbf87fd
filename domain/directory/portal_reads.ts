/**
 * Where a portal's list read runs. On a replica when one is configured and has replayed at least
 * what this portal has already been shown of the ledger (its `updatedSince`, and every page and
 * write reply it got before); else on the primary. A portal therefore never sees `dataVersion` go
 * backwards because replicas lag, and never misses a change by reading from one that is behind.
 */
import type { Ledger } from "@/sql/directory/ledger.ts";
import type { DirectoryContext } from "./context.ts";

/**
 * Runs `read` where it may run (`read` receives a context whose pool was chosen). Without a portal
 * (an administrator's read, the console) it runs on the primary: it may follow a write of its own.
 */
export async function portalRead<T extends { dataVersion: number }>(
  ctx: DirectoryContext,
  who: { portalId?: string; ledger: Ledger; atLeast?: number },
  read: (on: DirectoryContext) => Promise<T>,
): Promise<T> {
  if (who.portalId === undefined || !ctx.reads || ctx.reads.replicas.length === 0) return await read(ctx);
  const { portalId, ledger } = who;
  const shown = Math.max(who.atLeast ?? 0, await ctx.shown?.highest(portalId, ledger) ?? 0);
  const page = await ctx.reads.read((sql) => read({ ...ctx, sql }), (p) => p.dataVersion >= shown);
  ctx.shown?.record(portalId, ledger, page.dataVersion);
  return page;
}

/** Remembers a `dataVersion` a write reply gave `portalId`, so its next read is at least that recent. */
export function recordShown(ctx: DirectoryContext, portalId: string, ledger: Ledger, version: number): void {
  if (ctx.reads && ctx.reads.replicas.length > 0) ctx.shown?.record(portalId, ledger, version);
}
