/**
 * Which endpoints the settings may name (`embedding.endpoint`, `llm.endpoint`): the content fetches' URL policy
 * (url_policy.ts: HTTP(S) only, a host in RAG_SERVICE_CONTENT_ALLOWED_HOSTS when that is set, never a forbidden
 * address, loopback only with RAG_CONTENT_ALLOW_LOOPBACK, and a name must resolve to allowed addresses), checked
 * when an endpoint is stored. Two differences from a content URL:
 * - credentials inside the URL are accepted (an endpoint may need them); they are redacted wherever a setting is
 *   shown (lib/url_credentials.ts);
 * - the endpoints the environment configures (the hosts of PRIVATE_EMBEDDING_URL and PRIVATE_LLM_URL, or the
 *   embedding component's default on loopback) are trusted by host and port, loopback or not: whoever set the
 *   environment chose them, and the models usually run beside the service.
 */
import { AppError } from "@/domain/errors.ts";
import { type Resolver, resolveWithSystem } from "./content.ts";
import { isIpAddress } from "./ip_ranges.ts";
import { checkAddresses, checkContentUrl, type UrlPolicy } from "./url_policy.ts";

/** The rules a settings endpoint must pass. */
export interface EndpointPolicy {
  /** The content fetches' policy. */
  content: UrlPolicy;
  /** `host:port` (as `URL.host` writes it) of the endpoints the environment configures. */
  trustedHosts: string[];
  /** Default: the system resolver, as content fetches use. */
  resolve?: Resolver;
}

/** The policy's trusted hosts: those of the given environment endpoints. */
export function trustedEndpointHosts(urls: (string | null | undefined)[]): string[] {
  return urls.flatMap((u) => {
    const parsed = u ? URL.parse(u) : null;
    return parsed ? [parsed.host] : [];
  });
}

/** Refuses (422 `endpoint_not_allowed`, naming `field`) an endpoint outside the policy. */
export async function checkEndpoint(field: string, raw: string, policy: EndpointPolicy): Promise<void> {
  const url = URL.parse(raw);
  if (url === null) throw refuse(field, "is not a valid URL");
  url.username = "";
  url.password = "";
  if (policy.trustedHosts.includes(url.host)) return;
  try {
    const checked = checkContentUrl(url.href, policy.content);
    if (isIpAddress(checked.hostname)) return;
    const addresses = await (policy.resolve ?? resolveWithSystem)(checked.hostname);
    if (addresses.length === 0) throw refuse(field, `host ${checked.hostname} does not resolve`);
    checkAddresses(checked, addresses, policy.content);
  } catch (err) {
    if (err instanceof AppError && err.code === "content_host_not_allowed") throw refuse(field, err.message);
    throw err;
  }
}

function refuse(field: string, why: string): AppError {
  const message = why.replace(/^the content URL /, "");
  return new AppError(
    "endpoint_not_allowed",
    `${field} is outside the URL policy of content fetches (RAG_SERVICE_CONTENT_ALLOWED_HOSTS, ` +
      "RAG_CONTENT_ALLOW_LOOPBACK) and is not an endpoint the environment configures",
    { errors: [{ path: field, message }] },
  );
}
