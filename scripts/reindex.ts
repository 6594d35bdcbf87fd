/**
 * Queues every document (or one portal's) for ingestion again, from its last accepted
 * request, through the outbox; the running service's workers re-ingest them, replacing
 * each document's chunks. With `--wait`, follows the jobs until they settle.
 *
 *   deno task reindex [--portal <portalId>] [--wait [--timeout <seconds>]]
 */
import { type RagContext, reindexDocuments, reindexProgress } from "@/domain/rag/mod.ts";
import { ragScriptContext } from "@/app/scripts.ts";
import { progressBar } from "./_progress.ts";

export interface ReindexOptions {
  portalId: string | null;
  wait: boolean;
  timeoutSeconds: number;
}

/** Polls the documents' latest jobs until none is queued or running, or the time is up. */
async function follow(ctx: RagContext, o: ReindexOptions) {
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

/** `reindex`: queues the documents, then (with `--wait`) follows them; returns the exit status. */
export async function reindexCommand(o: ReindexOptions): Promise<number> {
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
