/**
 * Reads a snapshot publication (up to SNAPSHOT_MAX_BODY_BYTES, 200,000 entries)
 * as a stream: each entry is validated and reduced to its canonical assignments
 * as it arrives (ordinary entries straight from their bytes, others through the
 * schema) and handed on in batches, so the body is never held in memory whole and
 * one batch is spooled while the next is read. Unknown top-level fields are
 * refused like anywhere else.
 */
import { UNSTORABLE_TEXT, unstorableTextPath } from "@/domain/storable_text.ts";
import { AppError } from "@/domain/errors.ts";
import { canonicalAssignments, schemas, type SnapshotEntry, type SnapshotStream } from "@/domain/directory/mod.ts";
import { fieldErrors } from "../_errors.ts";
import { JsonEntriesReader, JsonShapeError, parseJson } from "./_json_entries.ts";
import { entryFromBytes } from "./_snapshot_entry_bytes.ts";

const HEADER_FIELDS = ["portalId", "sourceVersion"] as const;
const utf8 = new TextEncoder();

/** An entry the fast path declined, through the schema: canonical, or 400 naming what is wrong. */
function schemaEntry(index: number, bytes: Uint8Array): SnapshotEntry {
  const parsed = schemas.AuthorizationEntry.safeParse(parseJson(bytes, `entries.${index}`));
  if (!parsed.success) {
    const e = fieldErrors(parsed.error)[0];
    throw invalid(`entries.${index}${e.path ? `.${e.path}` : ""}`, e.message);
  }
  const { json, count } = canonicalAssignments(parsed.data.assignments);
  return { userId: parsed.data.userId.toLowerCase(), assignments: utf8.encode(json), count };
}

/** Entries per batch: enough that a batch's user lookup costs little beside its rows. */
const BATCH = 1_000;

function invalid(path: string, message: string): AppError {
  return new AppError("invalid_request", "The snapshot body is not valid", { errors: [{ path, message }] });
}

/** Fills in the header fields and collects validated, canonical entries until taken. */
function collector(header: SnapshotStream["header"]) {
  let ready: SnapshotEntry[] = [];
  const seenUsers = new Set<string>();
  return {
    get pending() {
      return ready.length;
    },
    take() {
      const out = ready;
      ready = [];
      return out;
    },
    member(key: string, value: unknown) {
      if (!(HEADER_FIELDS as readonly string[]).includes(key)) throw invalid(key, "is not a known field");
      const max = key === "portalId" ? 100 : 200;
      if (typeof value !== "string" || value === "" || value.length > max) {
        throw invalid(key, `must be a string of 1 to ${max} characters`);
      }
      if (unstorableTextPath(value) !== null) throw invalid(key, UNSTORABLE_TEXT);
      header[key as typeof HEADER_FIELDS[number]] = value;
    },
    element(index: number, bytes: Uint8Array) {
      if (index >= schemas.MAX_SNAPSHOT_ENTRIES) {
        throw invalid("entries", `at most ${schemas.MAX_SNAPSHOT_ENTRIES} entries`);
      }
      const entry = entryFromBytes(bytes) ?? schemaEntry(index, bytes);
      if (seenUsers.has(entry.userId)) throw invalid(`entries.${index}.userId`, "appears in more than one entry");
      seenUsers.add(entry.userId);
      ready.push(entry);
    },
  };
}

/** The validated entries in batches; 413 above `maxBytes` (after gzip), 400 for anything malformed. */
async function* entryBatches(req: Request, maxBytes: number, header: SnapshotStream["header"]) {
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") throw new AppError("unsupported_media_type", "Send the body as application/json");
  // Already inflated from gzip and bounded in time by the body guard (`../_body.ts`).
  const stream = req.body;
  if (stream === null) throw invalid("", "a body is required");
  const c = collector(header);
  const reader = new JsonEntriesReader("entries", c);
  let total = 0;
  try {
    for await (const chunk of stream) {
      total += chunk.byteLength;
      if (total > maxBytes) throw new AppError("payload_too_large", `The snapshot body exceeds ${maxBytes} bytes`);
      reader.write(chunk);
      if (c.pending >= BATCH) yield c.take();
    }
    reader.end();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof JsonShapeError) throw invalid(err.path, err.message);
    throw invalid("", "the body could not be read (bad gzip data?)");
  }
  for (const field of [...HEADER_FIELDS, "entries"]) if (!reader.keys.has(field)) throw invalid(field, "is required");
  if (c.pending > 0) yield c.take();
}

/** A publication body as it streams; nothing is read until its batches are. */
export function snapshotBody(req: Request, maxBytes: number): SnapshotStream {
  const header = { portalId: "", sourceVersion: "" };
  return { header, batches: entryBatches(req, maxBytes, header) };
}
