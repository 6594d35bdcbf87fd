/**
 * The real entry point as a child process, for start-up refusals and for reading everything the
 * process writes: `main.ts` with exactly the environment given (nothing inherited but PATH and
 * HOME), its stdout and stderr collected line by line.
 */
import { collectLines } from "./processes.ts";
const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const ROOT = new URL("../../", import.meta.url).pathname;

/** A running `main.ts`. */
export interface MainProcess {
  /** The child's process ID (its `/proc` entry, for tests that look at what it holds open). */
  pid: number;
  /** Every line written so far, stdout and stderr together. */
  lines: string[];
  /** Resolves with the exit code once the process has ended and its output is drained. */
  exited: Promise<number>;
  /** Waits until a line satisfies `match`, or throws when the process exits first or time runs out. */
  waitForLine(match: (line: string) => boolean, ms?: number): Promise<string>;
  /** Sends SIGTERM (SIGKILL after `graceMs`) and waits for the exit code. */
  stop(graceMs?: number): Promise<number>;
}

/** Starts `main.ts` with `env` and the permissions the container grants (deno.json `service`). */
export function spawnMain(env: Record<string, string>, args: string[] = []): MainProcess {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-P=service", MAIN, ...args],
    cwd: ROOT,
    clearEnv: true,
    env: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", HOME: Deno.env.get("HOME") ?? "/tmp", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const lines: string[] = [];
  const drained = collectLines(child, lines);
  let done = false;
  const exited = child.status.then(async (s) => {
    done = true;
    await drained;
    return s.code;
  });
  return {
    pid: child.pid,
    lines,
    exited,
    async waitForLine(match, ms = 30_000) {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        const hit = lines.find(match);
        if (hit !== undefined) return hit;
        if (done) throw new Error(`main.ts exited before the line appeared:\n${lines.join("\n")}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`timed out waiting for a line:\n${lines.join("\n")}`);
    },
    async stop(graceMs = 10_000) {
      if (!done) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => done || child.kill("SIGKILL"), graceMs);
        await child.status;
        clearTimeout(timer);
      }
      return await exited;
    },
  };
}

/** Runs `main.ts` with `env` and expects it to exit on its own within `ms`; returns the code and its lines. */
export async function runMainToExit(
  env: Record<string, string>,
  ms = 60_000,
): Promise<{ code: number; lines: string[] }> {
  const proc = spawnMain(env);
  const timer = setTimeout(() => proc.stop(0), ms);
  const code = await proc.exited;
  clearTimeout(timer);
  return { code, lines: proc.lines };
}
