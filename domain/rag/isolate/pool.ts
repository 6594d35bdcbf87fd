/**
 * Untrusted bodies are extracted and chunked in `deno run` processes of their own (child.ts), never in the
 * process that serves requests or runs the job loop: each has a capped V8 heap, may read only the parsers'
 * data files, has no network, and is killed when a job outlasts its wall-clock limit. A body that exhausts
 * the heap or the time kills only its own process; its job fails with `over_limit`, which the ingestion job
 * stores as `content_unprocessable`, and the next job gets a fresh process. A few processes stay warm
 * between jobs, so a job does not pay for a start (about a second to load the parsers). They run at a lower
 * CPU priority (nice 10): on a small machine a long parse then yields a core to the requests being served.
 */
import { setPriority } from "node:os";
import { ExtractionError, type ExtractLimits } from "@/domain/rag/extract/mod.ts";
import type { Chunk, ChunkOptions } from "@/domain/rag/text/chunk.ts";
import {
  type ExtractJob,
  type ExtractReply,
  FrameReader,
  FrameTooLarge,
  MAX_HEADER_BYTES,
  writeFrame,
  writeJsonFrame,
} from "@/domain/rag/isolate/protocol.ts";

const ROOT = new URL("../../../", import.meta.url);
const CHILD = new URL("./child.ts", import.meta.url).pathname;

/**
 * The environment a child may see: where Deno keeps its cache. Not the permission audit's file: two processes
 * appending to it interleave their lines; a child holds no network permission for it to record anyway.
 */
const PASSED_ENV = ["HOME", "PATH", "DENO_DIR", "XDG_CACHE_HOME"];

/** A reply may hold each chunk at four UTF-8 bytes a code point, its heading path and JSON around it. */
const REPLY_BYTES_PER_CHUNK_BEYOND_TEXT = 2048;

/** The niceness of extraction processes: background work, behind whatever serves a caller. */
const NICENESS = 10;

/** How extraction processes run and what a document may produce. */
export interface ExtractorOptions {
  /** The V8 heap limit of each process (RAG_EXTRACT_MEMORY_MIB). */
  memoryMiB: number;
  /** How long one job may take, start of a cold process included (RAG_EXTRACT_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** Processes kept warm between jobs (RAG_EXTRACT_PROCESSES); more start while more jobs run at once. */
  warmProcesses: number;
  limits: ExtractLimits;
  /** RAG_MAX_CHUNKS_PER_DOCUMENT. */
  maxChunks: number;
}

/** Extracts and chunks bodies out of process. */
export interface Extractor {
  /** The chunks of `body`; throws ExtractionError (over_limit for a body that broke a limit or killed its process). */
  chunks(body: Uint8Array, contentType: string, chunking: ChunkOptions): Promise<Chunk[]>;
  /** Ends every process; jobs still running fail. */
  stop(): Promise<void>;
}

/** One extraction process. */
interface Sandbox {
  child: Deno.ChildProcess;
  stdin: WritableStreamDefaultWriter<Uint8Array>;
  replies: FrameReader;
  /** Settles once the child has loaded its parsers: true, or false when it died first. */
  ready: Promise<boolean>;
  status: Promise<Deno.CommandStatus>;
  alive: boolean;
}

/** Starts no process until the first job; keeps up to `warmProcesses` after. */
export function createExtractor(o: ExtractorOptions): Extractor {
  const idle: Sandbox[] = [];
  const busy = new Set<Sandbox>();
  let stopped = false;
  return {
    async chunks(body, contentType, chunking) {
      if (stopped) throw new Error("the extractor is stopped");
      const job: ExtractJob = {
        contentType,
        bodyBytes: body.byteLength,
        limits: o.limits,
        chunking: { chunkSize: chunking.chunkSize, chunkOverlap: chunking.chunkOverlap, maxChunks: o.maxChunks },
      };
      const sandbox = idle.pop() ?? spawn(o);
      busy.add(sandbox);
      try {
        const reply = await runJob(sandbox, job, body, o);
        if (!reply.ok) throw new ExtractionError(reply.reason, reply.message);
        return reply.chunks;
      } finally {
        busy.delete(sandbox);
        if (sandbox.alive && !stopped && idle.length < o.warmProcesses) idle.push(sandbox);
        else await retire(sandbox);
        // A process that died is replaced at once, so the next job finds one warm (or, failing that, starts one).
        if (!sandbox.alive && !stopped && idle.length < o.warmProcesses) replace(idle, o);
      }
    },
    async stop() {
      stopped = true;
      await Promise.all([...idle.splice(0), ...busy].map(retire));
    },
  };
}

/**
 * The command line of a child: a capped heap, reading the parsers' data files only, nothing fetched. Its
 * environment is cleared to PASSED_ENV, so reading it (some npm parsers probe debug switches) reveals nothing.
 */
export function extractionProcessArgs(memoryMiB: number): string[] {
  return [
    "run",
    "--quiet",
    "--no-prompt",
    "--cached-only",
    `--v8-flags=--max-old-space-size=${memoryMiB}`,
    `--allow-read=${new URL("node_modules/", ROOT).pathname}`,
    "--allow-env",
    `--config=${new URL("deno.json", ROOT).pathname}`,
    CHILD,
  ];
}

function spawn(o: ExtractorOptions): Sandbox {
  const env = Object.fromEntries(PASSED_ENV.flatMap((name) => {
    const value = Deno.env.get(name);
    return value === undefined ? [] : [[name, value]];
  }));
  const child = new Deno.Command(Deno.execPath(), {
    args: extractionProcessArgs(o.memoryMiB),
    cwd: ROOT.pathname,
    clearEnv: true,
    env,
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  try {
    setPriority(child.pid, NICENESS);
  } catch {
    // Without permission to read and set priorities (--allow-sys) the process runs at the service's own.
  }
  const replies = new FrameReader(child.stdout);
  const sandbox: Sandbox = {
    child,
    stdin: child.stdin.getWriter(),
    replies,
    ready: replies.readJson(MAX_HEADER_BYTES).then((hello) => hello !== null, () => false),
    status: child.status,
    alive: true,
  };
  sandbox.status.then(() => sandbox.alive = false);
  return sandbox;
}

function replace(idle: Sandbox[], o: ExtractorOptions): void {
  try {
    idle.push(spawn(o));
  } catch {
    // The job's own outcome stands; the next job spawns (and reports) for itself.
  }
}

/** Sends one job and reads its reply, killing the process when it overruns its time or its reply size. */
async function runJob(sandbox: Sandbox, job: ExtractJob, body: Uint8Array, o: ExtractorOptions) {
  let why = "";
  const kill = (reason: string) => {
    why ||= reason;
    if (sandbox.alive) sandbox.child.kill("SIGKILL");
  };
  const timer = setTimeout(() => kill(`extraction took longer than ${o.timeoutMs / 1000} s`), o.timeoutMs);
  const maxReply = o.maxChunks * (job.chunking.chunkSize * 4 + REPLY_BYTES_PER_CHUNK_BEYOND_TEXT) + 1024 * 1024;
  try {
    // A process that cannot even start is the installation's fault, not the body's: an error to retry.
    if (!await sandbox.ready) {
      throw new Error(`the extraction process did not start (${ending(await sandbox.status)}) ${why}`.trim());
    }
    const reply = await exchange(sandbox, job, body, maxReply).catch((err) => {
      if (err instanceof FrameTooLarge) kill(`the extraction produced more than ${maxReply} bytes of chunks`);
      else if (sandbox.alive && !why) throw err;
      return null;
    });
    if (reply !== null) return reply;
  } finally {
    clearTimeout(timer);
  }
  kill("");
  const status = await sandbox.status;
  throw new ExtractionError(
    "over_limit",
    why || `the extraction process ended (${ending(status)}) before it answered: the body took more than its ` +
        `${o.memoryMiB} MiB of memory, or crashed the parser`,
  );
}

async function exchange(sandbox: Sandbox, job: ExtractJob, body: Uint8Array, maxReply: number) {
  await writeJsonFrame(sandbox.stdin, job);
  await writeFrame(sandbox.stdin, body);
  return await sandbox.replies.readJson<ExtractReply>(maxReply);
}

function ending(status: Deno.CommandStatus): string {
  return status.signal ?? `exit code ${status.code}`;
}

/** Ends a process: it finishes at the end of its input; one that does not within 2 s is killed. */
async function retire(sandbox: Sandbox): Promise<void> {
  await sandbox.stdin.close().catch(() => {});
  const timer = setTimeout(() => sandbox.alive && sandbox.child.kill("SIGKILL"), 2000);
  await sandbox.status;
  clearTimeout(timer);
  await sandbox.replies.cancel();
}
