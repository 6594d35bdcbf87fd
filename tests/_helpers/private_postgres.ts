/**
 * A PostgreSQL cluster of the test's own, for tests that stop and start the database
 * under a running service: `initdb` into a temporary directory, run on a free loopback
 * port (trust auth) as the `postgres` OS user, provisioned and migrated by the service's
 * own `provision` and `migrate`; and, for tests of reads that scale out, a physical standby
 * of it made with `pg_basebackup` (streaming replication, `standby.signal`). The shared
 * server is never touched.
 */
import postgres from "postgres";
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

/** A directory the `postgres` OS user owns, for a cluster's data and log. */
async function clusterDir(prefix: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix });
  if (Deno.uid() === 0) {
    const chown = await new Deno.Command("chown", { args: ["postgres:postgres", dir] }).output();
    if (!chown.success) throw new Error(`chown ${dir} failed`);
  }
  return dir;
}

/** Starts and stops the server of the data directory `${dir}/data` on `port`. */
function serverControl(dir: string, port: number) {
  const data = `${dir}/data`;
  let running = false;
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
  return { data, start, stop, destroy };
}

/** Creates, starts, provisions and migrates a private cluster; on failure nothing is left behind. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = await clusterDir("backbone-pg-");
  const port = freePort();
  const { data, start, stop, destroy } = serverControl(dir, port);
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

/** A physical standby of a private cluster, streaming from it. */
export interface Standby {
  port: number;
  /** The request role's URL on the standby (the role is the primary's, replicated). */
  appUrl: string;
  /** A superuser URL of the service database on the standby. */
  superUrl: string;
  /** Stops applying WAL (it keeps receiving it): the standby falls behind the primary from here. */
  pauseReplay(): Promise<void>;
  /** Applies WAL again and waits until the standby has replayed everything the primary had written. */
  catchUp(): Promise<void>;
  destroy(): Promise<void>;
}

/** Clones `primary` with pg_basebackup (-R writes standby.signal and the connection) and starts it hot. */
export async function startStandby(primary: PrivatePostgres): Promise<Standby> {
  const dir = await clusterDir("backbone-standby-");
  const port = freePort();
  const server = serverControl(dir, port);
  const superUrl = urlFor(port, null, primary.db.name);
  const superuser = (url: string) => postgres(url, { max: 1, onnotice: () => {} });
  try {
    await asPostgres("pg_basebackup", [
      ...["-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres"],
      ...["-D", server.data, "-R", "-X", "stream", "--checkpoint=fast"],
    ]);
    await server.start();
  } catch (err) {
    await server.destroy();
    throw err;
  }
  const standby = superuser(superUrl);
  const source = superuser(primary.db.superUrl);
  return {
    port,
    appUrl: urlFor(port, APP, primary.db.name),
    superUrl,
    async pauseReplay() {
      await standby`select pg_wal_replay_pause()`;
    },
    async catchUp() {
      await standby`select pg_wal_replay_resume()`;
      const [{ lsn }] = await source`select pg_current_wal_lsn()::text as lsn`;
      for (let i = 0; i < 300; i++) {
        const [{ behind }] = await standby`select pg_last_wal_replay_lsn() < ${lsn}::pg_lsn as behind`;
        if (!behind) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error("the standby did not catch up within 15 s");
    },
    async destroy() {
      await Promise.all([standby.end({ timeout: 1 }), source.end({ timeout: 1 })]);
      await server.destroy();
    },
  };
}
