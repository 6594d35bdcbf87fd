/** The reference portal's loop: a round, then wait for the trigger, until stopped. */
import type postgres from "postgres";
import type { PortalClient, SyncOutcome } from "@/clients/portal/mod.ts";
import { type SyncOptions, syncRound } from "./sync.ts";
import type { Trigger } from "./trigger.ts";

/** What a round ended with, for the caller's log. */
export type RoundResult = { ok: true; outcomes: Record<string, SyncOutcome> } | { ok: false; error: unknown };

/** Runs rounds until `signal` aborts; a failed round is reported to `onRound` and retried at the next trigger. */
export async function runMirror(
  client: PortalClient,
  sql: postgres.Sql,
  o: SyncOptions & { trigger: Trigger; signal: AbortSignal; onRound?: (r: RoundResult) => void },
): Promise<void> {
  while (!o.signal.aborted) {
    try {
      o.onRound?.({ ok: true, outcomes: await syncRound(client, sql, o) });
    } catch (error) {
      o.onRound?.({ ok: false, error });
    }
    await o.trigger.next(o.signal);
  }
}
