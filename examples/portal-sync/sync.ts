/**
 * One round of the reference portal: departments, users and groups, each from the version the copy was last read
 * up to (a full walk the first time and whenever the directory answers 410), then the outcome reported to
 * `/sync-status` under the portal's own id, as the directory's dashboard expects of every portal.
 */
import type postgres from "postgres";
import { type Feed, type PortalClient, syncFeed, type SyncOutcome, unwrap } from "@/clients/portal/mod.ts";
import { keepVersion, keptVersion, mirrorSink } from "./store.ts";

/** The feeds in the order a round reads them: departments first, so users mostly name known departments. */
export const FEEDS: Feed[] = ["departments", "users", "user-groups"];

/** Which portal is syncing, and how. */
export interface SyncOptions {
  portalId: string;
  /** Page size (default 1000, the most the directory gives). */
  limit?: number;
  /** The feeds to bring up to date (default all), read in FEEDS order. */
  feeds?: Feed[];
}

async function report(
  client: PortalClient,
  portalId: string,
  feed: Feed,
  outcome: { dataVersion: number } | { error: string },
): Promise<void> {
  const body = "error" in outcome
    ? { portalId, resource: feed, outcome: "failure" as const, error: outcome.error.slice(0, 1000) }
    : { portalId, resource: feed, outcome: "success" as const, dataVersion: outcome.dataVersion };
  unwrap(await client.api.POST("/api/directory/v1/sync-status", { body }));
}

/** Brings the named feeds of the copy up to date; throws the first failure after reporting it. */
export async function syncRound(
  client: PortalClient,
  sql: postgres.Sql,
  o: SyncOptions,
): Promise<Partial<Record<Feed, SyncOutcome>>> {
  const outcomes: Partial<Record<Feed, SyncOutcome>> = {};
  for (const feed of FEEDS.filter((f) => !o.feeds || o.feeds.includes(f))) {
    let outcome: SyncOutcome;
    try {
      outcome = await syncFeed(client, feed, mirrorSink(sql, feed), {
        since: await keptVersion(sql, feed),
        limit: o.limit,
      });
    } catch (err) {
      // The failure report is best effort: the directory may be the thing that is failing.
      await report(client, o.portalId, feed, { error: String(err) }).catch(() => {});
      throw err;
    }
    await keepVersion(sql, feed, outcome.dataVersion);
    await report(client, o.portalId, feed, outcome);
    outcomes[feed] = outcome;
  }
  return outcomes;
}
