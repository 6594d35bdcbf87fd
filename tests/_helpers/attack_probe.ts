/**
 * What other callers see while an attack runs against a service process: /healthz latencies from a
 * caller polling on its own, and the process's resident memory read from /proc, sampled meanwhile.
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

/** Times one GET of /healthz. */
export async function healthLatency(baseUrl: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${baseUrl}/healthz`);
  await res.body?.cancel();
  if (!res.ok) throw new Error(`/healthz answered ${res.status}`);
  return performance.now() - start;
}

/** /healthz latencies of `count` calls spaced `gapMs` apart, with nothing else running. */
export async function quietHealth(baseUrl: string, count = 40, gapMs = 25): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    out.push(await healthLatency(baseUrl));
    await new Promise((r) => setTimeout(r, gapMs));
  }
  return out;
}

/** Runs `attack` while a caller polls /healthz every `gapMs` and the memory of `pid` is sampled. */
export async function observe<T>(
  target: { url: string; pid: number },
  attack: () => Promise<T>,
  gapMs = 25,
): Promise<Observed<T>> {
  const healthMs: number[] = [];
  let peakRssBytes = await rssBytes(target.pid);
  let running = true;
  const poll = (async () => {
    while (running) {
      healthMs.push(await healthLatency(target.url));
      peakRssBytes = Math.max(peakRssBytes, await rssBytes(target.pid));
      await new Promise((r) => setTimeout(r, gapMs));
    }
  })();
  const start = performance.now();
  try {
    const result = await attack();
    return { result, healthMs, peakRssBytes, elapsedMs: performance.now() - start };
  } finally {
    running = false;
    await poll;
  }
}
