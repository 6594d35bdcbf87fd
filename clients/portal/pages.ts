/**
 * Walking a cursor-paged list to its end. The first page's `dataVersion` is the one to keep: every change after
 * it is either in a later page or in the next `updatedSince` read, so nothing falls between two syncs.
 */
import type { ListPage } from "./types.ts";

/** Reads the page at `cursor` (undefined: the first page). */
export type PageReader<T> = (cursor: string | undefined) => Promise<ListPage<T>>;

/** Yields every page from the first until `nextCursor` is null. */
export async function* walkPages<T>(read: PageReader<T>): AsyncGenerator<ListPage<T>> {
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    yield page;
    cursor = page.data.nextCursor ?? undefined;
  } while (cursor !== undefined);
}

/** Every item of every page, and the first page's dataVersion. */
export async function readAll<T>(read: PageReader<T>): Promise<{ items: T[]; dataVersion: number }> {
  const items: T[] = [];
  let dataVersion: number | undefined;
  for await (const page of walkPages(read)) {
    dataVersion ??= page.meta.dataVersion;
    items.push(...page.data.items);
  }
  return { items, dataVersion: dataVersion! };
}
