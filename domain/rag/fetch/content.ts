/**
 * Fetches a document body from its `contentLocator` for ingestion (CONTRACT 2.2): HTTP(S)
 * only, hosts and addresses checked by url_policy.ts before any connection, redirects
 * followed by hand and re-checked hop by hop, one time budget for the whole fetch, a size
 * limit enforced while streaming, and the SHA-256 computed on the way through.
 *
 * What a caller learns is deliberately little: whoever may register a document may make the
 * service fetch any URL the policy allows, so every reply would otherwise be a probe of the
 * network behind it. Failures collapse to five codes with fixed messages: a refused URL,
 * address or redirect 422 `content_host_not_allowed`; a body over the limit 413
 * `content_too_large`; a body whose SHA-256 differs 422 `checksum_mismatch` (never with the
 * SHA-256 it has, which would hand the checksum of any reachable URL to whoever asked, and with
 * it the body through search); the time budget spent 422 `content_timeout`; and everything
 * else, a name that does not resolve, a refused connection, a TLS failure, any non-2xx
 * answer, a redirect without Location or too many of them, a body cut off mid-way, 422
 * `content_unreachable`. The detail goes to the server log only (`log`), the SHA-256 at debug.
 *
 * A body must also keep arriving: below `minBytesPerSecond` over a window of RATE_WINDOW_MS it is a timeout too, so
 * that a host trickling a body holds a worker for seconds, not for the whole time budget.
 */
import { lookup } from "node:dns/promises";
import type { IncomingMessage } from "node:http";
import { AppError } from "@/domain/errors.ts";
import type { Logger } from "@/lib/log.ts";
import { requestPinned } from "./pinned_request.ts";
import { type FetchCode, FetchFailure, readLimited } from "./body.ts";
import { checkAddresses, checkContentUrl, type UrlPolicy } from "./url_policy.ts";
import { isIpAddress } from "./ip_ranges.ts";

/** A fetched, verified body. */
export interface FetchedContent {
  body: Uint8Array;
  contentType: string | null;
  /** The URL the body came from after redirects, with its host canonical. */
  finalUrl: string;
  /** Lowercase hex SHA-256 of `body`. */
  sha256: string;
}

/** Resolves a host name to IP addresses; an empty list means the name does not exist. */
export type Resolver = (hostname: string) => Promise<string[]>;

/** Settings of a content fetcher. */
export interface ContentFetcherOptions {
  /** Which hosts and addresses may be fetched from. */
  policy: UrlPolicy;
  /** `RAG_MAX_DOCUMENT_BYTES`. */
  maxBytes: number;
  /** Budget for the whole fetch: resolution, every redirect hop and the body. */
  timeoutMs: number;
  /** The slowest a body may arrive, measured over `rateWindowMs`; 0 or unset: no floor. */
  minBytesPerSecond?: number;
  /** Default RATE_WINDOW_MS. */
  rateWindowMs?: number;
  /** Redirects followed before giving up; default 5. */
  maxRedirects?: number;
  /** Default: the system resolver (getaddrinfo), which honours /etc/hosts. */
  resolve?: Resolver;
  /** Extra trusted CA certificates (PEM) for content hosts behind an internal CA. */
  caCerts?: string[];
  /** Where the detail of a failure goes; callers only ever see the code and its fixed message. */
  log?: Logger;
}

/**
 * Fetches the body at `url` and verifies that its SHA-256 is `expectedSha256` (lowercase hex); `limits.timeoutMs`
 * shortens the fetcher's own time budget (what is left of a job's).
 */
export type ContentFetcher = (
  url: string,
  expectedSha256: string,
  limits?: { timeoutMs?: number },
) => Promise<FetchedContent>;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The window the transfer rate is measured over: long enough for a host's pauses, short beside the time budget. */
export const RATE_WINDOW_MS = 10_000;

/** The one message of each code: nothing in it depends on what answered, or how. */
function publicMessage(code: FetchCode, maxBytes: number): string {
  switch (code) {
    case "content_host_not_allowed":
      return "The content URL, a redirect it gave or an address its host resolves to is not allowed";
    case "content_too_large":
      return `The content body is larger than ${maxBytes} bytes`;
    case "checksum_mismatch":
      return "The body's SHA-256 differs from the given checksum";
    case "content_timeout":
      return "The content was not fetched within the time limit";
    case "content_unreachable":
      return "The content could not be fetched from its URL";
  }
}

/** How long a name may take to resolve: getaddrinfo has no timeout of its own, and a slow name server would hold a fetch or a delivery slot past its budget. */
const RESOLVE_TIMEOUT_MS = 5000;

/**
 * `resolve` bounded by `ms`: a name that has not resolved by then counts as one that does not resolve (the lookup
 * itself cannot be cancelled; its late answer is dropped).
 */
export function boundedResolver(resolve: Resolver, ms: number): Resolver {
  return (hostname) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<string[]>((done) => timer = setTimeout(() => done([]), ms));
    return Promise.race([resolve(hostname), late]).finally(() => clearTimeout(timer));
  };
}

/**
 * Resolves with getaddrinfo rather than Deno.resolveDns: on-premises names often live in
 * /etc/hosts or behind nsswitch, which Deno.resolveDns skips, and every other client on the
 * host resolves this way too.
 */
export const resolveWithSystem: Resolver = boundedResolver(async (hostname) => {
  try {
    return (await lookup(hostname, { all: true, verbatim: true })).map((found) => found.address);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "ENOTFOUND" || code === "ENODATA") return [];
    throw err;
  }
}, RESOLVE_TIMEOUT_MS);

/** Builds a fetcher. */
export function createContentFetcher(options: ContentFetcherOptions): ContentFetcher {
  const { policy } = options;
  const settings = {
    ...options,
    maxRedirects: options.maxRedirects ?? 5,
    resolve: options.resolve ?? resolveWithSystem,
  };
  return async (url, expectedSha256, limits = {}) => {
    const timeoutMs = Math.max(1, Math.min(options.timeoutMs, limits.timeoutMs ?? Infinity));
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      return await fetchFollowingRedirects(checkContentUrl(url, policy), { ...settings, signal, expectedSha256 });
    } catch (err) {
      const failure = asFailure(err, signal, timeoutMs);
      options.log?.info("content fetch failed", {
        host: URL.parse(url)?.host,
        code: failure.code,
        detail: failure.message,
        ...(failure.cause instanceof Error ? { cause: failure.cause.message } : {}),
      });
      throw new AppError(failure.code, publicMessage(failure.code, options.maxBytes));
    }
  };
}

/** Everything one fetch needs: the fetcher's settings, its deadline and the expected checksum. */
type Attempt = ContentFetcherOptions & {
  maxRedirects: number;
  resolve: Resolver;
  signal: AbortSignal;
  expectedSha256: string;
};

async function fetchFollowingRedirects(start: URL, attempt: Attempt): Promise<FetchedContent> {
  let url = start;
  for (let hop = 0;; hop++) {
    const addresses = await checkedAddresses(url, attempt);
    const response = await requestPinned(url, { addresses, signal: attempt.signal, caCerts: attempt.caCerts });
    if (!REDIRECT_STATUSES.has(response.statusCode ?? 0)) return await readVerified(url, response, attempt);
    response.destroy();
    if (hop >= attempt.maxRedirects) {
      throw new FetchFailure(
        "content_unreachable",
        `the content URL redirects more than ${attempt.maxRedirects} times`,
      );
    }
    const location = response.headers.location;
    if (location === undefined) {
      throw new FetchFailure("content_unreachable", `content host ${url.host} redirected nowhere`);
    }
    url = checkContentUrl(location, attempt.policy, url);
  }
}

/** The addresses to connect to, every one checked; an IP-literal host is its own address. */
async function checkedAddresses(url: URL, attempt: Attempt): Promise<string[]> {
  if (isIpAddress(url.hostname)) return [url.hostname.replace(/^\[(.*)\]$/, "$1")];
  const addresses = await untilAborted(attempt.resolve(url.hostname), attempt.signal);
  if (addresses.length === 0) {
    throw new FetchFailure("content_unreachable", `content host ${url.hostname} does not resolve`);
  }
  checkAddresses(url, addresses, attempt.policy);
  return addresses;
}

/** Reads the body within the size limit, hashing as it goes, and checks status and checksum. */
async function readVerified(url: URL, response: IncomingMessage, attempt: Attempt): Promise<FetchedContent> {
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    response.destroy();
    throw new FetchFailure("content_unreachable", `content host ${url.host} answered ${status}`);
  }
  const { body, sha256 } = await readLimited(response, attempt.maxBytes, {
    bytesPerSecond: attempt.minBytesPerSecond ?? 0,
    windowMs: attempt.rateWindowMs ?? RATE_WINDOW_MS,
  });
  if (sha256 !== attempt.expectedSha256) {
    attempt.log?.debug("content checksum differs", { host: url.host, sha256 });
    throw new FetchFailure("checksum_mismatch", "the body's SHA-256 differs from the given checksum");
  }
  const contentType = response.headers["content-type"] ?? null;
  return { body, contentType, finalUrl: url.href, sha256 };
}

/**
/** Races a promise that cannot be cancelled (getaddrinfo) against the fetch's deadline. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/**
 * Sorts what stopped a fetch into its code: the URL policy's refusals keep theirs, the deadline is a
 * timeout, and anything else the network threw (refused, reset, TLS, a body cut off) is unreachable.
 */
function asFailure(err: unknown, signal: AbortSignal, timeoutMs: number): FetchFailure {
  if (err instanceof FetchFailure) return err;
  if (err instanceof AppError && err.code === "content_host_not_allowed") {
    return new FetchFailure(err.code, err.message);
  }
  if (signal.aborted) {
    return new FetchFailure("content_timeout", `the content host did not deliver within ${timeoutMs} ms`, {
      cause: err,
    });
  }
  return new FetchFailure("content_unreachable", "the connection to the content host failed", { cause: err });
}
