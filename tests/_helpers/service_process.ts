/**
 * The service (`main.ts`) as a child process under narrow Deno permissions, with Deno's
 * permission audit on: `DENO_AUDIT_PERMISSIONS=<file>` makes the runtime append one JSON
 * line per permission check, granted or denied, such as
 * `{"v":1,"datetime":"...","permission":"net","value":"127.0.0.1:5432"}`, so a test can
 * read every connection the process opened or tried to open, its npm clients included.
 */
import { collectLines } from "./processes.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const ROOT = new URL("../../", import.meta.url).pathname;

/** One line of Deno's permission audit. */
export interface AuditEntry {
  v: number;
  datetime: string;
  permission: string;
  value: string | null;
}

/** How to start the child. */
export interface ServiceProcessOptions {
  /** The whole environment, besides PATH, HOME and DENO_DIR (nothing else is inherited). */
  env: Record<string, string>;
  /** The port it listens on (on 0.0.0.0, as main.ts does). */
  port: number;
  /** The only `host:port` entries the child may reach or listen on (`--allow-net=`). */
  allowNet: string[];
  /** Where the audit lines go. */
  auditPath: string;
}

/** A running service. */
export interface ServiceProcess {
  /** Its process id, to read its memory from /proc. */
  pid: number;
  /** Its base URL on loopback, for the test to call. */
  url: string;
  /** Every line written so far, stdout and stderr together. */
  lines: string[];
  /** Every audit line written so far. */
  audit(): Promise<AuditEntry[]>;
  /** Sends SIGTERM (SIGKILL after 10 s) and waits for the exit code. */
  stop(): Promise<number>;
}

/**
 * The permissions the child runs with: reading files, the environment and host facts,
 * the listed network entries, and running Deno itself (its extraction processes, which
 * get no network permission at all) and nothing else. No other
 * `--allow-run` and no `--allow-ffi`, so no subprocess or native library can open a
 * socket the audit would not see, and `--cached-only` keeps the module loader itself
 * from fetching anything.
 */
export function servicePermissions(allowNet: string[]): string[] {
  return [
    "--no-prompt",
    "--cached-only",
    "--allow-read",
    "--allow-env",
    "--allow-sys",
    `--allow-net=${allowNet.join(",")}`,
    `--allow-run=${Deno.execPath()}`,
  ];
}

/** Starts `main.ts` and waits until it answers /healthz. */
export async function startServiceProcess(o: ServiceProcessOptions): Promise<ServiceProcess> {
  const inherited = ["PATH", "HOME", "DENO_DIR"].flatMap((k) => Deno.env.has(k) ? [[k, Deno.env.get(k)!]] : []);
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...servicePermissions(o.allowNet), MAIN],
    cwd: ROOT,
    clearEnv: true,
    env: { ...Object.fromEntries(inherited), ...o.env, PORT: String(o.port), DENO_AUDIT_PERMISSIONS: o.auditPath },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const lines: string[] = [];
  const drained = collectLines(child, lines);
  let exited = false;
  const status = child.status.then(async (s) => {
    exited = true;
    await drained;
    return s.code;
  });
  const proc: ServiceProcess = {
    pid: child.pid,
    url: `http://127.0.0.1:${o.port}`,
    lines,
    audit: () => readAudit(o.auditPath),
    async stop() {
      if (!exited) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => exited || child.kill("SIGKILL"), 10_000);
        await child.status;
        clearTimeout(timer);
      }
      return await status;
    },
  };
  try {
    await untilHealthy(proc, () => exited);
  } catch (err) {
    await proc.stop();
    throw err;
  }
  return proc;
}

async function untilHealthy(proc: ServiceProcess, exited: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (exited()) throw new Error(`main.ts exited before it was healthy:\n${proc.lines.join("\n")}`);
    const ok = await fetch(`${proc.url}/healthz`).then(async (r) => (await r.body?.cancel(), r.ok), () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`main.ts was not healthy within ${ms} ms:\n${proc.lines.join("\n")}`);
}

/** Parses an audit file; a missing file is no entries, a line that is not JSON fails loudly. */
export async function readAudit(path: string): Promise<AuditEntry[]> {
  const text = await Deno.readTextFile(path).catch((err) => {
    if (err instanceof Deno.errors.NotFound) return "";
    throw err;
  });
  return text.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as AuditEntry);
}

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443", "ws:": "80", "wss:": "443" };

/**
 * What one `net` audit value names. Deno writes a socket's `host:port` for a connect or a
 * listen, the whole URL for a fetch (besides its `host:port` under granular flags), and a
 * bare host name for a name lookup (`node:dns`), which is reported as `lookup`.
 */
export function netTarget(value: string): { kind: "endpoint" | "lookup"; target: string } {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    const u = new URL(value);
    return { kind: "endpoint", target: `${u.hostname}:${u.port || DEFAULT_PORTS[u.protocol] || "?"}` };
  }
  if (/^(\[[^\]]+\]|[^:\[\]]+):\d+$/.test(value)) return { kind: "endpoint", target: value.toLowerCase() };
  return { kind: "lookup", target: value.toLowerCase() };
}

/** The `host:port` of a URL such as a database or Redis URL, with the scheme's default port. */
export function endpointOf(url: string, defaultPort: number): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || defaultPort}`;
}
