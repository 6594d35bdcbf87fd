/**
 * Whether an endpoint answers at all: one GET with a short time limit, through the same `fetch` the embedding and
 * model clients use. Any HTTP answer below 500 (a 404 or 405 for a GET of an API path included) means something is
 * listening; no answer, a refused connection or a 5xx is a reason to warn.
 */
import { withoutUrlCredentials } from "@/lib/url_credentials.ts";

/** Why an endpoint did not answer: the kind, and the detail (which may name the endpoint, credentials left out). */
export interface Unreachable {
  kind: "timeout" | "server_error" | "unreachable";
  detail: string;
}

/** Null when `url` answers, otherwise why not. */
export async function probeEndpoint(
  url: string,
  o: { timeoutMs: number; apiKey?: string },
): Promise<Unreachable | null> {
  try {
    const res = await fetch(url, {
      headers: o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {},
      signal: AbortSignal.timeout(o.timeoutMs),
    });
    await res.body?.cancel();
    return res.status >= 500 ? { kind: "server_error", detail: `answered ${res.status}` } : null;
  } catch (err) {
    const e = err as Error;
    if (e.name === "TimeoutError") return { kind: "timeout", detail: `no answer within ${o.timeoutMs} ms` };
    return { kind: "unreachable", detail: withoutUrlCredentials(e.message) };
  }
}
