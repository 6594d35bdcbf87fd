/**
 * Forward-only migrations: each `sql/migrations/NNNN_verb_object.sql` runs once,
 * in its own transaction, as the table-owning role. An applied file that has
 * since changed stops the run: history is never rewritten. Migrations grant to the
 * migration group `backbone_rw`; in the same transaction `runtime_grants.sql` hands
 * those privileges to the installation's own runtime group.
 */
import postgres from "postgres";

const DIR = new URL("./migrations/", import.meta.url);
const LOCK_KEY = 727_001; // advisory lock: one migrator at a time across processes
const RUNTIME_GRANTS = new URL("./runtime_grants.sql", import.meta.url);

/** One migration file. */
export interface Migration {
  version: number;
  name: string;
  text: string;
  checksum: string;
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Reads every migration file in version order. */
export async function readMigrations(): Promise<Migration[]> {
  const out: Migration[] = [];
  for (const entry of Deno.readDirSync(DIR)) {
    const m = /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(entry.name);
    if (!m) continue;
    const text = Deno.readTextFileSync(new URL(entry.name, DIR));
    out.push({ version: Number(m[1]), name: m[2], text, checksum: await sha256(text) });
  }
  out.sort((a, b) => a.version - b.version);
  out.forEach((m, i) => {
    if (i > 0 && out[i - 1].version === m.version) throw new Error(`two migrations numbered ${m.version}`);
  });
  return out;
}

/** Applies pending migrations over `ownerUrl`; returns the names it applied. */
export async function migrate(ownerUrl: string, log: (msg: string) => void = () => {}): Promise<string[]> {
  const sql = postgres(ownerUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  const applied: string[] = [];
  try {
    await sql`select pg_advisory_lock(${LOCK_KEY})`;
    await sql`create table if not exists public.schema_migrations (
      version int primary key, name text not null, checksum text not null,
      applied_at timestamptz not null default now())`;
    const done = new Map(
      (await sql<{ version: number; checksum: string }[]>`select version, checksum from public.schema_migrations`)
        .map((r) => [r.version, r.checksum]),
    );
    for (const m of await readMigrations()) {
      const seen = done.get(m.version);
      if (seen !== undefined) {
        if (seen !== m.checksum) {
          throw new Error(`migration ${m.version}_${m.name} changed after it was applied; add a new migration instead`);
        }
        continue;
      }
      await sql.begin(async (tx) => {
        await tx.unsafe(m.text);
        await tx.unsafe(Deno.readTextFileSync(RUNTIME_GRANTS));
        await tx`insert into public.schema_migrations (version, name, checksum)
                 values (${m.version}, ${m.name}, ${m.checksum})`;
      });
      applied.push(`${m.version}_${m.name}`);
      log(`applied migration ${m.version}_${m.name}`);
    }
  } finally {
    await sql`select pg_advisory_unlock(${LOCK_KEY})`.catch(() => {});
    await sql.end();
  }
  return applied;
}
