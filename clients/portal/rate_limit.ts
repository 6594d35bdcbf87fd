/**
 * Waiting out 429 (and 503) answers as the service asks: `Retry-After` in seconds or as an HTTP date, else a
 * doubling delay. The clock is injectable so a test can see every wait without spending it.
 */

/** How a client waits before trying again. */
export interface BackoffOptions {
  /** Tries per call, the first included (default 5); the last answer is returned as it came. */
  maxAttempts?: number;
  /** The longest single wait, whatever `Retry-After` says (default 60 s). */
  maxDelayMs?: number;
  /** Waits `ms` (default: a timer). */
  sleep?: (ms: number) => Promise<void>;
  /** The current time in ms since the epoch, to read an HTTP-date `Retry-After` (default `Date.now`). */
  now?: () => number;
}

const RETRIED = new Set([429, 503]);

/** How long `res` asks the caller to wait before attempt `attempt + 1` (`attempt` counts from 1). */
export function retryDelayMs(res: Response, attempt: number, o: BackoffOptions = {}): number {
  const max = o.maxDelayMs ?? 60_000;
  const header = res.headers.get("retry-after")?.trim() ?? "";
  let ms: number;
  if (/^\d+$/.test(header)) ms = Number(header) * 1000;
  else if (header !== "" && !Number.isNaN(Date.parse(header))) ms = Date.parse(header) - (o.now ?? Date.now)();
  else ms = 1000 * 2 ** (attempt - 1);
  return Math.min(max, Math.max(0, ms));
}

/**
 * Wraps `inner` so a 429 or 503 is retried after the wait the answer names. A request whose body is a stream is
 * sent once: it cannot be replayed, so its caller (publishing a snapshot) retries from its own source.
 */
export function backoffFetch(inner: typeof fetch, o: BackoffOptions = {}): typeof fetch {
  const attempts = Math.max(1, o.maxAttempts ?? 5);
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  return async (input, init) => {
    const replayable = !(init?.body instanceof ReadableStream);
    for (let attempt = 1;; attempt++) {
      const request = input instanceof Request && replayable ? input.clone() : input;
      const res = await inner(request, init);
      if (!RETRIED.has(res.status) || attempt >= attempts || !replayable) return res;
      await res.body?.cancel();
      await sleep(retryDelayMs(res, attempt, o));
    }
  };
}
