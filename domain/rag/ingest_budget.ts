/**
 * What one ingestion job may spend (issue 16): a wall-clock budget counted from its first attempt across every
 * retry and backoff, so that a slow content host holds a worker for the budget at most, not for the fetch timeout
 * times the retries; and no retry against a host that already timed out twice lately for the job's tenant, so that
 * a tenant's own slow host costs it one attempt per document. The memory is per tenant: one tenant's slow URLs on a
 * shared file store must not cost another tenant its retries there.
 */
import { AppError } from "@/domain/errors.ts";
import type { ContentFetcher } from "./fetch/content.ts";

/** Content hosts that timed out lately, per tenant (in the service: Redis keys with a time to live). */
export interface HostTimeouts {
  /** How often `host` timed out for `tenantId` within the memory's time. */
  count(tenantId: string, host: string): Promise<number>;
  /** Records one more timeout of `host` for `tenantId`; returns the count with it. */
  record(tenantId: string, host: string): Promise<number>;
}

/** Timeouts after which a host is not tried again by a retry. */
export const UNRESPONSIVE_AFTER = 2;

/** What a job's attempts may spend: the job's wall-clock budget and the memory of hosts that timed out. */
export interface JobLimits {
  budgetMs: number;
  hostTimeouts: HostTimeouts;
}

/** The job's budget is spent: it fails for good. */
export function budgetExceeded(budgetMs: number): AppError {
  return new AppError(
    "ingestion_budget_exceeded",
    `The document was not ingested within the job's time budget of ${Math.round(budgetMs / 1000)} s`,
  );
}

function unresponsive(): AppError {
  return new AppError(
    "content_host_unresponsive",
    `The content host timed out ${UNRESPONSIVE_AFTER} times lately; it is not retried for now`,
  );
}

/**
 * The fetcher of one attempt: it gets what is left of the job's budget, a retry does not go to a host that timed out
 * twice, and a timeout is remembered; the one that makes it twice, or one at the end of the budget, is final.
 */
export function budgetedFetcher(
  fetch: ContentFetcher,
  o: { tenantId: string; startedAt: Date; retry: boolean; limits: JobLimits },
): ContentFetcher {
  const deadline = o.startedAt.getTime() + o.limits.budgetMs;
  return async (url, expectedSha256, limits = {}) => {
    const host = URL.parse(url)?.host ?? "";
    const left = deadline - Date.now();
    if (left <= 0) throw budgetExceeded(o.limits.budgetMs);
    if (o.retry && await o.limits.hostTimeouts.count(o.tenantId, host) >= UNRESPONSIVE_AFTER) throw unresponsive();
    try {
      return await fetch(url, expectedSha256, { timeoutMs: Math.min(left, limits.timeoutMs ?? Infinity) });
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "content_timeout") throw err;
      const timeouts = await o.limits.hostTimeouts.record(o.tenantId, host);
      // Within a tenth of a second of the deadline the budget, not the host's own limit, is what stopped it.
      if (Date.now() >= deadline - 100) throw budgetExceeded(o.limits.budgetMs);
      if (timeouts >= UNRESPONSIVE_AFTER) throw unresponsive();
      throw err;
    }
  };
}
