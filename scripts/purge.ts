/**
 * Purges documents for an operator: each one's registry row, chunks, organization rows
 * and jobs go in one transaction, as the system role (DATABASE_SYSTEM_URL). One document
 * by its source identity, or a bulk selection that must be confirmed with `--yes`.
 *
 *   deno task purge --portal <portalId> --source <sourceDocumentId> [--tenant <tenantId>]
 *   deno task purge [--portal <portalId>] [--deleted] [--failed] --yes
 */
import { parseArgs } from "node:util";
import { purgeBySource, purgeCandidates, purgeSelected, type RagContext } from "@/domain/rag/mod.ts";
import type { PurgeSelection, SourceRef } from "@/sql/rag/documents.ts";
import { ragScriptContext } from "@/app/scripts.ts";
import { progressBar } from "./_progress.ts";

const USAGE = `usage: deno task purge --portal <portalId> --source <sourceDocumentId> [--tenant <tenantId>]
       deno task purge [--portal <portalId>] [--deleted] [--failed] --yes

Deletes documents with every chunk, whatever their status and whoever may see them.
The running service is not needed. One document by source identity is purged in the
tenant --tenant names, or without it in every tenant that has one. A bulk purge selects by any of:

  --portal <id>   the portal's documents
  --deleted       documents hidden by a source delete without cascade
  --failed        documents whose ingestion failed and that were never indexed
  --yes           do it; without it a bulk purge only says what it would delete
  --help          this text

Exit status: 0 done; 1 no such document, or a bulk purge without --yes; 2 bad arguments.`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Options =
  | { kind: "one"; ref: SourceRef }
  | { kind: "bulk"; selection: PurgeSelection; confirmed: boolean };

/** Reads the command line; a string is the complaint about it. */
function parseCommandLine(args: string[]): Options | "help" | string {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        portal: { type: "string" },
        source: { type: "string" },
        tenant: { type: "string" },
        deleted: { type: "boolean", default: false },
        failed: { type: "boolean", default: false },
        yes: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (err) {
    return (err as Error).message;
  }
  if (values.help) return "help";
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
    return { kind: "one", ref: { tenantId, portalId, sourceDocumentId: values.source.toLowerCase() } };
  }
  if (values.tenant !== undefined) return "--tenant goes with --source: a bulk purge selects in every tenant";
  if (portalId === undefined && !values.deleted && !values.failed) {
    return "say what to purge: --portal with --source, or a selection (--portal, --deleted, --failed)";
  }
  return {
    kind: "bulk",
    selection: { portalId: portalId ?? null, deleted: values.deleted, failed: values.failed },
    confirmed: values.yes,
  };
}

/** Purges one document by source identity. */
async function purgeOne(ctx: RagContext, ref: SourceRef): Promise<number> {
  const where = `portal ${ref.portalId}${ref.tenantId ? ` of tenant ${ref.tenantId}` : ""}`;
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

if (import.meta.main) {
  const parsed = parseCommandLine(Deno.args);
  if (parsed === "help") {
    console.log(USAGE);
  } else if (typeof parsed === "string") {
    console.error(`purge: ${parsed}\n\n${USAGE}`);
    Deno.exit(2);
  } else {
    const ctx = await ragScriptContext().catch((err) => {
      console.error(`purge: ${(err as Error).message}`);
      Deno.exit(1);
    });
    try {
      Deno.exitCode = parsed.kind === "one"
        ? await purgeOne(ctx, parsed.ref)
        : await purgeSelection(ctx, parsed.selection, parsed.confirmed);
    } catch (err) {
      console.error(`purge: ${(err as Error).message}`);
      Deno.exitCode = 1;
    } finally {
      await Promise.all([ctx.sql.end(), ctx.system.end()]);
    }
  }
}
