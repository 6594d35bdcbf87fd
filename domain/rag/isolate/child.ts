/**
 * The extraction process (started by pool.ts, never by hand): reads jobs from stdin, extracts and
 * chunks each body, and answers on stdout, one job after another, until stdin ends. It runs with a
 * capped heap and no network, write or run permission, so a body that explodes takes only this
 * process down, and the service answers that body's job with `content_unprocessable`.
 */
import { ExtractionError, extractText } from "@/domain/rag/extract/mod.ts";
import { chunkDocument } from "@/domain/rag/text/chunk.ts";
import {
  type ExtractJob,
  type ExtractReply,
  FrameReader,
  MAX_HEADER_BYTES,
  writeJsonFrame,
} from "@/domain/rag/isolate/protocol.ts";

/**
 * Text beyond this many times what the chunk limit can hold fails while it is read (a PDF mid-way through its
 * pages) rather than after: chunks hold `chunkSize` code points each, and layout whitespace that chunking
 * collapses is rarely as much as the text itself.
 */
const TEXT_PER_CHUNK_BUDGET = 2;

/** Extracts and chunks one body; every failure is the body's, so each becomes a reply rather than a crash. */
export async function handleJob(job: ExtractJob, body: Uint8Array): Promise<ExtractReply> {
  const { maxChunks, chunkSize } = job.chunking;
  const limits = {
    ...job.limits,
    maxExtractedBytes: Math.min(job.limits.maxExtractedBytes, TEXT_PER_CHUNK_BUDGET * maxChunks * chunkSize),
  };
  try {
    const doc = await extractText(body, job.contentType, limits);
    return { ok: true, chunks: chunkDocument(doc, job.chunking) };
  } catch (err) {
    if (err instanceof ExtractionError) return { ok: false, reason: err.reason, message: err.message };
    // A parser choking on hostile input (a RangeError such as "Invalid string length", a stack overflow) is the
    // body's doing as much as a limit is.
    const name = err instanceof Error ? err.name : "Error";
    return { ok: false, reason: "over_limit", message: `extraction failed on this body (${name})` };
  }
}

async function serve(): Promise<void> {
  const stdout = { write: (bytes: Uint8Array) => writeAll(bytes) };
  const reader = new FrameReader(Deno.stdin.readable);
  // The parsers are loaded by now: the service tells a body that kills this process from a start that failed.
  await writeJsonFrame(stdout, { ready: true });
  while (true) {
    const job = await reader.readJson<ExtractJob>(MAX_HEADER_BYTES);
    if (job === null) return;
    const body = await reader.read(job.bodyBytes);
    if (body === null) return;
    await writeJsonFrame(stdout, await handleJob(job, body));
  }
}

async function writeAll(bytes: Uint8Array): Promise<void> {
  for (let written = 0; written < bytes.byteLength;) written += await Deno.stdout.write(bytes.subarray(written));
}

if (import.meta.main) {
  // stdout carries frames only: the parsers' own warnings go to stderr, which the service passes on.
  for (const level of ["log", "info", "warn", "debug"] as const) console[level] = console.error;
  await serve();
}
