/**
 * Whether an endpoint answers at all: one GET with a short time limit, through the same `fetch` the embedding and
 * model clients use. Any HTTP answer below 500 (a 404 or 405 for a GET of an API path included) means something is
 * listening; no answer, a refused connection or a 5xx is a reason to warn.
 */
import { withoutUrlCredentials } from "@/lib/url_credentials.ts";

/** Null when `url` answers, otherwise why not (its credentials left out). */
export async function unreachableBecause(
  url: string,
  o: { timeoutMs: number; apiKey?: string },
): Promise<string | null> {
  try {
    const res = await fetch(url, {
      headers: o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {},
      signal: AbortSignal.timeout(o.timeoutMs),
    });
    await res.body?.cancel();
    return res.status >= 500 ? `answered ${res.status}` : null;
  } catch (err) {
    const e = err as Error;
    if (e.name === "TimeoutError") return `no answer within ${o.timeoutMs} ms`;
    return withoutUrlCredentials(e.message);
  }
}
