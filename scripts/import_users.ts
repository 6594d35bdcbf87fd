/**
 * Imports users from a JSON Lines (.jsonl, .ndjson) or CSV (.csv) file into the
 * directory, in batches of 1,000 rows each committed on its own, with a progress
 * bar. Every row's outcome goes to FILE.results.jsonl; failures are summarised.
 *
 *   deno task import-users users.csv
 */
import { type ImportResult, importUsers, parseImport } from "@/domain/directory/mod.ts";
import { directoryScriptContext } from "@/app/scripts.ts";
import { progressBar } from "./_progress.ts";

const BATCH = 1000;

/** Imports `path`; returns the per-row results. */
export async function importUsersFile(path: string, batch = BATCH, quiet = false): Promise<ImportResult[]> {
  const format = /\.csv$/i.test(path) ? "csv" : "jsonl";
  const rows = parseImport(await Deno.readTextFile(path), format);
  const ctx = await directoryScriptContext();
  const bar = quiet ? null : progressBar("import", rows.length);
  try {
    const results = await importUsers(ctx, { kind: "system", id: "import-users", label: path }, rows, {
      batch,
      onProgress: (done) => bar?.update(done),
    });
    bar?.finish(results.length);
    return results;
  } finally {
    await ctx.sql.end();
  }
}

if (import.meta.main) {
  const path = Deno.args[0];
  if (!path) {
    console.error("usage: deno task import-users FILE (.csv, or .jsonl/.ndjson)");
    Deno.exit(2);
  }
  const results = await importUsersFile(path);
  await Deno.writeTextFile(`${path}.results.jsonl`, results.map((r) => JSON.stringify(r)).join("\n") + "\n");
  const count = (s: string) => results.filter((r) => r.status === s).length;
  console.log(
    `created ${count("created")}, updated ${count("updated")}, unchanged ${count("unchanged")}, failed ${
      count("failed")
    }`,
  );
  for (const r of results.filter((r) => r.status === "failed").slice(0, 20)) {
    if (r.status === "failed") {
      console.log(`  line ${r.line} ${r.loginId ?? ""}: ${r.field ? `${r.field}: ` : ""}${r.message}`);
    }
  }
  console.log(`every row's outcome: ${path}.results.jsonl`);
  if (count("failed") > 0) Deno.exit(1);
}
