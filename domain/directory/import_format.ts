/**
 * Reading a users import file (JSON Lines or CSV with a header row of field
 * names) into validated rows, each carrying its line number so per-row results
 * point at the line an operator must fix.
 */
import { UNSTORABLE_TEXT, unstorableTextPath } from "@/domain/storable_text.ts";
import { parse as parseCsv } from "csv-parse/sync";
import { z } from "zod";
import { AppError } from "@/domain/errors.ts";
import { UserImportRow } from "./schemas.ts";
import type { ImportRow } from "./user_writes.ts";

/** The formats an import accepts. */
export type ImportFormat = "csv" | "jsonl";

const BOOLEAN_FIELDS = new Set(["isDepartmentHead", "isActive"]);
const TRUE = new Set(["true", "1", "y", "yes"]);
const FALSE = new Set(["false", "0", "n", "no"]);

/** Turns CSV cells (all strings) into the JSON shapes the row schema expects; empty cells are absent. */
function fromCells(cells: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(cells)) {
    const value = raw.trim();
    if (value === "") continue;
    if (BOOLEAN_FIELDS.has(key)) {
      const v = value.toLowerCase();
      out[key] = TRUE.has(v) ? true : FALSE.has(v) ? false : value;
    } else if (key === "clearanceLevel" && /^\d+$/.test(value)) {
      out[key] = Number(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

function validate(line: number, value: unknown): ImportRow {
  const parsed = UserImportRow.safeParse(value);
  const loginIdOf = () =>
    typeof (value as { loginId?: unknown })?.loginId === "string" ? (value as { loginId: string }).loginId : null;
  if (parsed.success) {
    const field = unstorableTextPath(parsed.data);
    if (field === null) return { line, input: parsed.data };
    return { line, loginId: loginIdOf(), invalid: { message: UNSTORABLE_TEXT, field } };
  }
  const issue = parsed.error.issues[0];
  const field = issue.code === "unrecognized_keys" ? issue.keys[0] : issue.path.join(".") || undefined;
  return {
    line,
    loginId: loginIdOf(),
    invalid: { message: issue.code === "unrecognized_keys" ? "is not a known field" : issue.message, field },
  };
}

/** Parses a whole import file into rows; a malformed file (not a malformed row) throws. */
export function parseImport(text: string, format: ImportFormat): ImportRow[] {
  if (format === "jsonl") {
    const rows: ImportRow[] = [];
    text.split("\n").forEach((raw, i) => {
      const lineText = raw.trim();
      if (lineText === "") return;
      let value: unknown;
      try {
        value = JSON.parse(lineText);
      } catch {
        rows.push({ line: i + 1, loginId: null, invalid: { message: "is not valid JSON" } });
        return;
      }
      rows.push(validate(i + 1, value));
    });
    return rows;
  }
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parseCsv(text, { columns: true, skip_empty_lines: true, bom: true, trim: false, info: true });
  } catch (err) {
    throw new AppError("invalid_request", `The CSV file cannot be read: ${(err as Error).message}`);
  }
  return records.map(({ record, info }) => validate(info.lines, fromCells(record)));
}

/** Picks the format from a media type: CSV or JSON Lines; anything else is null. */
export function formatOf(contentType: string | undefined): ImportFormat | null {
  const t = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (t === "text/csv") return "csv";
  if (["application/x-ndjson", "application/jsonl", "application/x-jsonlines", "application/json-lines"].includes(t)) {
    return "jsonl";
  }
  return null;
}

/** Kept for callers that validate rows they built themselves. */
export type ImportRowInput = z.input<typeof UserImportRow>;
