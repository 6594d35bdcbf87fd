/**
 * A budget for writing events one by one: per key, the first `perWindow` events of each window are written
 * as they come, and the rest are counted and written as one summary when the window ends. A flood costs one
 * row per key and window beyond the budget, and no event goes unaccounted for.
 */

/** What a window beyond its budget adds up to: how many events were held back, and the last of them. */
export interface HeldBack<T> {
  key: string;
  last: T;
  count: number;
}

interface Window<T> {
  written: number;
  held?: HeldBack<T>;
  timer: ReturnType<typeof setTimeout>;
}

/** Writes events under a per-key budget; `write` takes each event let through, `summarize` each window's rest. */
export class SampledLog<T> {
  #windows = new Map<string, Window<T>>();

  constructor(
    readonly perWindow: number,
    readonly windowMs: number,
    readonly sinks: { write: (event: T) => void; summarize: (held: HeldBack<T>) => void },
  ) {}

  /** Writes `event` now if `key` has budget left in its window, else counts it into the window's summary. */
  offer(key: string, event: T): void {
    let w = this.#windows.get(key);
    if (!w) {
      const timer = setTimeout(() => this.#close(key), this.windowMs);
      // A pending summary must not keep a stopping process alive; what it holds is lost only with the process.
      Deno.unrefTimer(timer as unknown as number);
      w = { written: 0, timer };
      this.#windows.set(key, w);
    }
    if (w.written < this.perWindow) {
      w.written++;
      this.sinks.write(event);
      return;
    }
    w.held = { key, last: event, count: (w.held?.count ?? 0) + 1 };
  }

  /** Writes every pending summary now (at a graceful stop). */
  flush(): void {
    for (const key of [...this.#windows.keys()]) this.#close(key);
  }

  #close(key: string): void {
    const w = this.#windows.get(key);
    if (!w) return;
    clearTimeout(w.timer);
    this.#windows.delete(key);
    if (w.held) this.sinks.summarize(w.held);
  }
}
