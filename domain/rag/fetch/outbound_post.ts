/**
 * POSTs to a URL a caller registered (webhook deliveries) under the content fetches' URL policy (url_policy.ts):
 * the URL is checked when it is registered and again, with a fresh resolution, before every request, and the
 * socket goes only to the addresses just checked (pinned_request.ts), so a name that later resolves to loopback
 * or a metadata address is refused rather than reached. Redirects are not followed: a receiver answers itself.
 */
import { AppError } from "@/domain/errors.ts";
import { type Resolver, resolveWithSystem } from "./content.ts";
import { isIpAddress } from "./ip_ranges.ts";
import { requestPinned } from "./pinned_request.ts";
import { checkAddresses, checkContentUrl, type UrlPolicy } from "./url_policy.ts";

/** A URL that passed the policy and the addresses its host resolved to. */
export interface CheckedTarget {
  url: URL;
  addresses: string[];
}

/** Checks `raw` and its host's addresses; refuses with 422 `content_host_not_allowed` (the caller may rename it). */
export async function checkOutboundUrl(
  raw: string,
  policy: UrlPolicy,
  resolve: Resolver = resolveWithSystem,
): Promise<CheckedTarget> {
  const url = checkContentUrl(raw, policy);
  if (isIpAddress(url.hostname)) return { url, addresses: [url.hostname.replace(/^\[(.*)\]$/, "$1")] };
  const addresses = await resolve(url.hostname);
  if (addresses.length === 0) {
    throw new AppError("content_host_not_allowed", `host ${url.hostname} does not resolve`);
  }
  checkAddresses(url, addresses, policy);
  return { url, addresses };
}

/** What one POST sends and how long it may take. */
export interface OutboundPost {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** POSTs to a checked target and resolves with the response status; the body is read and dropped. */
export async function postToTarget(target: CheckedTarget, post: OutboundPost): Promise<number> {
  const signal = AbortSignal.timeout(post.timeoutMs);
  const response = await requestPinned(target.url, {
    addresses: target.addresses,
    signal,
    post: { headers: post.headers, body: post.body },
  });
  // Drained so the socket closes; a receiver's answer carries nothing the delivery needs.
  await new Promise<void>((resolve) => {
    response.on("end", resolve).on("error", () => resolve()).on("close", resolve);
    response.resume();
  });
  return response.statusCode ?? 0;
}
