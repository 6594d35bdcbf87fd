/**
 * One HTTP(S) request (a content GET, a webhook POST) whose socket goes only to addresses the URL policy already checked.
 *
 * fetch() cannot do this under Deno 2.9: `Deno.createHttpClient` has no resolver hook, and
 * its `proxy: { transport: "tcp" }` does pin the socket but then speaks plain HTTP even to an
 * https URL. node:http and node:https accept a `lookup` function instead, so the request keeps
 * its real host name for the Host header, the TLS SNI and the certificate check, while the
 * socket connects to the checked address and the system resolver is never asked a second time
 * (a second answer is exactly what a DNS rebinding attack changes).
 */
import http from "node:http";
import https from "node:https";
import type { LookupAddress } from "node:dns";
import { effectivePort } from "@/domain/rag/fetch/url_policy.ts";

/** What one pinned request needs besides its URL. */
export interface PinnedRequestOptions {
  /** The checked addresses of the URL's host; for an IP-literal host, that address. */
  addresses: string[];
  signal: AbortSignal;
  /** Extra trusted CA certificates (PEM) for content hosts behind an internal CA. */
  caCerts?: string[];
  /** A POST's headers and body; without it the request is a content GET. */
  post?: { headers: Record<string, string>; body: string };
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/** Sends the request to one of the checked addresses and resolves with the response head; the caller reads the body. */
export function requestPinned(url: URL, options: PinnedRequestOptions): Promise<http.IncomingMessage> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request({
      host: hostname,
      port: effectivePort(url),
      path: `${url.pathname}${url.search}`,
      method: options.post ? "POST" : "GET",
      // identity: the checksum is over the body as stored, not a compressed transfer form.
      headers: { host: url.host, accept: "*/*", "accept-encoding": "identity", ...options.post?.headers },
      // No pooling: a kept-alive socket would carry this request to an address checked for another.
      agent: false,
      lookup: pinnedLookup(hostname, options.addresses),
      signal: options.signal,
      ...(options.caCerts ? { ca: options.caCerts } : {}),
    }, resolve);
    request.on("error", reject);
    request.end(options.post?.body);
  });
}

/** A `lookup` that answers only for `hostname`, and only with the checked addresses. */
function pinnedLookup(hostname: string, addresses: string[]) {
  const entries: LookupAddress[] = addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  return (name: string, options: unknown, callback: LookupCallback): void => {
    if (name !== hostname || entries.length === 0) {
      callback(new Error(`no checked address for ${name}`), []);
    } else if (typeof options === "object" && options !== null && "all" in options && options.all) {
      callback(null, entries);
    } else {
      callback(null, entries[0].address, entries[0].family);
    }
  };
}
