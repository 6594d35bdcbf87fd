/**
 * What the load run measured per endpoint: latencies of the requests started inside the measured window
 * (after the warm-up), every error whenever it happened, and the report table.
 */

/** One endpoint's figures. */
interface Endpoint {
  latencies: number[];
  requests: number;
  errors: number;
}

/** An error kept for the report: the request, its status (0 for a network error) and the body. */
export interface ErrorSample {
  endpoint: string;
  status: number;
  body: string;
}

const SAMPLES_KEPT = 5;

/** Collects figures while the clients run. */
export class Recorder {
  readonly endpoints = new Map<string, Endpoint>();
  readonly samples: ErrorSample[] = [];

  constructor(readonly order: readonly string[]) {
    for (const name of order) this.endpoints.set(name, { latencies: [], requests: 0, errors: 0 });
  }

  /** A request that finished; `measured` when it started inside the window. */
  done(endpoint: string, ms: number, measured: boolean) {
    const e = this.endpoints.get(endpoint)!;
    e.requests++;
    if (measured) e.latencies.push(ms);
  }

  /** A request that failed (it counts as a request too). */
  failed(sample: ErrorSample) {
    this.endpoints.get(sample.endpoint)!.requests++;
    this.error(sample);
  }

  /** An error in a request already counted: a 2xx answer that breaks the contract. */
  error(sample: ErrorSample) {
    this.endpoints.get(sample.endpoint)!.errors++;
    if (this.samples.length < SAMPLES_KEPT) this.samples.push(sample);
  }

  /** Requests and errors over the whole run, warm-up included. */
  totals() {
    let requests = 0, errors = 0;
    for (const e of this.endpoints.values()) requests += e.requests, errors += e.errors;
    return { requests, errors };
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
const ms = (x: number) => Number.isNaN(x) ? "-" : x.toFixed(1);

/** The Markdown table: per endpoint, then every endpoint together; throughput over the measured window. */
export function table(rec: Recorder, windowSeconds: number): string {
  const row = (name: string, e: Endpoint) => {
    const s = [...e.latencies].sort((a, b) => a - b);
    return [
      name,
      String(e.requests),
      String(e.errors),
      (e.latencies.length / windowSeconds).toFixed(1),
      ms(percentile(s, 0.5)),
      ms(percentile(s, 0.95)),
      ms(percentile(s, 0.99)),
    ];
  };
  const all: Endpoint = { latencies: [], requests: 0, errors: 0 };
  const rows = rec.order.map((name) => {
    const e = rec.endpoints.get(name)!;
    all.latencies.push(...e.latencies);
    all.requests += e.requests;
    all.errors += e.errors;
    return row(name, e);
  });
  const head = ["endpoint", "requests", "errors", "req/s", "p50 ms", "p95 ms", "p99 ms"];
  return [head, head.map(() => "---"), ...rows, row("**all**", all)].map((r) => `| ${r.join(" | ")} |`).join("\n");
}
