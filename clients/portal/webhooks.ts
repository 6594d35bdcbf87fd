/**
 * Verifying a webhook delivery under the Standard Webhooks scheme with Web Crypto alone: the HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>` under the `whsec_` secret, base64 in `webhook-signature` as `v1,<sig>`
 * (several, space separated, while a secret rotates), and a timestamp within five minutes against replays.
 */

/** A delivery that must be refused; `reason` says why, for the portal's log. */
export class WebhookVerificationError extends Error {
  readonly reason: "missing_headers" | "bad_timestamp" | "stale_timestamp" | "bad_signature";

  constructor(reason: WebhookVerificationError["reason"]) {
    super(`webhook refused: ${reason}`);
    this.name = "WebhookVerificationError";
    this.reason = reason;
  }
}

/** Verification options. */
export interface VerifyOptions {
  /** How far the timestamp may be from now, either way (default 300 s). */
  toleranceSeconds?: number;
  /** The current time in ms since the epoch (default `Date.now`). */
  now?: () => number;
}

const encoder = new TextEncoder();

function base64Bytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function header(headers: Headers | Record<string, string | undefined>, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/**
 * Checks a delivery's signature and timestamp and returns its parsed JSON body; throws WebhookVerificationError
 * otherwise. `body` must be the raw bytes or text as received, before any JSON parsing.
 */
export async function verifyWebhook(
  secret: string,
  headers: Headers | Record<string, string | undefined>,
  body: string | Uint8Array,
  o: VerifyOptions = {},
): Promise<unknown> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError("missing_headers");
  if (!/^\d{1,15}$/.test(timestamp)) throw new WebhookVerificationError("bad_timestamp");
  const skew = Math.abs((o.now ?? Date.now)() / 1000 - Number(timestamp));
  if (skew > (o.toleranceSeconds ?? 300)) throw new WebhookVerificationError("stale_timestamp");

  const keyBytes = base64Bytes(secret.startsWith("whsec_") ? secret.slice(6) : secret);
  if (!keyBytes) throw new TypeError("the webhook secret is not base64 (whsec_<base64>)");
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  const bytes = typeof body === "string" ? encoder.encode(body) : body;
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + bytes.length);
  signed.set(prefix);
  signed.set(bytes, prefix.length);

  for (const candidate of signatures.split(" ")) {
    const [version, value] = candidate.split(",", 2);
    const sig = version === "v1" && value ? base64Bytes(value) : undefined;
    // subtle.verify compares in constant time.
    if (sig && await crypto.subtle.verify("HMAC", key, sig, signed)) {
      return JSON.parse(new TextDecoder().decode(bytes));
    }
  }
  throw new WebhookVerificationError("bad_signature");
}
