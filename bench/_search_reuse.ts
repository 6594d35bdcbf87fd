/**
 * BENCH_SEARCH_REUSE names a file that lets the search benchmark load its corpus once: the first run
 * loads, keeps its database and writes the file; later runs (with the same BENCH_SEARCH_CHUNKS) attach
 * to that database, apply any migration written since, and skip the load. Drop the database by hand when
 * done (its name is in the file).
 */

/** What a later run needs from the run that loaded. */
export interface Kept<O, L> {
  database: string;
  chunks: number;
  orgs: O;
  loaded: L;
}

/** The file's record, or null when there is none yet; a record for another corpus size is refused. */
export function readKept<O, L>(path: string, chunks: number): Kept<O, L> | null {
  let text: string;
  try {
    text = Deno.readTextFileSync(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return null;
    throw err;
  }
  const kept = JSON.parse(text) as Kept<O, L>;
  if (kept.chunks !== chunks) {
    throw new Error(`${path} holds a database of ${kept.chunks} chunks, not ${chunks}: remove it to load anew`);
  }
  return kept;
}

/** Records the loaded database for later runs. */
export function writeKept<O, L>(path: string, kept: Kept<O, L>): void {
  Deno.writeTextFileSync(path, JSON.stringify(kept, null, 2));
}
