/** Shared pieces of the ledger's list endpoints: pages, limits and text matching. */
import { AppError } from "@/domain/errors.ts";

/**
 * A page of a list: its items as a JSON array text (rendered by the database), the
 * cursor to the next page, and the ledger version it was read at.
 */
export interface Page {
  items: string;
  nextCursor: string | null;
  dataVersion: number;
}

/** Turns a `q` value into a lowercase LIKE pattern matching it anywhere, with wildcards escaped. */
export function containsPattern(q: string | undefined): string | null {
  const t = q?.trim().toLowerCase();
  if (!t) return null;
  return `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Refuses a change feed that starts before the tombstones still kept: the portal must walk the whole list. */
export function assertNotPurged(since: number, purgedThrough: number): void {
  if (since < purgedThrough) {
    throw new AppError(
      "resync_required",
      `Changes before version ${purgedThrough} are no longer kept; walk the full list again`,
      { extra: { purgedThrough } },
    );
  }
}
