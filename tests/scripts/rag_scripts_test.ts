/**
 * The operator scripts `reindex` and `purge`, run as subprocesses against a running
 * test service (whose workers do the re-ingestion), the way an operator runs them.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, testEnv } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { PUBLIC_ORG, type RagTestApp, startRagApp } from "../_helpers/rag.ts";

let rag: RagTestApp;
before(async () => {
  rag = await startRagApp();
});
after(async () => {
  await rag.stop();
});

const ROOT = new URL("../../", import.meta.url);

/** Runs `scripts/cli.ts <name>` with the test service's environment; `env` replaces entries. */
async function script(name: string, args: string[], env: Record<string, string> = {}) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/cli.ts", name, ...args],
    cwd: ROOT,
    env: {
      ...testEnv(rag.app.db, rag.app.config.REDIS_KEY_PREFIX),
      RAG_PUBLIC_ORGANIZATION_ID: PUBLIC_ORG,
      NO_COLOR: "1",
      ...env,
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
}

const HTML = (n: number) =>
  `<html><body><h1>복무 규정</h1><p>${
    Array.from({ length: n }, (_, i) => `제${i + 1}항은 휴가 신청과 승인 절차를 정한다. 부서장은 사흘 안에 답한다.`)
      .join(" ")
  }</p></body></html>`;

/** Ingests a document of `portalId` and waits for it to be indexed. */
async function ingest(portalId: string, n = 20) {
  const doc = await rag.document(`/${portalId}/${crypto.randomUUID()}.html`, HTML(n), { portalId });
  const res = await rag.call("/documents", { method: "POST", json: doc });
  const b = await body<schemas.IngestionResult>(res);
  assert.equal(res.status, 200, JSON.stringify(b));
  return { documentId: b.documentId, sourceDocumentId: doc.sourceDocumentId as string, portalId };
}

/** A document's registry row (if any), its chunks' ids and its jobs, as the service's jobs see them. */
async function rows(documentId: string) {
  return await rag.system(async (tx) => {
    const [doc] = await tx`select chunk_count, status from rag.tb_ai_document_registry where id = ${documentId}`;
    const chunks = await tx`select id from rag.tb_doc_chunk_vector where document_id = ${documentId} order by id`;
    const jobs = await tx`select status from rag.ingestion_jobs where document_id = ${documentId} order by created_at`;
    return { doc, chunkIds: chunks.map((c) => Number(c.id)), jobs: jobs.map((j) => j.status as string) };
  });
}

describe("reindex", () => {
  it("queues only the named portal's documents, and the workers replace their chunks", async () => {
    const a1 = await ingest("reindex-a");
    const a2 = await ingest("reindex-a", 5);
    const b1 = await ingest("reindex-b");
    const before = await Promise.all([a1, a2, b1].map((d) => rows(d.documentId)));
    const embedded = rag.embedding.requests;

    const run = await script("reindex", ["--portal", "reindex-a", "--wait", "--timeout", "60"]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /queued 2 document\(s\) of portal reindex-a/);
    assert.match(run.stdout, /done 2, failed 0, still queued 0/);
    assert.match(run.stderr, /queue \[#+\] 100% 2\/2/, "a progress bar on stderr");

    const afterA = await Promise.all([a1, a2].map((d) => rows(d.documentId)));
    for (const [i, now] of afterA.entries()) {
      const was = before[i];
      assert.deepEqual(now.jobs, ["done", "done"], "one more job, done");
      assert.equal(now.doc.status, "indexed");
      assert.equal(now.chunkIds.length, was.chunkIds.length, "not doubled");
      assert.equal(now.chunkIds.length, now.doc.chunk_count);
      assert.ok(Math.min(...now.chunkIds) > Math.max(...was.chunkIds), "every chunk row was replaced");
    }
    assert.ok(rag.embedding.requests > embedded, "the bodies were embedded again");
    assert.deepEqual(await rows(b1.documentId), before[2], "the other portal's document is untouched");
  });

  it("says so and exits 1 when the named portal has no documents", async () => {
    const run = await script("reindex", ["--portal", "no-such-portal"]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /no documents of portal no-such-portal/);
  });

  it("refuses bad arguments with exit 2 and a message, and prints usage for --help", async () => {
    for (
      const [args, message] of [
        [["--bogus"], /unknown option '--bogus'/],
        [["--timeout", "soon"], /--timeout <seconds>' argument 'soon' is invalid/],
        [["--portal", ""], /not a portal id/],
        [["extra"], /too many arguments/],
      ] as const
    ) {
      const run = await script("reindex", [...args]);
      assert.equal(run.code, 2, args.join(" "));
      assert.match(run.stderr, message);
      assert.match(run.stderr, /Usage: deno task reindex/);
    }
    const help = await script("reindex", ["--help"]);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Usage: deno task reindex/);
  });
});

describe("purge", () => {
  it("purges one document with its chunks and jobs", async () => {
    const d = await ingest("purge-one");
    const keep = await ingest("purge-one");
    assert.ok((await rows(d.documentId)).chunkIds.length > 0);
    const run = await script("purge", ["--portal", "purge-one", "--source", d.sourceDocumentId, "--yes"]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, new RegExp(`purged purge-one/${d.sourceDocumentId}`));
    assert.deepEqual(await rows(d.documentId), { doc: undefined, chunkIds: [], jobs: [] });
    assert.ok((await rows(keep.documentId)).doc, "the portal's other document stays");
    const state = await rag.call(`/documents/${d.documentId}`);
    assert.equal(state.status, 404);
  });

  it("purges one tenant's document with --tenant, and the source document of every tenant without", async () => {
    const d = await ingest("purge-tenants");
    const other = await rag.ingestInOtherTenant(d, "/purge-tenants/theirs.html", HTML(2));
    const one = await script("purge", [
      "--portal",
      "purge-tenants",
      "--source",
      d.sourceDocumentId,
      "--tenant",
      rag.otherTenant,
      "--yes",
    ]);
    assert.equal(one.code, 0, one.stderr);
    assert.equal((await rows(other.documentId)).doc, undefined);
    assert.ok((await rows(d.documentId)).doc, "the first tenant's document stays");
    const every = await script("purge", ["--portal", "purge-tenants", "--source", d.sourceDocumentId, "--yes"]);
    assert.equal(every.code, 0, every.stderr);
    assert.equal((await rows(d.documentId)).doc, undefined);
  });

  it("asks before purging one document: without --yes and without a terminal, nothing is purged", async () => {
    const d = await ingest("purge-ask");
    const run = await script("purge", ["--portal", "purge-ask", "--source", d.sourceDocumentId]);
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      new RegExp(`would purge purge-ask/${d.sourceDocumentId} in every tenant; run again with --yes`),
    );
    assert.ok((await rows(d.documentId)).doc, "nothing was deleted");
  });

  it("names an unknown document and exits 1", async () => {
    const id = crypto.randomUUID();
    const run = await script("purge", ["--portal", "purge-one", "--source", id, "--yes"]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, new RegExp(`no document ${id} in portal purge-one`));
  });

  it("refuses a whole portal without --yes, deleting nothing, and purges it with --yes", async () => {
    const docs = [await ingest("purge-all"), await ingest("purge-all", 3)];
    const other = await ingest("purge-other");
    const refused = await script("purge", ["--portal", "purge-all"]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /would purge 2 document\(s\); run again with --yes/);
    for (const d of docs) assert.ok((await rows(d.documentId)).doc, "nothing was deleted");

    const run = await script("purge", ["--portal", "purge-all", "--yes"]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /purged 2 document\(s\)/);
    for (const d of docs) assert.deepEqual(await rows(d.documentId), { doc: undefined, chunkIds: [], jobs: [] });
    assert.ok((await rows(other.documentId)).doc, "another portal's document stays");
  });

  it("purges with --deleted only the documents a source delete hid", async () => {
    const hidden = await ingest("purge-hidden");
    const live = await ingest("purge-hidden");
    await rag.system((tx) =>
      tx`update rag.tb_ai_document_registry set deleted_at = now() where id = ${hidden.documentId}`
    );
    const run = await script("purge", ["--deleted", "--portal", "purge-hidden", "--yes"]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /purged 1 document\(s\)/);
    assert.equal((await rows(hidden.documentId)).doc, undefined);
    assert.ok((await rows(live.documentId)).doc);
  });

  it("purges with --failed only the documents that failed and were never indexed", async () => {
    const indexed = await ingest("purge-failed");
    const doc = await rag.document("/purge-failed/broken.html", HTML(2), { portalId: "purge-failed" });
    const res = await rag.call("/documents", { method: "POST", json: { ...doc, checksum: "0".repeat(64) } });
    assert.equal(res.status, 422);
    const broken = (await body<schemas.IngestionResult>(res)).documentId;
    assert.equal((await rows(broken)).doc.status, "failed");
    const refused = await script("purge", ["--failed", "--portal", "purge-failed"]);
    assert.equal(refused.code, 1);
    assert.match(refused.stdout, new RegExp(`purge-failed/${doc.sourceDocumentId} failed`), "lists what it would take");
    const run = await script("purge", ["--failed", "--portal", "purge-failed", "--yes"]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /purged 1 document\(s\)/);
    assert.equal((await rows(broken)).doc, undefined);
    assert.ok((await rows(indexed.documentId)).doc);
  });

  it("refuses bad arguments with exit 2 and a message", async () => {
    const id = crypto.randomUUID();
    for (
      const [args, message] of [
        [[], /say what to purge/],
        [["--source", id], /--source needs --portal/],
        [["--portal", "p", "--source", "x"], /--source must be a UUID/],
        [["--portal", "p", "--source", id, "--deleted"], /leave out --deleted and --failed/],
        [["--portal", "p", "--source", id, "--tenant", "x"], /--tenant must be a UUID/],
        [["--portal", "p", "--tenant", id, "--yes"], /--tenant goes with --source/],
        [["--portal"], /argument missing/],
        [["--portal", "p", "--source", id, "extra"], /too many arguments/],
        [["--everything"], /unknown option '--everything'/],
      ] as const
    ) {
      const run = await script("purge", [...args]);
      assert.equal(run.code, 2, args.join(" "));
      assert.match(run.stderr, message);
      assert.match(run.stderr, /Usage: deno task purge/);
    }
  });

  it("refuses a database role that could bypass row-level security", async () => {
    const d = await ingest("purge-owner");
    const run = await script("purge", ["--portal", "purge-owner", "--source", d.sourceDocumentId, "--yes"], {
      DATABASE_URL: rag.app.db.ownerUrl,
    });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /owns \d+ relations/);
    assert.ok((await rows(d.documentId)).doc, "nothing was deleted");
  });
});
