/**
 * Fetches a document body from its `contentLocator` for ingestion (CONTRACT 2.2): HTTP(S)
 * only, hosts and addresses checked by url_policy.ts before any connection, redirects
 * followed by hand and re-checked hop by hop, one time budget for the whole fetch, a size
 * limit enforced while streaming, and the SHA-256 computed on the way through.
 *
 * Errors: a refused URL, address or redirect is 422 `content_host_not_allowed`; a body over
 * the limit 413 `payload_too_large`; a wrong checksum 422 `checksum_mismatch`; a 4xx answer,
 * a name that does not resolve, a redirect without Location or too many redirects 422
 * `unprocessable` (retrying will not help); a timeout, a refused connection, a TLS failure,
 * a 5xx answer or a body cut off mid-way (node:http errors the stream) 503 `unavailable`,
 * which the ingestion worker retries.
 */
import { createHash } from "node:crypto";
import { lookup } from "node:dns/promises";
import type { IncomingMessage } from "node:http";
import { AppError } from "@/domain/errors.ts";
import { requestPinned } from "@/domain/rag/pinned_request.ts";
import { checkAddresses, checkContentUrl, parseAllowedHosts, type UrlPolicy } from "@/domain/rag/url_policy.ts";
import { isIpAddress } from "@/domain/rag/ip_ranges.ts";

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
  /** `RAG_SERVICE_CONTENT_ALLOWED_HOSTS` entries; empty means any host the address rules allow. */
  allowedHosts: string[];
  /** `RAG_MAX_DOCUMENT_BYTES`. */
  maxBytes: number;
  /** Budget for the whole fetch: resolution, every redirect hop and the body. */
  timeoutMs: number;
  /** Redirects followed before giving up; default 5. */
  maxRedirects?: number;
  /** Whether loopback addresses may be fetched from; default false. */
  allowLoopback?: boolean;
  /** Default: the system resolver (getaddrinfo), which honours /etc/hosts. */
  resolve?: Resolver;
  /** Extra trusted CA certificates (PEM) for content hosts behind an internal CA. */
  caCerts?: string[];
}

/** Fetches the body at `url` and verifies that its SHA-256 is `expectedSha256` (lowercase hex). */
export type ContentFetcher = (url: string, expectedSha256: string) => Promise<FetchedContent>;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Resolves with getaddrinfo rather than Deno.resolveDns: on-premises names often live in
 * /etc/hosts or behind nsswitch, which Deno.resolveDns skips, and every other client on the
 * host resolves this way too.
 */
export async function resolveWithSystem(hostname: string): Promise<string[]> {
  try {
    return (await lookup(hostname, { all: true, verbatim: true })).map((found) => found.address);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "ENOTFOUND" || code === "ENODATA") return [];
    throw err;
  }
}

/** Builds a fetcher; a malformed allow-list entry throws here, at start. */
export function createContentFetcher(options: ContentFetcherOptions): ContentFetcher {
  const policy: UrlPolicy = {
    allowedHosts: parseAllowedHosts(options.allowedHosts),
    allowLoopback: options.allowLoopback ?? false,
  };
  const settings = {
    ...options,
    policy,
    maxRedirects: options.maxRedirects ?? 5,
    resolve: options.resolve ?? resolveWithSystem,
  };
  return async (url, expectedSha256) => {
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      return await fetchFollowingRedirects(checkContentUrl(url, policy), { ...settings, signal, expectedSha256 });
    } catch (err) {
      throw asAppError(err, signal, options.timeoutMs);
    }
  };
}

/** Everything one fetch needs: the fetcher's settings, its deadline and the expected checksum. */
type Attempt = ContentFetcherOptions & {
  policy: UrlPolicy;
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
      throw new AppError("unprocessable", `the content URL redirects more than ${attempt.maxRedirects} times`);
    }
    const location = response.headers.location;
    if (location === undefined) throw new AppError("unprocessable", `content host ${url.host} redirected nowhere`);
    url = checkContentUrl(location, attempt.policy, url);
  }
}

/** The addresses to connect to, every one checked; an IP-literal host is its own address. */
async function checkedAddresses(url: URL, attempt: Attempt): Promise<string[]> {
  if (isIpAddress(url.hostname)) return [url.hostname.replace(/^\[(.*)\]$/, "$1")];
  const addresses = await untilAborted(attempt.resolve(url.hostname), attempt.signal);
  if (addresses.length === 0) throw new AppError("unprocessable", `content host ${url.hostname} does not resolve`);
  checkAddresses(url, addresses, attempt.policy);
  return addresses;
}

/** Reads the body within the size limit, hashing as it goes, and checks status and checksum. */
async function readVerified(url: URL, response: IncomingMessage, attempt: Attempt): Promise<FetchedContent> {
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    response.destroy();
    const code = status >= 400 && status < 500 ? "unprocessable" : "unavailable";
    throw new AppError(code, `content host ${url.host} answered ${status}`);
  }
  const { body, sha256 } = await readLimited(response, attempt.maxBytes);
  if (sha256 !== attempt.expectedSha256) {
    throw new AppError("checksum_mismatch", `the body's SHA-256 is ${sha256}, not the given checksum`);
  }
  const contentType = response.headers["content-type"] ?? null;
  return { body, contentType, finalUrl: url.href, sha256 };
}

/** Collects and hashes the body, stopping (and closing the connection) as soon as it passes `maxBytes`. */
async function readLimited(response: IncomingMessage, maxBytes: number): Promise<{ body: Uint8Array; sha256: string }> {
  const tooLarge = () => new AppError("payload_too_large", `the content body is larger than ${maxBytes} bytes`);
  if (Number(response.headers["content-length"] ?? 0) > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const hash = createHash("sha256");
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    hash.update(chunk);
    chunks.push(chunk);
  }
  return { body: concat(chunks, size), sha256: hash.digest("hex") };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Races a promise that cannot be cancelled (getaddrinfo) against the fetch's deadline. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/** Keeps our refusals; anything else is the network failing, which is worth a retry. */
function asAppError(err: unknown, signal: AbortSignal, timeoutMs: number): AppError {
  if (err instanceof AppError) return err;
  if (signal.aborted) {
    return new AppError("unavailable", `the content host did not deliver within ${timeoutMs} ms`, { cause: err });
  }
  return new AppError("unavailable", "the connection to the content host failed", { cause: err });
}
