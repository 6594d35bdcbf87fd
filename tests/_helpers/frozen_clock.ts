/**
 * A frozen wall clock for boundary tests of token times: while `atInstant` runs, `new Date()`
 * and `Date.now()` return the instant given, so a check "exp is 60 s in the past" is exact to
 * the second instead of racing the real clock. Timers are unaffected (they do not read Date).
 */

const RealDate = Date;

/** Runs `fn` with the clock frozen at `ms` (milliseconds since the epoch) and restores it after. */
export async function atInstant<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  class FrozenDate extends RealDate {
    constructor(...args: unknown[]) {
      super(...((args.length === 0 ? [ms] : args) as [string | number | Date]));
    }
    static override now(): number {
      return ms;
    }
  }
  globalThis.Date = FrozenDate as DateConstructor;
  try {
    return await fn();
  } finally {
    globalThis.Date = RealDate;
  }
}
