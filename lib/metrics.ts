/**
 * Prometheus metrics through prom-client, on one registry per process: every part declares its metrics
 * where it measures (`counter`, `histogram`, `gauge` here put them on that registry) and `GET /metrics`
 * renders the registry. A gauge that needs a query reads it in its `collect`, at scrape time only.
 */
import client from "prom-client";

/** The process's registry (the embedding component keeps its own: a registry of the process it runs in). */
export const registry: client.Registry = new client.Registry();

/** Label names and values of a metric. */
export type Labels<T extends string> = Partial<Record<T, string | number>>;
/** A counter on a registry. */
export type Counter<T extends string = string> = client.Counter<T>;
/** A histogram on a registry. */
export type Histogram<T extends string = string> = client.Histogram<T>;
/** A gauge on a registry. */
export type Gauge<T extends string = string> = client.Gauge<T>;
/** A registry. */
export type Registry = client.Registry;

/** A new, empty registry, for a process part that serves its own `/metrics`. */
export function newRegistry(): Registry {
  return new client.Registry();
}

/** A monotonically increasing count. */
export function counter<T extends string>(
  name: string,
  help: string,
  labelNames: readonly T[] = [],
  on: Registry = registry,
): Counter<T> {
  return new client.Counter({ name, help, labelNames, registers: [on] });
}

/** Durations in seconds, in buckets from a millisecond to a minute. */
export function histogram<T extends string>(
  name: string,
  help: string,
  labelNames: readonly T[] = [],
  on: Registry = registry,
): Histogram<T> {
  const buckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
  return new client.Histogram({ name, help, labelNames, buckets, registers: [on] });
}

const COLLECT_TIMEOUT_MS = 2000;

/** A value read when scraped: `read` sets it (it may query; keep it bounded, it runs on every scrape). */
export function gauge<T extends string>(
  name: string,
  help: string,
  labelNames: readonly T[],
  read: (g: Gauge<T>) => Promise<void> | void,
  on: Registry = registry,
): Gauge<T> {
  return new client.Gauge({
    name,
    help,
    labelNames,
    registers: [on],
    async collect() {
      this.reset();
      // A dependency that is down (or slow) leaves its series out of this scrape rather than failing /metrics.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const limit = new Promise<void>((resolve) => timer = setTimeout(resolve, COLLECT_TIMEOUT_MS));
      await Promise.race([Promise.resolve().then(() => read(this)).catch(() => this.reset()), limit]);
      clearTimeout(timer);
    },
  });
}

/**
 * `read` shared for `ms`: the gauges of one scrape ask once, and a flood of scrapes (the route needs no
 * credential) costs the database or Redis at most one read per `ms`. `forget` drops the shared answer.
 */
export function sharedFor<T>(ms: number, read: () => Promise<T>): { get(): Promise<T>; forget(): void } {
  let last: { at: number; value: Promise<T> } | undefined;
  return {
    get() {
      if (!last || Date.now() - last.at > ms) last = { at: Date.now(), value: read() };
      return last.value;
    },
    forget() {
      last = undefined;
    },
  };
}

/** Measures `fn` into `h` with `labels`, adding `outcome: ok|error`. */
export async function timed<T, L extends string>(
  h: Histogram<L | "outcome">,
  labels: Labels<L>,
  fn: () => Promise<T>,
): Promise<T> {
  const end = h.startTimer(labels as Labels<L | "outcome">);
  try {
    const out = await fn();
    end({ outcome: "ok" } as Labels<L | "outcome">);
    return out;
  } catch (err) {
    end({ outcome: "error" } as Labels<L | "outcome">);
    throw err;
  }
}

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method as a label: a standard method by name, anything a client made up as `other`, so series stay few. */
export function methodLabel(method: string): string {
  return KNOWN_METHODS.has(method) ? method : "other";
}

/** The registry in Prometheus text format, and its content type. */
export async function renderRegistry(on: Registry = registry): Promise<{ text: string; contentType: string }> {
  return { text: await on.metrics(), contentType: on.contentType };
}
