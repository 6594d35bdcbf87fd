/**
 * What other callers see while an attack runs against a service process: /healthz latencies from a
 * caller polling from a process of its own, and the process's resident memory read from /proc.
 */

/** What was measured while `attack` ran, and what it returned. */
export interface Observed<T> {
  result: T;
  /** Every /healthz latency in ms, in order. */
  healthMs: number[];
  /** The largest VmRSS seen, in bytes. */
  peakRssBytes: number;
  elapsedMs: number;
}

/** The resident memory of process `pid` in bytes (VmRSS of /proc/<pid>/status). */
export async function rssBytes(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (kib === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) * 1024;
}

/** The p-th percentile (0-100) of `xs`, nearest rank. */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * The other caller: a process of its own that GETs /healthz every `gapMs` and prints each latency, so what
 * the test process itself does meanwhile (serving a 50 MB body from its content host holds its event loop
 * for tens of ms) never shows in the figures.
 */
const POLLER = `
  const url = Deno.env.get("TARGET") + "/healthz";
  const gap = Number(Deno.env.get("GAP_MS"));
  const out = new TextEncoder();
  while (true) {
    const start = performance.now();
    const res = await fetch(url);
    await res.body?.cancel();
    await Deno.stdout.write(out.encode((res.ok ? performance.now() - start : -1) + "\\n"));
    await new Promise((r) => setTimeout(r, gap));
  }
`;

/**
 * Starts the other caller and waits for its first answer; `stop` ends it and answers every latency it saw,
 * in order (a failed call throws).
 */
export async function pollHealth(baseUrl: string, gapMs = 25): Promise<{ stop(): Promise<number[]> }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["eval", POLLER],
    env: { TARGET: baseUrl, GAP_MS: String(gapMs) },
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const latencies: number[] = [];
  let first: () => void = () => {};
  const started = new Promise<void>((resolve) => first = resolve);
  const reading = (async () => {
    let rest = "";
    for await (const text of child.stdout.pipeThrough(new TextDecoderStream())) {
      const lines = (rest + text).split("\n");
      rest = lines.pop()!;
      latencies.push(...lines.filter((line) => line.trim() !== "").map(Number));
      if (latencies.length > 0) first();
    }
    first();
  })();
  await started;
  let stopped = false;
  return {
    async stop() {
      if (!stopped) child.kill("SIGKILL");
      stopped = true;
      await child.status;
      await reading;
      if (latencies.some((ms) => ms < 0)) throw new Error("/healthz answered an error during the run");
      return latencies;
    },
  };
}

/** /healthz latencies seen over `ms` with nothing else running. */
export async function quietHealth(baseUrl: string, ms = 5000): Promise<number[]> {
  const poller = await pollHealth(baseUrl);
  await new Promise((r) => setTimeout(r, ms));
  return await poller.stop();
}

/** Runs `attack` while another process polls /healthz every `gapMs` and the memory of `pid` is sampled. */
export async function observe<T>(
  target: { url: string; pid: number },
  attack: () => Promise<T>,
  gapMs = 25,
): Promise<Observed<T>> {
  let peakRssBytes = await rssBytes(target.pid);
  let running = true;
  const sampling = (async () => {
    while (running) {
      peakRssBytes = Math.max(peakRssBytes, await rssBytes(target.pid));
      await new Promise((r) => setTimeout(r, gapMs));
    }
  })();
  const poller = await pollHealth(target.url, gapMs);
  const start = performance.now();
  try {
    const result = await attack();
    const elapsedMs = performance.now() - start;
    return { result, healthMs: await poller.stop(), peakRssBytes, elapsedMs };
  } finally {
    running = false;
    await sampling;
    await poller.stop().catch(() => {});
  }
}
