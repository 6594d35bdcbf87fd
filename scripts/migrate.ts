/** Applies pending migrations as DATABASE_OWNER_URL's role: `deno task migrate`. */
import { migrate } from "@/sql/migrate.ts";
import { scriptConfig } from "@/app/scripts.ts";

const config = scriptConfig();
if (!config.DATABASE_OWNER_URL) {
  console.error("DATABASE_OWNER_URL is required to migrate");
  Deno.exit(2);
}
const applied = await migrate(config.DATABASE_OWNER_URL, console.log);
console.log(applied.length ? `applied ${applied.length} migrations` : "up to date");
