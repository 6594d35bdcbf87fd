/**
 * Keeping a copy of users, departments or groups equal to the ledger: an incremental read from the last kept
 * `dataVersion` (`updatedSince`, or `since` for groups) while the ledger still holds the tombstones since then,
 * and a full walk when it answers 410 `resync_required` or there is no version yet. A full walk ends by dropping
 * whatever the copy holds that the walk did not see.
 */
import { type PortalClient, PortalError, unwrap } from "./client.ts";
import { type PageReader, walkPages } from "./pages.ts";
import type { Department, DirectoryUser, ListPage, Tombstone, UserGroup } from "./types.ts";

/** The record each feed carries. */
export interface FeedRecords {
  users: DirectoryUser;
  departments: Department;
  "user-groups": UserGroup;
}
/** A mirrorable feed. */
export type Feed = keyof FeedRecords;

/** Where a copy is kept. Each call should be atomic on its own; replaying one must be harmless. */
export interface MirrorSink<T> {
  /** Applies one page: records to insert or replace, ids to delete. */
  apply(changes: { upserts: T[]; deletes: string[] }): Promise<void>;
  /** After a full walk: deletes every record whose id is not in `ids`. */
  retainOnly(ids: Set<string>): Promise<void>;
}

/** What one sync did. */
export interface SyncOutcome {
  /** The version to keep and pass as `since` next time. */
  dataVersion: number;
  mode: "incremental" | "full";
  /** Records upserted or deleted. */
  changes: number;
}

type Item<F extends Feed> = FeedRecords[F] | Tombstone;

/** Reads pages of `feed`: everything (`since` undefined) or what changed after `since`. */
export function feedReader<F extends Feed>(
  client: PortalClient,
  feed: F,
  o: { since?: number; limit?: number } = {},
): PageReader<Item<F>> {
  const limit = o.limit ?? 1000;
  const { api } = client;
  const read = async (cursor: string | undefined): Promise<ListPage<unknown>> => {
    if (feed === "users") {
      return unwrap(
        await api.GET("/api/directory/v1/users", { params: { query: { limit, cursor, updatedSince: o.since } } }),
      );
    }
    if (feed === "departments") {
      const query = { limit, cursor, updatedSince: o.since, includeInactive: true };
      return unwrap(await api.GET("/api/directory/v1/departments", { params: { query } }));
    }
    return unwrap(
      await api.GET("/api/directory/v1/user-groups", { params: { query: { limit, cursor, since: o.since } } }),
    );
  };
  return read as PageReader<Item<F>>;
}

function isGone(item: object): boolean {
  return "deleted" in item && item.deleted === true;
}

/**
 * Brings `sink` up to date with `feed` from `since` (undefined: from nothing), falling back to a full walk when
 * the ledger no longer keeps the changes since then.
 */
export async function syncFeed<F extends Feed>(
  client: PortalClient,
  feed: F,
  sink: MirrorSink<FeedRecords[F]>,
  o: { since?: number; limit?: number } = {},
): Promise<SyncOutcome> {
  if (o.since !== undefined) {
    try {
      return await applyPages(feedReader(client, feed, o), sink, "incremental");
    } catch (err) {
      if (!(err instanceof PortalError && err.code === "resync_required")) throw err;
    }
  }
  return await applyPages(feedReader(client, feed, { limit: o.limit }), sink, "full");
}

async function applyPages<T extends { id: string }>(
  read: PageReader<T | Tombstone>,
  sink: MirrorSink<T>,
  mode: SyncOutcome["mode"],
): Promise<SyncOutcome> {
  const seen = new Set<string>();
  let dataVersion: number | undefined;
  let changes = 0;
  for await (const page of walkPages(read)) {
    dataVersion ??= page.meta.dataVersion;
    const upserts = page.data.items.filter((i): i is T => !isGone(i));
    const deletes = page.data.items.filter(isGone).map((i) => i.id);
    for (const u of upserts) seen.add(u.id);
    await sink.apply({ upserts, deletes });
    changes += upserts.length + deletes.length;
  }
  if (mode === "full") await sink.retainOnly(seen);
  return { dataVersion: dataVersion!, mode, changes };
}
