/**
 * The extraction processes as faults happen to them: a body that exhausts a process's heap and a body
 * that outlasts the wall-clock limit each fail only their own job (`over_limit`), the process is
 * replaced, and the next job is served; a process holds no network permission.
 */
import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createExtractor, ExtractionError, extractionProcessArgs } from "@/domain/rag/mod.ts";
import { pdfSharedStream } from "../_helpers/hostile_documents.ts";

const CHUNKING = { chunkSize: 800, chunkOverlap: 120 };
const limits = { maxExtractedBytes: 200 * 1024 * 1024 };
const html = (text: string) => new TextEncoder().encode(`<h1>제목</h1><p>${text}</p>`);

async function overLimit(work: Promise<unknown>, message: RegExp) {
  await assert.rejects(work, (err: unknown) => {
    if (!(err instanceof ExtractionError)) throw err;
    assert.equal(err.reason, "over_limit");
    assert.match(err.message, message);
    return true;
  });
}

describe("extraction processes", () => {
  const small = createExtractor({ memoryMiB: 64, timeoutMs: 60_000, warmProcesses: 1, limits, maxChunks: 1e6 });
  const hurried = createExtractor({ memoryMiB: 512, timeoutMs: 3_000, warmProcesses: 1, limits, maxChunks: 1e6 });
  after(async () => {
    await small.stop();
    await hurried.stop();
  });

  it("fail a body that exhausts the heap, then serve the next job from a new process", async () => {
    const first = await small.chunks(html("첫 문서입니다."), "text/html", CHUNKING);
    assert.equal(first[0].content, "제목\n첫 문서입니다.");
    // Fifteen million lines: each a string of its own once split, far past a 64 MiB heap.
    const lines = new TextEncoder().encode("a\n".repeat(15_000_000));
    await overLimit(small.chunks(lines, "text/plain", CHUNKING), /ended \(\w+\) before it answered.*64 MiB/);
    const next = await small.chunks(html("다음 문서입니다."), "text/html", CHUNKING);
    assert.equal(next[0].content, "제목\n다음 문서입니다.");
  });

  it("kill a job past its wall-clock limit, then serve the next job", async () => {
    await hurried.chunks(html("데우기."), "text/html", CHUNKING);
    const started = performance.now();
    await overLimit(hurried.chunks(await pdfSharedStream(2000, 100), "application/pdf", CHUNKING), /longer than 3 s/);
    assert.ok(performance.now() - started < 20_000, "the kill came long after the limit");
    const next = await hurried.chunks(html("살아 있습니다."), "text/html", CHUNKING);
    assert.equal(next[0].content, "제목\n살아 있습니다.");
  });

  it("are started without network, write, run or FFI permission", async () => {
    const probe = new TextEncoder().encode("<p>x</p>");
    // The arguments the pool gives its children: nothing grants the network, writing or running anything.
    const args = extractionProcessArgs(64);
    assert.ok(!args.some((a) => /^--allow-(net|write|run|ffi|all)|^-A$/.test(a)), args.join(" "));
    assert.ok(args.includes("--no-prompt"));
    assert.equal((await small.chunks(probe, "text/html", CHUNKING))[0].content, "x");
  });
});
