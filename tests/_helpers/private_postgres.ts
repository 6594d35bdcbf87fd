/**
 * A PostgreSQL cluster of the test's own, for tests that stop and start the database
 * under a running service: `initdb` into a temporary directory, run on a free loopback
 * port (trust auth) as the `postgres` OS user, provisioned and migrated by the service's
 * own `provision` and `migrate`. The shared server is never touched.
 */
import { provision } from "@/sql/provision.ts";
import { migrate } from "@/sql/migrate.ts";
import type { TestDatabase } from "./db.ts";
import { freePort } from "./processes.ts";

const BIN = Deno.env.get("TEST_POSTGRES_BIN") ?? "/usr/lib/postgresql/15/bin";
const OWNER = { name: "backbone_owner", password: "private-owner-password" };
const APP = { name: "backbone_app", password: "private-app-password" };
const SYSTEM = { name: "backbone_system", password: "private-system-password" };

/** A private cluster with one service database in it. */
export interface PrivatePostgres {
  port: number;
  /** A superuser URL of the `postgres` database. */
  adminUrl: string;
  /** The service's database, with the same shape as a shared test database (`drop` removes the whole cluster). */
  db: TestDatabase;
  /** Stops the server: `fast` ends sessions with admin_shutdown, `immediate` drops them as a crash would. */
  stop(mode: "fast" | "immediate"): Promise<void>;
  /** Starts the server again on the same port and data (when stopped), and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops the server (if running) and deletes its directory. */
  destroy(): Promise<void>;
}

/** Runs a PostgreSQL binary as the `postgres` OS user (initdb and postgres refuse root). */
async function asPostgres(bin: string, args: string[]): Promise<string> {
  const root = Deno.uid() === 0;
  const cmd = root ? "runuser" : `${BIN}/${bin}`;
  const full = root ? ["-u", "postgres", "--", `${BIN}/${bin}`, ...args] : args;
  const out = await new Deno.Command(cmd, { args: full, stdin: "null", stdout: "piped", stderr: "piped" }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${bin} ${args.join(" ")} failed:\n${text}`);
  return text;
}

function urlFor(port: number, role: { name: string; password: string } | null, database: string): string {
  const auth = role ? `${role.name}:${role.password}@` : "postgres@";
  return `postgres://${auth}127.0.0.1:${port}/${database}`;
}

/** Creates, starts, provisions and migrates a private cluster; on failure nothing is left behind. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = await Deno.makeTempDir({ prefix: "backbone-pg-" });
  const data = `${dir}/data`;
  const port = freePort();
  let running = false;
  if (Deno.uid() === 0) {
    const chown = await new Deno.Command("chown", { args: ["postgres:postgres", dir] }).output();
    if (!chown.success) throw new Error(`chown ${dir} failed`);
  }
  const ctl = (args: string[]) => asPostgres("pg_ctl", ["-D", data, ...args]);
  const start = async () => {
    if (running) return;
    await ctl([
      "-w",
      "-t",
      "30",
      "-l",
      `${dir}/server.log`,
      "-o",
      `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off`,
      "start",
    ]);
    running = true;
  };
  const stop = async (mode: "fast" | "immediate") => {
    if (!running) return;
    await ctl(["-w", "-t", "30", "-m", mode, "stop"]);
    running = false;
  };
  const destroy = async () => {
    await stop("immediate").catch(() => {});
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  try {
    await asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
    await start();
    const adminUrl = urlFor(port, null, "postgres");
    const name = "backbone";
    const groups = await provision(adminUrl, { database: name, owner: OWNER, app: APP, system: SYSTEM });
    await migrate(urlFor(port, OWNER, name));
    return {
      port,
      adminUrl,
      db: {
        name,
        ownerUrl: urlFor(port, OWNER, name),
        appUrl: urlFor(port, APP, name),
        systemUrl: urlFor(port, SYSTEM, name),
        groups,
        superUrl: urlFor(port, null, name),
        drop: destroy,
      },
      stop,
      start,
      destroy,
    };
  } catch (err) {
    const log = await Deno.readTextFile(`${dir}/server.log`).catch(() => "");
    await destroy();
    throw new Error(`the private PostgreSQL did not start: ${(err as Error).message}\n${log.slice(-2000)}`);
  }
}
