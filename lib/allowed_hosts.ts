/**
 * Allow-list entries of outbound hosts (`RAG_SERVICE_CONTENT_ALLOWED_HOSTS`), parsed once when the
 * configuration is read. Entries are canonicalised like URL hosts (lowercase, IDNA to punycode, one
 * trailing dot removed); domain/rag/fetch/url_policy.ts matches URLs against them.
 */
/** One parsed allow-list entry. */
export interface AllowedHost {
  /** Canonical host as `URL.hostname` writes it (IPv6 in brackets), without a trailing dot. */
  host: string;
  /** The only port allowed, or null for any port. */
  port: number | null;
  /** True for `.domain` / `*.domain` entries: strict subdomains only. */
  subdomains: boolean;
}

/** Parses allow-list entries; a malformed one throws, naming it, so a bad setting stops the start. */
export function parseAllowedHosts(entries: string[]): AllowedHost[] {
  return entries.map((entry) => {
    const parsed = parseEntry(entry.trim().toLowerCase());
    if (parsed === null) {
      throw new Error(`RAG_SERVICE_CONTENT_ALLOWED_HOSTS: "${entry}" is not a host, host:port, .domain or *.domain`);
    }
    return parsed;
  });
}

function parseEntry(entry: string): AllowedHost | null {
  if (/[/@?#\\\s]/.test(entry)) return null;
  const wildcard = entry.match(/^\*?\.(.+)$/);
  const split = splitHostPort(wildcard ? wildcard[1] : entry);
  if (split === null || split.host.includes("*")) return null;
  const host = canonicalHost(split.host);
  if (host === null || host === "" || (wildcard && isCanonicalIp(host))) return null;
  return { host, port: split.port, subdomains: wildcard !== null };
}

/** Splits `host`, `host:port`, `[v6]`, `[v6]:port` and bare `v6` (more than one colon, no port). */
function splitHostPort(text: string): { host: string; port: number | null } | null {
  const match = text.match(/^(\[[^\]]*\]|[^:]+)(?::(\d{1,5}))?$/);
  if (match === null) return (text.match(/:/g) ?? []).length > 1 ? { host: `[${text}]`, port: null } : null;
  const port = match[2] === undefined ? null : Number(match[2]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  return { host: match[1], port };
}

/** The host the WHATWG parser makes of `text`, without one trailing dot; null when it is no host. */
function canonicalHost(text: string): string | null {
  const parsed = URL.parse(`http://${text}/`);
  return parsed === null ? null : withoutTrailingDot(parsed.hostname);
}

/** `host` without one trailing dot (`example.com.` is `example.com`). */
export function withoutTrailingDot(host: string): string {
  return host.endsWith(".") ? host.slice(0, -1) : host;
}

/** Whether a host as the WHATWG parser writes it is an IP address (it writes IPv4 dotted, IPv6 in brackets). */
function isCanonicalIp(host: string): boolean {
  return host.startsWith("[") || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}
