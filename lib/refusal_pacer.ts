/**
 * Refusals past a budget are answered late. Each refused request of a flood is cheap (a 401, a 405, a path that
 * matches nothing), but a client that keeps N of them in flight gets N answers per turn of the one event loop and
 * fills it ahead of every other caller: 20 connections sending made-up methods took another caller's p95 from
 * under 1 ms to 15 ms. Past `budget` refusals a window from one client (an IPv6 address counts by its /64, which
 * one host can rotate through), each further refusal is held `delayMs` before it is sent, so the flood's rate
 * falls to N / delay; with more than `HELD_PER_STEP` answers of one client held at once, the delay grows in
 * steps, so opening more connections does not buy a higher rate. Holding an answer costs a timer, nothing of a
 * pool, and callers that are not refused never wait.
 */

/** Answers of one client held at once before its delay takes another step. */
export const HELD_PER_STEP = 32;
/** The longest an answer is held (a client with thousands of connections open). */
export const MAX_DELAY_MS = 60_000;
/** Clients tracked at once; past it, a client not yet tracked is paced from its first refusal. */
export const MAX_TRACKED = 100_000;

interface Tally {
  refused: number;
  since: number;
  held: number;
}

/** Counts refusals per client and decides how long each is held. */
export class RefusalPacer {
  #clients = new Map<string, Tally>();

  constructor(readonly budget: number, readonly delayMs: number, readonly windowMs = 60_000) {}

  /**
   * Counts one refusal to `address` and holds it as long as its client has earned (not at all within budget);
   * gives the milliseconds it was held.
   */
  async refused(address: string): Promise<number> {
    if (this.delayMs === 0) return 0;
    const key = clientKey(address);
    const now = Date.now();
    let tally = this.#clients.get(key);
    if (!tally) {
      if (this.#clients.size >= MAX_TRACKED) this.#sweep(now);
      if (this.#clients.size >= MAX_TRACKED) return await this.#hold(this.delayMs);
      tally = { refused: 0, since: now, held: 0 };
      this.#clients.set(key, tally);
    } else if (now - tally.since >= this.windowMs) {
      tally.refused = 0;
      tally.since = now;
    }
    if (++tally.refused <= this.budget) return 0;
    const steps = Math.floor(tally.held / HELD_PER_STEP) + 1;
    tally.held++;
    try {
      return await this.#hold(Math.min(this.delayMs * steps, MAX_DELAY_MS));
    } finally {
      tally.held--;
    }
  }

  /** Clients tracked now (for tests and the sweep). */
  get tracked(): number {
    return this.#clients.size;
  }

  #hold(ms: number): Promise<number> {
    return new Promise((resolve) => setTimeout(() => resolve(ms), ms));
  }

  #sweep(now: number): void {
    for (const [key, tally] of this.#clients) {
      if (now - tally.since >= this.windowMs && tally.held === 0) this.#clients.delete(key);
    }
  }
}

/** The client an address stands for: an IPv4 address itself, an IPv6 address its /64 (`local` in process). */
export function clientKey(address: string): string {
  if (!address.includes(":")) return address;
  const lower = address.toLowerCase().replace(/^\[|\]$|%.*$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return mapped[1];
  const [head, tail = ""] = lower.split("::");
  const left = head ? head.split(":") : [];
  const right = lower.includes("::") && tail ? tail.split(":") : [];
  const groups = lower.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}
