/**
 * Which content URLs the ingestion may fetch (CONTRACT 2.2, `content_host_not_allowed`).
 * Every check runs on the URL as the WHATWG parser reads it, and the fetcher connects
 * to exactly that parsed host, so no second parser can see a different host: decimal,
 * octal, hex and short IPv4 forms, percent-encoding, full-width characters and
 * backslashes are all resolved once, here.
 *
 * Allow-list entries (`RAG_SERVICE_CONTENT_ALLOWED_HOSTS`), canonicalised like URL
 * hosts (lowercase, IDNA to punycode, one trailing dot removed):
 * - `docs.corp.example` matches that host on any port;
 * - `docs.corp.example:8443` matches that port only (a URL without a port has its scheme's default);
 * - `.corp.example` or `*.corp.example` matches every subdomain but not `corp.example` itself,
 *   so an operator widens the list only by writing the wider entry;
 * - an IP address (`10.1.2.3`, `[fd00::5]`, optionally with a port) matches only a URL host that
 *   is that address; wildcards never match an IP, and `[::ffff:a01:203]` is not `10.1.2.3`.
 * An empty list means no host restriction (the contract's "when set"; in production the service
 * starts so only with `RAG_CONTENT_ALLOW_ANY_HOST=true`); the address rules still apply:
 * forbidden ranges always, loopback and the service's own interface addresses unless `allowLoopback`.
 * URLs with user-info are refused rather than stripped: a portal has no reason to send one,
 * and `http://allowed@evil/` is the classic way to make a URL look like another host.
 */
import { AppError } from "@/domain/errors.ts";
import { type AllowedHost, withoutTrailingDot } from "@/lib/allowed_hosts.ts";
import { classifyAddress, isIpAddress } from "./ip_ranges.ts";
import type { OwnAddressCheck } from "./own_addresses.ts";

/** The rules a content URL and the addresses its host resolves to must pass. */
export interface UrlPolicy {
  /** Empty means any host the address rules allow. */
  allowedHosts: AllowedHost[];
  /** Loopback (and any other address of this host) reaches the service itself and its sidecars; off unless asked for. */
  allowLoopback: boolean;
  /** Whether an address is one of this host's own interfaces. */
  isOwnAddress: OwnAddressCheck;
}

/** Longer URLs are refused: no portal link needs more, and HTTP servers cut request lines at about 8 KiB. */
const MAX_URL_LENGTH = 8192;
/** The DNS limit for a name; a longer host cannot be a real one. */
const MAX_HOST_LENGTH = 253;
const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 };

/** A content URL's port, counting the scheme's default. */
export function effectivePort(url: URL): number {
  return url.port === "" ? DEFAULT_PORTS[url.protocol] : Number(url.port);
}

/**
 * Parses a content URL (a Location header is resolved against `base`) and applies every rule
 * that needs no DNS. Returns the URL with its host canonical, which is what the fetcher uses.
 */
export function checkContentUrl(raw: string, policy: UrlPolicy, base?: URL): URL {
  if (raw.length > MAX_URL_LENGTH) throw refuse(`the content URL is longer than ${MAX_URL_LENGTH} characters`);
  // The WHATWG parser silently drops tabs and newlines and trims spaces, which would let a
  // logged URL differ from the fetched one; a real locator never contains them.
  if (hasSpaceOrControl(raw)) throw refuse("the content URL contains whitespace or control characters");
  const url = URL.parse(raw, base);
  if (url === null) throw refuse("the content URL is not a valid URL");
  if (!(url.protocol in DEFAULT_PORTS)) throw refuse(`the content URL scheme ${url.protocol} is not http: or https:`);
  if (url.username !== "" || url.password !== "") throw refuse("the content URL carries user credentials");
  const host = withoutTrailingDot(url.hostname);
  if (host === "" || host.length > MAX_HOST_LENGTH) throw refuse("the content URL has no valid host");
  url.hostname = host;
  if (policy.allowedHosts.length > 0 && !policy.allowedHosts.some((entry) => matches(entry, url))) {
    throw refuse(`content host ${url.host} is not in RAG_SERVICE_CONTENT_ALLOWED_HOSTS`);
  }
  if (isIpAddress(url.hostname)) checkAddresses(url, [url.hostname], policy);
  return url;
}

function hasSpaceOrControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

function matches(entry: AllowedHost, url: URL): boolean {
  if (entry.port !== null && entry.port !== effectivePort(url)) return false;
  if (!entry.subdomains) return url.hostname === entry.host;
  return !isIpAddress(url.hostname) && url.hostname.endsWith(`.${entry.host}`);
}

/**
 * Refuses the URL unless every address its host resolves to passes the address rules. One bad
 * address refuses them all: a resolver answering with a good and a bad address is the shape
 * of a rebinding attempt, and the connection may pick either.
 */
export function checkAddresses(url: URL, addresses: string[], policy: UrlPolicy): void {
  for (const address of addresses) {
    const kind = classifyAddress(address);
    const local = kind === "loopback" || policy.isOwnAddress(address);
    if (kind === null || kind === "forbidden" || (local && !policy.allowLoopback)) {
      throw refuse(`content host ${url.hostname} points to an address that is not allowed`);
    }
  }
}

function refuse(detail: string): AppError {
  return new AppError("content_host_not_allowed", detail);
}
