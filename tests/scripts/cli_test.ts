/**
 * The operator's command line (scripts/cli.ts): every command's --help says what it does and changes
 * nothing (no database is reachable here, so a command that acted would fail), a wrong command line is
 * exit 2 with the command's usage, a failure is exit 1 with one line and no stack trace, and every
 * `deno task` entry that runs a script goes through it.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { program } from "@/scripts/cli.ts";

const ROOT = new URL("../../", import.meta.url);
/** Points every database variable at a port nothing listens on, and a fresh directory for env files. */
const NOWHERE = "postgres://nobody:pw@127.0.0.1:9/none";

async function cli(args: string[], cwd = ROOT.pathname) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${ROOT.pathname}scripts/cli.ts`, ...args],
    cwd,
    clearEnv: true,
    env: {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      HOME: Deno.env.get("HOME") ?? "/tmp",
      DATABASE_URL: NOWHERE,
      DATABASE_OWNER_URL: NOWHERE,
      DATABASE_SYSTEM_URL: NOWHERE,
      RAG_CONTENT_ALLOW_ANY_HOST: "true",
      NO_COLOR: "1",
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
}

const COMMANDS = program().commands.map((c) => c.name()).filter((n) => n !== "help");

describe("the operator's command line", () => {
  it("answers --help for every command with exit 0, its usage, and no side effect", async () => {
    assert.ok(COMMANDS.length >= 9, COMMANDS.join(" "));
    const dir = await Deno.makeTempDir();
    try {
      for (const name of COMMANDS) {
        const run = await cli([name, "--help"], dir);
        assert.equal(run.code, 0, `${name}: ${run.stderr}`);
        assert.match(run.stdout, new RegExp(`^Usage: deno task ${name}`), name);
        assert.equal(run.stderr, "", `${name} --help wrote to stderr`);
      }
      assert.deepEqual(
        [...Deno.readDirSync(dir)],
        [],
        "no command wrote a file (setup's .env.local, secrets, a model)",
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });

  it("refuses a wrong command line with exit 2 and the usage", async () => {
    for (
      const [args, message] of [
        [["no-such-command"], /unknown command 'no-such-command'/],
        [["import-users"], /missing required argument 'file'/],
        [["issue-token", "someone", "--ttl", "5"], /expected 60 to 3600/],
        [["migrate", "--force"], /unknown option '--force'/],
      ] as const
    ) {
      const run = await cli([...args]);
      assert.equal(run.code, 2, args.join(" "));
      assert.match(run.stderr, message);
      assert.match(run.stderr, /Usage: deno task/);
    }
  });

  it("reports a failure with exit 1 and one line, no stack trace", async () => {
    const run = await cli(["migrate"]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^migrate: /);
    assert.doesNotMatch(run.stderr, /\n\s+at /, "no stack trace");
  });

  it("is what every script task runs", () => {
    const tasks = JSON.parse(Deno.readTextFileSync(new URL("deno.json", ROOT))).tasks as Record<string, string>;
    const scripts = Object.entries(tasks).filter(([, cmd]) => /scripts\/\w+\.ts/.test(cmd));
    assert.ok(scripts.length >= 9);
    for (const [task, cmd] of scripts) assert.match(cmd, /scripts\/cli\.ts/, task);
  });
});
