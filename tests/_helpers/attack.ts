/**
 * An attacker's tools against a real service process: raw HTTP/1.1 requests whose body is sent as slowly as the
 * test likes, the process's resident memory from /proc, and the latency other callers see meanwhile.
 */

const enc = new TextEncoder();

/** A request whose head has gone out and whose body the test sends piece by piece. */
export interface RawRequest {
  /** Sends more of the body (errors are swallowed: the service may have closed the connection). */
  send(bytes: Uint8Array): Promise<void>;
  /** The status line's code and the body text, once the service answers (null if it closed without one). */
  answer: Promise<{ status: number; body: string } | null>;
  close(): void;
}

/** Opens a connection to `base` and sends `method path` with `headers` and `first` bytes of the body. */
export async function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  first: Uint8Array = new Uint8Array(0),
): Promise<RawRequest> {
  const url = new URL(base);
  const conn = await Deno.connect({ hostname: url.hostname, port: Number(url.port) });
  const head = Object.entries({ host: url.host, ...headers }).map(([k, v]) => `${k}: ${v}\r\n`).join("");
  await conn.write(enc.encode(`${method} ${path} HTTP/1.1\r\n${head}\r\n`));
  if (first.byteLength) await writeAll(conn, first);
  let closed = false;
  const answer = readAnswer(conn).catch(() => null);
  return {
    send: async (bytes) => {
      if (!closed) await writeAll(conn, bytes).catch(() => {});
    },
    answer,
    close() {
      if (closed) return;
      closed = true;
      try {
        conn.close();
      } catch { /* already closed by the peer */ }
    },
  };
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  for (let at = 0; at < bytes.byteLength;) at += await conn.write(bytes.subarray(at));
}

/** Reads until the head and a `content-length` body have arrived. */
async function readAnswer(conn: Deno.Conn): Promise<{ status: number; body: string } | null> {
  const buf = new Uint8Array(64 * 1024);
  let text = "";
  for (;;) {
    const n = await conn.read(buf);
    if (n === null) return null;
    text += new TextDecoder().decode(buf.subarray(0, n));
    const end = text.indexOf("\r\n\r\n");
    if (end < 0) continue;
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
    if (text.length - end - 4 < length) continue;
    return { status: Number(text.slice(9, 12)), body: text.slice(end + 4, end + 4 + length) };
  }
}

/** The resident memory of process `pid` in MiB (VmRSS in /proc/<pid>/status). */
export function rssMiB(pid: number): number {
  const kb = /VmRSS:\s*(\d+)\s*kB/.exec(Deno.readTextFileSync(`/proc/${pid}/status`))?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

/** The p95 in ms of `call`, made `count` times one after another (each response read whole). */
export async function p95Ms(call: () => Promise<Response>, count = 40): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`the victim's call failed with ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)];
}

/** A gzip body that inflates to `inflated` bytes: a JSON string of spaces, small on the wire. */
export async function gzipBomb(inflated: number): Promise<Uint8Array> {
  const json = `{"q":"${" ".repeat(inflated - 8)}"}`;
  const stream = new Blob([json]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
