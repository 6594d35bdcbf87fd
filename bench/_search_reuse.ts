/**
 * BENCH_SEARCH_REUSE names a file that lets the search benchmark load its corpus once: the first run
 * loads, keeps its database and writes the file; later runs (with the same BENCH_SEARCH_CHUNKS) attach
 * to that database, apply any migration written since, and skip the load. Drop the database by hand when
 * done (its name is in the file).
 */
import postgres from "postgres";
import { ADMIN_URL } from "@/tests/_helpers/db.ts";

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

/**
 * Renames the loaded database out of the test databases' pattern (scripts/test.sh drops a `backbone_t_<pid>_...`
 * whose process has ended) and records it for later runs.
 */
export async function keepDatabase<O, L>(path: string, kept: Kept<O, L>): Promise<void> {
  const name = `backbone_bench_search_${kept.chunks}_${crypto.randomUUID().slice(0, 8)}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`alter database ${kept.database} rename to ${name}`);
  } finally {
    await admin.end();
  }
  Deno.writeTextFileSync(path, JSON.stringify({ ...kept, database: name }, null, 2));
}
