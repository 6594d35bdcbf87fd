/**
 * The refusal audit trail under a budget: each client address and credential gets AUDIT_REFUSALS_PER_MINUTE
 * rows a minute, written as they come; the rest of that minute becomes one row counting them (`refusals`),
 * so a flood of refused requests costs a few rows, never one each, and none goes unaccounted for. Paths are
 * stored up to 512 characters.
 */
import type { Actor } from "@/domain/directory/mod.ts";
import { SampledLog } from "@/lib/sampled_log.ts";

/** What one refusal row records. */
export interface RefusalDetails {
  code: string;
  method: string;
  path: string;
  detail: string;
  /** On a summary row: how many refusals it stands for. */
  refusals?: number;
}

/** The longest path a refusal row keeps. */
export const MAX_AUDIT_PATH = 512;

const WINDOW_MS = 60_000;

/** Wraps `record` (which writes one row) in the budget; returns the audit function and a flush for stopping. */
export function budgetedRefusalAudit(perMinute: number, record: (actor: Actor, details: RefusalDetails) => void) {
  const sampled = new SampledLog<{ actor: Actor; details: RefusalDetails }>(perMinute, WINDOW_MS, {
    write: ({ actor, details }) => record(actor, details),
    summarize: ({ last, count }) =>
      record(last.actor, {
        ...last.details,
        detail: `${count} more refusals of this client and credential within a minute, counted in this one row`,
        refusals: count,
      }),
  });
  return {
    audit(actor: Actor, details: RefusalDetails, client: string): void {
      const row = { ...details, method: details.method.slice(0, 32), path: details.path.slice(0, MAX_AUDIT_PATH) };
      sampled.offer(`${client} ${actor.kind}:${actor.id ?? ""}`, { actor, details: row });
    },
    flush: () => sampled.flush(),
  };
}
