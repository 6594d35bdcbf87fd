/**
 * Purges documents for an operator: each one's registry row, chunks, organization rows
 * and jobs go in one transaction, as the system role (DATABASE_SYSTEM_URL). One document
 * by its source identity, or a bulk selection that must be confirmed with `--yes`.
 *
 *   deno task purge --portal <portalId> --source <sourceDocumentId> [--tenant <tenantId>]
 *   deno task purge [--portal <portalId>] [--deleted] [--failed] --yes
 */
import { purgeBySource, purgeCandidates, purgeSelected, type RagContext } from "@/domain/rag/mod.ts";
import type { PurgeSelection, SourceRef } from "@/sql/rag/documents.ts";
import { ragScriptContext } from "@/app/scripts.ts";
import { progressBar } from "./_progress.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PurgeOptions =
  | { kind: "one"; ref: SourceRef; confirmed: boolean }
  | { kind: "bulk"; selection: PurgeSelection; confirmed: boolean };

/** What the command line said, as commander read it. */
export interface PurgeFlags {
  portal?: string;
  source?: string;
  tenant?: string;
  deleted?: boolean;
  failed?: boolean;
  yes?: boolean;
}

/** Checks how the flags go together; a string is the complaint about them. */
export function purgeOptions(values: PurgeFlags): PurgeOptions | string {
  const portalId = values.portal?.trim();
  if (portalId === "") return "--portal needs a portal id";
  if (values.source !== undefined) {
    if (portalId === undefined) return "--source needs --portal: a source document id is unique within its portal";
    if (values.deleted || values.failed) return "--source names one document; leave out --deleted and --failed";
    if (!UUID.test(values.source)) return `--source must be a UUID, not '${values.source}'`;
    if (values.tenant !== undefined && !UUID.test(values.tenant)) {
      return `--tenant must be a UUID, not '${values.tenant}'`;
    }
    const tenantId = values.tenant?.toLowerCase() ?? null;
    const ref = { tenantId, portalId, sourceDocumentId: values.source.toLowerCase() };
    return { kind: "one", ref, confirmed: values.yes ?? false };
  }
  if (values.tenant !== undefined) return "--tenant goes with --source: a bulk purge selects in every tenant";
  if (portalId === undefined && !values.deleted && !values.failed) {
    return "say what to purge: --portal with --source, or a selection (--portal, --deleted, --failed)";
  }
  return {
    kind: "bulk",
    selection: { portalId: portalId ?? null, deleted: values.deleted ?? false, failed: values.failed ?? false },
    confirmed: values.yes ?? false,
  };
}

/**
 * Purges one document by source identity, once confirmed: by --yes, or at the terminal's prompt. Without a
 * terminal (a pipe, a job) and without --yes nothing is purged.
 */
async function purgeOne(ctx: RagContext, ref: SourceRef, confirmed: boolean): Promise<number> {
  const where = `portal ${ref.portalId}${ref.tenantId ? ` of tenant ${ref.tenantId}` : ""}`;
  const what = `${ref.portalId}/${ref.sourceDocumentId}${
    ref.tenantId ? ` of tenant ${ref.tenantId}` : " in every tenant"
  }`;
  if (!confirmed && !(Deno.stdin.isTerminal() && confirm(`purge ${what} with every chunk?`))) {
    console.error(`purge: would purge ${what}; run again with --yes to purge it`);
    return 1;
  }
  if (!await purgeBySource(ctx, ref)) {
    console.error(`purge: no document ${ref.sourceDocumentId} in ${where}`);
    return 1;
  }
  console.log(`purged ${ref.portalId}/${ref.sourceDocumentId}`);
  return 0;
}

/** Says what a selection takes; purges it, one document per transaction, once confirmed. */
async function purgeSelection(ctx: RagContext, s: PurgeSelection, confirmed: boolean): Promise<number> {
  const rows = await purgeCandidates(ctx, s);
  if (rows.length === 0) {
    console.log("nothing to purge");
    return 0;
  }
  if (!confirmed) {
    for (const r of rows.slice(0, 10)) {
      console.log(`  ${r.portalId}/${r.sourceDocumentId} ${r.deletedAt ? "hidden" : r.status}`);
    }
    if (rows.length > 10) console.log(`  ... and ${rows.length - 10} more`);
    console.error(`purge: would purge ${rows.length} document(s); run again with --yes to purge them`);
    return 1;
  }
  const bar = progressBar("purge", rows.length);
  const purged = await purgeSelected(ctx, rows.map((r) => r.id), s, (done) => bar.update(done));
  bar.finish(rows.length);
  const kept = rows.length - purged;
  console.log(`purged ${purged} document(s)${kept ? `; ${kept} changed meanwhile and were kept` : ""}`);
  return 0;
}

/** `purge`: opens the retrieval context as the system role, purges, closes. */
export async function purgeCommand(o: PurgeOptions): Promise<number> {
  const ctx = await ragScriptContext();
  try {
    return o.kind === "one"
      ? await purgeOne(ctx, o.ref, o.confirmed)
      : await purgeSelection(ctx, o.selection, o.confirmed);
  } finally {
    await Promise.all([ctx.sql.end(), ctx.system.end()]);
  }
}
