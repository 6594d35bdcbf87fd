/**
 * The operator's one command line, behind every `deno task` entry: `deno task <command> --help` says
 * what a command does and changes nothing. Exit status: 0 done, 1 failed (one line on stderr, no stack
 * trace unless LOG_LEVEL=debug), 2 the command line was wrong (with the command's usage).
 *
 *   deno run -A scripts/cli.ts <command> [options]
 */
import { Command, CommanderError, InvalidArgumentError } from "commander";
import { isPortalId } from "@/lib/portal_ids.ts";
import { migrateCommand } from "./migrate.ts";
import { setupCommand } from "./setup.ts";
import { importUsersCommand } from "./import_users.ts";
import { issueTokenCommand } from "./issue_token.ts";
import { reindexCommand } from "./reindex.ts";
import { purgeCommand, purgeOptions } from "./purge.ts";
import { configureEmbeddingCommand } from "./configure_embedding.ts";
import { calibrateFloorCommand } from "./calibrate_floor.ts";
import { demoDocumentsCommand } from "./demo_documents.ts";
import { composeSecretsCommand } from "./compose_secrets.ts";
import { DEFAULT_TEST_MODEL_DIR, makeTestModelCommand } from "./make_test_model.ts";

/** A whole number within bounds, or a usage error naming the bounds. */
function wholeNumber(min: number, max: number) {
  return (value: string) => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) throw new InvalidArgumentError(`expected ${min} to ${max}`);
    return n;
  };
}

/** A share from 0 to 0.5, or a usage error. */
function share(value: string) {
  const n = Number(value);
  if (!/^\d*\.?\d+$/.test(value) || n > 0.5) throw new InvalidArgumentError("expected a share from 0 to 0.5");
  return n;
}

function portalId(value: string): string {
  if (!isPortalId(value.trim())) throw new InvalidArgumentError("not a portal id");
  return value.trim();
}

/** Runs a command's work: its exit status, or 1 with its message when it throws. */
function action<A extends unknown[]>(name: string, run: (...args: A) => number | Promise<number>) {
  return async (...args: A) => {
    try {
      Deno.exitCode = await run(...args);
    } catch (err) {
      if (err instanceof CommanderError) throw err;
      console.error(`${name}: ${err instanceof Error ? err.message : String(err)}`);
      if (Deno.env.get("LOG_LEVEL") === "debug") console.error(err);
      Deno.exitCode = 1;
    }
  };
}

/** A usage error found after commander's own checks: the message, then the command's help, exit 2. */
function usage(command: Command, message: string): never {
  command.error(`error: ${message}`, { exitCode: 2, code: "backbone.usage" });
}

export function program(): Command {
  const cli = new Command("deno task")
    .description("Operator commands of the portal backbone (directory and retrieval services).")
    .exitOverride()
    .showHelpAfterError()
    .configureOutput({ writeErr: (text) => Deno.stderr.writeSync(new TextEncoder().encode(text)) });

  cli.command("migrate").description("Apply pending migrations as DATABASE_OWNER_URL's role.")
    .action(action("migrate", () => migrateCommand()));

  cli.command("setup").description(
    "Prepare the database idempotently: .env.local with generated demo secrets when missing, roles, groups, " +
      "database, migrations; --demo also seeds the demo company.",
  )
    .option("--env-file <path>", "the environment file to read and complete", ".env.local")
    .option("--demo", "seed the demo company (never in production)", false)
    .option("--quiet", "say nothing but errors", false)
    .action(action("setup", (o: { envFile: string; demo: boolean; quiet: boolean }) => setupCommand(o)));

  cli.command("import-users").description(
    "Import users from CSV or JSON Lines in batches of 1,000; every row's outcome goes to FILE.results.jsonl.",
  )
    .argument("<file>", "a .csv file with a header row of field names, or .jsonl/.ndjson")
    .option("--company <code>", "the company of rows that name none")
    .action(action("import-users", (file: string, o: { company?: string }) => importUsersCommand(file, o)));

  cli.command("issue-token").description("Print a user token for the retrieval service (audited).")
    .argument("<user>", "the user's id or login id")
    .option("--ttl <seconds>", "lifetime", wholeNumber(60, 3600), 900)
    .option("--rag-admin", "a tenant administrator's token", false)
    .option("--operator", "the installation operator's mark (INSTALLATION_OPERATORS only)", false)
    .option("--portal <portalId>", "bind the token to a portal (claim portal_id)", portalId)
    .action(action(
      "issue-token",
      (user: string, o: { ttl: number; ragAdmin: boolean; operator: boolean; portal?: string }) =>
        issueTokenCommand(user, { ttlSeconds: o.ttl, ragAdmin: o.ragAdmin, operator: o.operator, portalId: o.portal }),
    ));

  cli.command("reindex").description(
    "Queue every document (or one portal's) for ingestion again; the running service's workers re-ingest them. " +
      "Exit 1 when a named portal has no documents, a job failed or --wait timed out.",
  )
    .option("--portal <portalId>", "only this portal's documents", portalId)
    .option("--wait", "follow the jobs until every document's latest job has settled", false)
    .option("--timeout <seconds>", "how long --wait waits", wholeNumber(1, 86_400), 3600)
    .action(action(
      "reindex",
      (o: { portal?: string; wait: boolean; timeout: number }) =>
        reindexCommand({ portalId: o.portal ?? null, wait: o.wait, timeoutSeconds: o.timeout }),
    ));

  const purge = cli.command("purge").description(
    "Delete documents with every chunk, whatever their status. One document by source identity " +
      "(--portal with --source, in the tenant --tenant names or every tenant), or a selection. " +
      "Nothing is purged without --yes or, for one document, a yes at the terminal's prompt.",
  )
    .option("--portal <portalId>", "the portal (of --source, or every document of it)", portalId)
    .option("--source <id>", "the source document id (a UUID)")
    .option("--tenant <id>", "the tenant of --source (a UUID)")
    .option("--deleted", "documents hidden by a source delete without cascade", false)
    .option("--failed", "documents whose ingestion failed and that were never indexed", false)
    .option("--yes", "do it; without it a selection only says what it would delete", false);
  purge.action(action("purge", (flags: Parameters<typeof purgeOptions>[0]) => {
    const o = purgeOptions(flags);
    return typeof o === "string" ? usage(purge, o) : purgeCommand(o);
  }));

  cli.command("configure-embedding").description(
    "Point the running service at an embedding endpoint, as an installation operator, once both answer.",
  )
    .option("--endpoint <url>", "the OpenAI-compatible embeddings URL (default: the local component)")
    .option("--as <loginId>", "the installation operator to act as", "kim.minjun")
    .option("--service <url>", "the running service (default: this machine's PORT)")
    .option("--wait <seconds>", "how long to wait for both", wholeNumber(1, 3600), 180)
    .action(action(
      "configure-embedding",
      (o: { endpoint?: string; as: string; service?: string; wait: number }) =>
        configureEmbeddingCommand({ ...o, waitSeconds: o.wait }),
    ));

  cli.command("demo-documents").description(
    "Ingest the demo's Korean documents into the running service, readable by the whole demo company.",
  )
    .option("--as <loginId>", "the demo company's tenant administrator to act as", "kim.minjun")
    .option("--service <url>", "the running service (default: this machine's PORT)")
    .action(action("demo-documents", (o: { as: string; service?: string }) => demoDocumentsCommand(o)));

  cli.command("calibrate-floor").description(
    "Compute the vector leg's relevance floor for the installation's embedding model from a labelled set " +
      "(eval-ko's format: corpus.jsonl, queries.jsonl), print the similarity distributions and the floor; " +
      "--apply stores it as retrieval.vectorFloor.",
  )
    .option("--set <dir>", "the labelled set", "../shared/eval-ko")
    .option("--top <n>", "irrelevant passages measured per question (the search's limit)", wholeNumber(1, 100), 10)
    .option("--miss <rate>", "the share of relevant passages the floor may fall above", share, 0.01)
    .option("--apply", "store the floor (a new installation settings version)", false)
    .action(action(
      "calibrate-floor",
      (o: { set: string; top: number; miss: number; apply: boolean }) =>
        calibrateFloorCommand({ set: o.set, top: o.top, missRate: o.miss, apply: o.apply }),
    ));

  cli.command("compose-secrets").description("Write ./secrets/* for compose.yaml (existing files are kept).")
    .action(action("compose-secrets", () => composeSecretsCommand()));

  cli.command("make-test-model").description("Write the plumbing embedding model (not a quality model).")
    .argument("[dir]", "where", DEFAULT_TEST_MODEL_DIR)
    .option("--dimensions <n>", "output dimensions", wholeNumber(1, 8192))
    .option("--hidden <n>", "hidden size", wholeNumber(1, 8192))
    .option("--seed <n>", "weights' seed", wholeNumber(0, 2 ** 31))
    .action(action(
      "make-test-model",
      (dir: string, o: { dimensions?: number; hidden?: number; seed?: number }) => makeTestModelCommand(dir, o),
    ));
  return cli;
}

if (import.meta.main) {
  try {
    await program().parseAsync(Deno.args, { from: "user" });
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    // --help and --version end here with 0; every other refusal of the command line is a usage error.
    Deno.exitCode = err.exitCode === 0 ? 0 : 2;
  }
}
