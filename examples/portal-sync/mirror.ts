/**
 * The reference portal's loop: a round of every feed at start, then a round of whatever the trigger names each time
 * it fires, until stopped.
 */
import type postgres from "postgres";
import type { Feed, PortalClient, SyncOutcome } from "@/clients/portal/mod.ts";
import { FEEDS, type SyncOptions, syncRound } from "./sync.ts";
import type { Trigger } from "./trigger.ts";

/** Why a round ran: the start, a webhook delivery, or the periodic poll. */
export type RoundCause = "start" | "webhook" | "poll";

/** What a round ended with, for the caller's log. */
export type RoundResult =
  & { cause: RoundCause; feeds: Feed[] }
  & ({ ok: true; outcomes: Partial<Record<Feed, SyncOutcome>> } | { ok: false; error: unknown });

/** Runs rounds until `signal` aborts; a failed round is reported to `onRound` and retried at the next trigger. */
export async function runMirror(
  client: PortalClient,
  sql: postgres.Sql,
  o: SyncOptions & { trigger: Trigger; signal: AbortSignal; onRound?: (r: RoundResult) => void },
): Promise<void> {
  let cause: RoundCause = "start";
  let feeds: Feed[] = FEEDS;
  while (!o.signal.aborted) {
    // A failed round may leave any of its feeds behind, so the next round, whatever wakes it, reads them all.
    let failed = false;
    try {
      o.onRound?.({ cause, feeds, ok: true, outcomes: await syncRound(client, sql, { ...o, feeds }) });
    } catch (error) {
      o.onRound?.({ cause, feeds, ok: false, error });
      failed = true;
    }
    const wake = await o.trigger.next(o.signal);
    if (o.signal.aborted) break;
    cause = wake.cause;
    feeds = wake.cause === "webhook" && !failed ? wake.feeds : FEEDS;
  }
}
