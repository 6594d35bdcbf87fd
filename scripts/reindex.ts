/**
 * Queues every document (or one portal's) for ingestion again, from its last accepted
 * request, through the outbox; the running service's workers re-ingest them, replacing
 * each document's chunks. With `--wait`, follows the jobs until they settle.
 *
 *   deno task reindex [--portal <portalId>] [--wait [--timeout <seconds>]]
 */
import { parseArgs } from "node:util";
import { type RagContext, reindexDocuments, reindexProgress } from "@/domain/rag/mod.ts";
import { ragScriptContext } from "@/app/scripts.ts";
import { progressBar } from "./_progress.ts";

const USAGE = `usage: deno task reindex [--portal <portalId>] [--wait [--timeout <seconds>]]

Queues every document (or only those of --portal) for ingestion again from its last
accepted request. The running service's workers re-ingest them; documents hidden by a
source delete are left alone.

  --portal <id>        only this portal's documents
  --wait               follow the jobs until every document's latest job has settled
  --timeout <seconds>  how long --wait waits (default 3600)
  --help               this text

Exit status: 0 done; 1 a named portal has no documents, a job failed or --wait timed out;
2 bad arguments.`;

interface Options {
  portalId: string | null;
  wait: boolean;
  timeoutSeconds: number;
}

/** Reads the command line; a string is the complaint about it. */
function parseCommandLine(args: string[]): Options | "help" | string {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        portal: { type: "string" },
        wait: { type: "boolean", default: false },
        timeout: { type: "string", default: "3600" },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (err) {
    return (err as Error).message;
  }
  if (values.help) return "help";
  if (values.portal !== undefined && values.portal.trim() === "") return "--portal needs a portal id";
  const timeoutSeconds = Number(values.timeout);
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1) return "--timeout must be a whole number of seconds";
  return { portalId: values.portal ?? null, wait: values.wait, timeoutSeconds };
}

/** Polls the documents' latest jobs until none is queued or running, or the time is up. */
async function follow(ctx: RagContext, o: Options) {
  const deadline = Date.now() + o.timeoutSeconds * 1000;
  const read = () => reindexProgress(ctx, o.portalId);
  let progress = await read();
  const bar = progressBar("indexed", progress.total);
  while (progress.pending > 0 && Date.now() < deadline) {
    bar.update(progress.total - progress.pending);
    await new Promise((resolve) => setTimeout(resolve, 500));
    progress = await read();
  }
  bar.finish(progress.total - progress.pending);
  return progress;
}

/** Queues the documents, then (with `--wait`) follows them; returns the exit status. */
async function run(o: Options): Promise<number> {
  const ctx = await ragScriptContext();
  const scope = o.portalId === null ? "" : ` of portal ${o.portalId}`;
  try {
    let bar: ReturnType<typeof progressBar> | undefined;
    const queued = await reindexDocuments(ctx, o.portalId, (done, total) => {
      bar ??= progressBar("queue", total);
      bar.update(done);
    });
    bar?.finish(queued);
    if (queued === 0 && o.portalId !== null) {
      console.error(`reindex: no documents${scope} (hidden ones are never reindexed)`);
      return 1;
    }
    console.log(`queued ${queued} document(s)${scope} for ingestion again`);
    if (!o.wait) {
      console.log("the running service's workers re-ingest them; GET /api/v1/admin/overview shows the queue");
      return 0;
    }
    const end = await follow(ctx, o);
    console.log(`done ${end.total - end.pending - end.failed}, failed ${end.failed}, still queued ${end.pending}`);
    if (end.pending > 0) console.error(`reindex: gave up waiting after ${o.timeoutSeconds} s; the jobs stay queued`);
    return end.pending > 0 || end.failed > 0 ? 1 : 0;
  } finally {
    await Promise.all([ctx.sql.end(), ctx.system.end()]);
  }
}

if (import.meta.main) {
  const parsed = parseCommandLine(Deno.args);
  if (parsed === "help") {
    console.log(USAGE);
  } else if (typeof parsed === "string") {
    console.error(`reindex: ${parsed}\n\n${USAGE}`);
    Deno.exit(2);
  } else {
    try {
      Deno.exitCode = await run(parsed);
    } catch (err) {
      console.error(`reindex: ${(err as Error).message}`);
      Deno.exitCode = 1;
    }
  }
}
