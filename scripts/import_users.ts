/**
 * Imports users from a JSON Lines (.jsonl, .ndjson) or CSV (.csv) file into the
 * directory, in batches of 1,000 rows each committed on its own, with a progress
 * bar. Every row's outcome goes to FILE.results.jsonl; failures are summarised.
 *
 *   deno task import-users users.csv [--company <code>]
 *
 * With `--company`, rows that name no company go to the company of that code.
 */
import { type Company, type ImportResult, importUsers, listCompanies, parseImport } from "@/domain/directory/mod.ts";
import { directoryScriptContext } from "@/app/scripts.ts";
import { progressBar } from "./_progress.ts";

const BATCH = 1000;

/** How an import runs. */
export interface ImportOptions {
  /** Code of the company for rows that name none. */
  company?: string;
  batch?: number;
  quiet?: boolean;
}

/** Imports `path`; returns the per-row results. */
export async function importUsersFile(path: string, o: ImportOptions = {}): Promise<ImportResult[]> {
  const format = /\.csv$/i.test(path) ? "csv" : "jsonl";
  const rows = parseImport(await Deno.readTextFile(path), format);
  const ctx = await directoryScriptContext();
  try {
    const companyId = o.company === undefined ? undefined : await companyIdOf(ctx, o.company);
    const bar = o.quiet ? null : progressBar("import", rows.length);
    const results = await importUsers(
      ctx,
      { kind: "system", id: "import-users", label: path },
      rows.map((row) =>
        "input" in row && companyId !== undefined
          ? { ...row, input: { ...row.input, companyId: row.input.companyId ?? companyId } }
          : row
      ),
      { batch: o.batch ?? BATCH, onProgress: (done) => bar?.update(done) },
    );
    bar?.finish(results.length);
    return results;
  } finally {
    await ctx.sql.end();
  }
}

async function companyIdOf(ctx: Parameters<typeof listCompanies>[0], code: string): Promise<string> {
  const companies = JSON.parse((await listCompanies(ctx, { limit: 1000 })).items) as Company[];
  const found = companies.find((c) => c.code.toLowerCase() === code.toLowerCase());
  if (!found) throw new Error(`no company with code ${code} (known: ${companies.map((c) => c.code).join(", ")})`);
  return found.id;
}

/** `import-users`: imports, writes every row's outcome beside the file, summarises; the exit status. */
export async function importUsersCommand(path: string, o: ImportOptions): Promise<number> {
  const results = await importUsersFile(path, o);
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
  return count("failed") > 0 ? 1 : 0;
}
