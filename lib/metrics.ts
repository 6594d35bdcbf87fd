/**
 * A minimal Prometheus registry: counters, gauges and histograms with labels,
 * rendered in the text exposition format for `GET /metrics`.
 */

type Labels = Record<string, string>;

const keyOf = (labels: Labels) =>
  Object.keys(labels).sort().map((k) =>
    `${k}="${labels[k].replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`
  )
    .join(",");

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method as a label: a standard method by name, anything a client made up as `other`, so series stay few. */
export function methodLabel(method: string): string {
  return KNOWN_METHODS.has(method) ? method : "other";
}

interface Metric {
  render(): string[];
}

/** A monotonically increasing count per label set. */
export class Counter implements Metric {
  #values = new Map<string, number>();
  constructor(readonly name: string, readonly help: string) {}
  inc(labels: Labels = {}, by = 1) {
    const k = keyOf(labels);
    this.#values.set(k, (this.#values.get(k) ?? 0) + by);
  }
  render() {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const [k, v] of this.#values) lines.push(`${this.name}${k ? `{${k}}` : ""} ${v}`);
    return lines;
  }
}

/** A value read at scrape time from a callback (queue depth, pool size). */
export class Gauge implements Metric {
  constructor(readonly name: string, readonly help: string, readonly read: () => Array<[Labels, number]>) {}
  render() {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} gauge`];
    for (const [labels, v] of this.read()) {
      const k = keyOf(labels);
      lines.push(`${this.name}${k ? `{${k}}` : ""} ${v}`);
    }
    return lines;
  }
}

/** Observations bucketed by upper bound, in seconds. */
export class Histogram implements Metric {
  #series = new Map<string, { counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  ) {}
  observe(labels: Labels, value: number) {
    const k = keyOf(labels);
    let s = this.#series.get(k);
    if (!s) this.#series.set(k, s = { counts: this.buckets.map(() => 0), sum: 0, count: 0 });
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]) s.counts[i]++;
    s.sum += value;
    s.count++;
  }
  render() {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const [k, s] of this.#series) {
      const sep = k ? `${k},` : "";
      this.buckets.forEach((b, i) => lines.push(`${this.name}_bucket{${sep}le="${b}"} ${s.counts[i]}`));
      lines.push(`${this.name}_bucket{${sep}le="+Inf"} ${s.count}`);
      lines.push(`${this.name}_sum${k ? `{${k}}` : ""} ${s.sum}`);
      lines.push(`${this.name}_count${k ? `{${k}}` : ""} ${s.count}`);
    }
    return lines;
  }
}

/** Holds every metric of the process and renders them together. */
export class Registry {
  #metrics: Metric[] = [];
  register<T extends Metric>(m: T): T {
    this.#metrics.push(m);
    return m;
  }
  render(): string {
    return this.#metrics.flatMap((m) => m.render()).join("\n") + "\n";
  }
}
