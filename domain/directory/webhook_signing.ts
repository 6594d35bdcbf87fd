/**
 * Signing deliveries the Standard Webhooks way (the `standardwebhooks` package): `webhook-id`, `webhook-timestamp`
 * (Unix seconds) and `webhook-signature`, an HMAC-SHA256 over `id.timestamp.body` per secret. During a rotation
 * both the new and the previous secret sign (space-separated `v1,...` entries), so a receiver holding either one
 * verifies the delivery.
 */
import { Webhook } from "standardwebhooks";

/** The headers of one signed delivery. */
export function signedHeaders(
  a: { messageId: string; body: string; secrets: string[]; at?: Date },
): Record<string, string> {
  const at = a.at ?? new Date();
  const signatures = a.secrets.map((secret) => new Webhook(secret).sign(a.messageId, at, a.body));
  return {
    "content-type": "application/json",
    "webhook-id": a.messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
