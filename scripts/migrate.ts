/** `migrate`: applies pending migrations as DATABASE_OWNER_URL's role. */
import { migrate } from "@/sql/migrate.ts";
import { scriptConfig } from "@/app/scripts.ts";

/** Migrates; the exit status. */
export async function migrateCommand(): Promise<number> {
  const config = scriptConfig();
  if (!config.DATABASE_OWNER_URL) {
    console.error("migrate: DATABASE_OWNER_URL is required to migrate");
    return 1;
  }
  const applied = await migrate(config.DATABASE_OWNER_URL, console.log);
  console.log(applied.length ? `applied ${applied.length} migrations` : "up to date");
  return 0;
}
