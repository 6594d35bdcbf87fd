/** Statements on the versioned retrieval settings. */
import { type Db, loadQueries } from "@/sql/mod.ts";

const q = loadQueries(new URL("./settings.sql", import.meta.url), [
  "latest_settings",
  "settings_version",
  "insert_settings",
  "settings_history",
]);

/** The newest stored settings, if any. */
export async function latestSettings(db: Db) {
  const [row] = await q.latest_settings<
    { version: number; settings: Record<string, unknown>; changedBy: string; changedAt: Date }
  >(db);
  return row;
}

/** The newest settings version (0 before the first change). */
export async function settingsVersion(db: Db): Promise<number> {
  const [row] = await q.settings_version<{ version: number }>(db);
  return row.version;
}

/** Stores a new version. */
export async function insertSettings(
  db: Db,
  settings: Record<string, unknown>,
  changedBy: string,
  changes: Record<string, unknown>,
) {
  const [row] = await q.insert_settings<{ version: number; changedAt: Date }>(db, [settings, changedBy, changes]);
  return row;
}

/** Recent changes. */
export function settingsHistory(db: Db, limit: number) {
  return q.settings_history<{ version: number; changedBy: string; changes: Record<string, unknown>; changedAt: Date }>(
    db,
    [limit],
  );
}
