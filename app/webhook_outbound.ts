/**
 * Webhooks' outbound side, wired from the configuration: the content fetches' URL policy (reused through the
 * retrieval domain's door, with the WEBHOOK_* allow-list and loopback switch) checks a URL when it is registered
 * and again before every delivery, whose socket goes only to the addresses just checked.
 */
import type { Config } from "@/lib/config.ts";
import type { WebhookOutbound } from "@/domain/directory/mod.ts";
import { checkOutboundUrl, ownAddressCheck, postToTarget, type UrlPolicy } from "@/domain/rag/mod.ts";

/** About how many changes one delivery covers. */
const CHANGES_PER_DELIVERY = 1000;
/** How long one job keeps delivering to one subscription before it hands over (it is woken again). */
const DELIVERY_BUDGET_MS = 10_000;

/** The webhook outbound side for `config`. */
export function webhookOutbound(config: Config): WebhookOutbound {
  // Read on first use: the operator scripts build this context too, without reading the interfaces.
  let own: ((address: string) => boolean) | undefined;
  const policy: UrlPolicy = {
    allowedHosts: config.WEBHOOK_ALLOWED_HOSTS,
    allowLoopback: config.WEBHOOK_ALLOW_LOOPBACK,
    isOwnAddress: (address) => (own ??= ownAddressCheck())(address),
  };
  const timeoutMs = config.WEBHOOK_TIMEOUT_SECONDS * 1000;
  return {
    async checkUrl(raw) {
      await checkOutboundUrl(raw, policy);
    },
    async send(url, request) {
      return await postToTarget(await checkOutboundUrl(url, policy), { ...request, timeoutMs });
    },
    settings: {
      maxBackoffSeconds: config.WEBHOOK_RETRY_MAX_SECONDS,
      giveUpSeconds: config.WEBHOOK_GIVE_UP_SECONDS,
      perRange: CHANGES_PER_DELIVERY,
      budgetMs: DELIVERY_BUDGET_MS,
      changesRetentionSeconds: config.WEBHOOK_CHANGES_RETENTION_SECONDS,
    },
  };
}
