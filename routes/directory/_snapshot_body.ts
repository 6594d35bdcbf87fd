/**
 * Reads a snapshot publication (up to SNAPSHOT_MAX_BODY_BYTES, 200,000 entries)
 * as a stream: each entry is validated and reduced to its canonical assignments
 * text as it arrives, so the body is never held as text, parse tree and result at
 * once. Unknown top-level fields are refused like anywhere else.
 */
import { z } from "zod";
import { UNSTORABLE_TEXT, unstorableTextPath } from "@/domain/storable_text.ts";
import { AppError } from "@/domain/errors.ts";
import { canonicalAssignments, type SnapshotInput } from "@/domain/directory/mod.ts";
import { fieldErrors } from "../_errors.ts";
import { decodedBody } from "../_request.ts";
import { JsonEntriesReader, JsonShapeError } from "./_json_entries.ts";

/** The most entries one publication may carry (CONTRACT 1.3 rule 3). */
export const MAX_SNAPSHOT_ENTRIES = 200_000;

/** One assignment of the seed's AuthorizationAssignment. */
export const AssignmentSchema = z.strictObject({
  kind: z.enum(["GROUP", "ROLE", "PERMISSION"]),
  key: z.string().min(1).max(300),
  label: z.string().min(1).max(500),
  scope: z.string().max(500).nullable().optional(),
}).meta({ id: "AuthorizationAssignment" });

/** One entry: a central user ID and that user's assignments in the portal. */
export const EntrySchema = z.strictObject({
  userId: z.uuid(),
  assignments: z.array(AssignmentSchema).max(10_000),
}).meta({ id: "AuthorizationEntry" });

/** The whole body, for the OpenAPI document (the route validates it entry by entry). */
export const SnapshotBody = z.strictObject({
  portalId: z.string().min(1).max(100),
  sourceVersion: z.string().min(1).max(200),
  entries: z.array(EntrySchema).max(MAX_SNAPSHOT_ENTRIES),
}).meta({ id: "AuthorizationSnapshot" });

const HEADER_FIELDS = ["portalId", "sourceVersion"] as const;

function invalid(path: string, message: string): AppError {
  return new AppError("invalid_request", "The snapshot body is not valid", { errors: [{ path, message }] });
}

/** Collects the header fields and the validated, canonical entries. */
function collector() {
  const result: SnapshotInput = { portalId: "", sourceVersion: "", entries: [] };
  const seenUsers = new Set<string>();
  return {
    result,
    member(key: string, value: unknown) {
      if (!(HEADER_FIELDS as readonly string[]).includes(key)) throw invalid(key, "is not a known field");
      const max = key === "portalId" ? 100 : 200;
      if (typeof value !== "string" || value === "" || value.length > max) {
        throw invalid(key, `must be a string of 1 to ${max} characters`);
      }
      if (unstorableTextPath(value) !== null) throw invalid(key, UNSTORABLE_TEXT);
      result[key as typeof HEADER_FIELDS[number]] = value;
    },
    element(index: number, value: unknown) {
      if (index >= MAX_SNAPSHOT_ENTRIES) throw invalid("entries", `at most ${MAX_SNAPSHOT_ENTRIES} entries`);
      const entry = EntrySchema.safeParse(value);
      if (!entry.success) {
        const e = fieldErrors(entry.error)[0];
        throw invalid(`entries.${index}${e.path ? `.${e.path}` : ""}`, e.message);
      }
      const userId = entry.data.userId.toLowerCase();
      if (seenUsers.has(userId)) throw invalid(`entries.${index}.userId`, "appears in more than one entry");
      seenUsers.add(userId);
      const { json, count } = canonicalAssignments(entry.data.assignments);
      result.entries.push({ userId, assignmentsJson: json, count });
    },
  };
}

async function feed(reader: JsonEntriesReader, stream: ReadableStream<Uint8Array>, maxBytes: number) {
  let total = 0;
  try {
    for await (const chunk of stream) {
      total += chunk.byteLength;
      if (total > maxBytes) throw new AppError("payload_too_large", `The snapshot body exceeds ${maxBytes} bytes`);
      reader.write(chunk);
    }
    reader.end();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof JsonShapeError) throw invalid(err.path, err.message);
    throw invalid("", "the body could not be read (bad gzip data?)");
  }
}

/** Reads and validates a publication body; 413 above `maxBytes` (after gzip), 400 for anything malformed. */
export async function readSnapshotBody(req: Request, maxBytes: number): Promise<SnapshotInput> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") throw new AppError("unsupported_media_type", "Send the body as application/json");
  const stream = decodedBody(req);
  if (stream === null) throw invalid("", "a body is required");
  const c = collector();
  const reader = new JsonEntriesReader("entries", c);
  await feed(reader, stream, maxBytes);
  for (const field of [...HEADER_FIELDS, "entries"]) if (!reader.keys.has(field)) throw invalid(field, "is required");
  return c.result;
}
