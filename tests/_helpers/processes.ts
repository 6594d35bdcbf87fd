/**
 * Real processes for fault tests: a private redis-server that can be stopped and
 * started again on the same port, and a worker process (`main.ts --workers-only`)
 * that can be killed mid-job.
 */
const MAIN = new URL("../../main.ts", import.meta.url).pathname;

/** A free TCP port on loopback (closed again before it is returned). */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Whether a Redis answers on `port` (over TLS trusting `caPem` when given); one that wants a password answers too. */
async function answersPing(port: number, caPem?: string): Promise<boolean> {
  try {
    const conn = caPem
      ? await Deno.connectTls({ hostname: "127.0.0.1", port, caCerts: [caPem] })
      : await Deno.connect({ hostname: "127.0.0.1", port });
    try {
      await conn.write(new TextEncoder().encode("PING\r\n"));
      const buf = new Uint8Array(16);
      const n = await conn.read(buf);
      return n !== null && /^(\+PONG|-NOAUTH)/.test(new TextDecoder().decode(buf.subarray(0, n)));
    } finally {
      conn.close();
    }
  } catch {
    return false;
  }
}

/** A redis-server of the test's own, without persistence (a restart loses every key, as a crash would). */
export interface RedisProcess {
  /** Its URL, with the password and the `rediss` scheme when it has them. */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** How a private redis-server is protected: a password (`requirepass`), and TLS only with this certificate. */
export interface RedisProtection {
  password?: string;
  tls?: { certFile: string; keyFile: string; caPem: string };
}

/** Starts a redis-server on a free port and waits until it answers. */
export async function startRedisProcess(protection: RedisProtection = {}): Promise<RedisProcess> {
  const port = freePort();
  const { password, tls } = protection;
  const listen = tls
    ? ["--port", "0", "--tls-port", String(port), "--tls-cert-file", tls.certFile, "--tls-key-file", tls.keyFile]
    : ["--port", String(port)];
  const args = [
    ...listen,
    ...(tls ? ["--tls-auth-clients", "no"] : []),
    ...(password ? ["--requirepass", password] : []),
    ...["--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
  ];
  let child: Deno.ChildProcess | null = null;
  const start = async () => {
    child = new Deno.Command("redis-server", { args, stdout: "null", stderr: "null" }).spawn();
    await waitFor(`redis-server on ${port}`, () => answersPing(port, tls?.caPem));
  };
  await start();
  return {
    url: `${tls ? "rediss" : "redis"}://${password ? `:${encodeURIComponent(password)}@` : ""}127.0.0.1:${port}`,
    async stop() {
      if (!child) return;
      child.kill("SIGKILL");
      await child.status;
      child = null;
      await waitFor(`redis-server on ${port} to stop`, async () => !(await answersPing(port, tls?.caPem)));
    },
    start,
  };
}

/** A worker process and the log lines it has written so far. */
export interface WorkerProcess {
  lines: string[];
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** Appends each line a child writes to stdout or stderr to `lines` as it arrives; settles when both close. */
export function collectLines(
  child: { stdout: ReadableStream<Uint8Array>; stderr: ReadableStream<Uint8Array> },
  lines: string[],
): Promise<unknown> {
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    let rest = "";
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop()!;
      lines.push(...parts);
    }
    if (rest) lines.push(rest);
  };
  return Promise.all([collect(child.stdout), collect(child.stderr)]);
}

/** Starts `main.ts --workers-only` with `env` and waits for its "workers running" line. */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-P=service", MAIN, "--workers-only"],
    env: { ...env, LOG_LEVEL: "info", RUN_WORKERS: "true" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const lines: string[] = [];
  const drained = collectLines(child, lines);
  try {
    await waitFor("the worker process to start", async () => {
      if (lines.some((l) => l.includes('"workers running"'))) return true;
      const exited = await Promise.race([child.status.then(() => true), Promise.resolve(false)]);
      if (exited) throw new Error(`the worker process exited:\n${lines.join("\n")}`);
      return false;
    }, 30_000);
  } catch (err) {
    child.kill("SIGKILL");
    await child.status;
    throw err;
  }
  let ended = false;
  const end = async (signal: Deno.Signal) => {
    if (ended) return;
    ended = true;
    child.kill(signal);
    await child.status;
    await drained;
  };
  return { lines, kill: () => end("SIGKILL"), stop: () => end("SIGTERM") };
}
