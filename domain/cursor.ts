/**
 * Opaque keyset cursors of both services' lists: the last row's sort key, signed with HMAC-SHA-256 so a
 * tampered or foreign cursor is refused (400 invalid_cursor) instead of walking
 * from an arbitrary place. A cursor also carries a digest of the query that made
 * it (its filters, not `cursor` or `limit`): sent with other filters it would walk
 * a different list from a key of this one, silently skipping rows, so it is
 * refused (400 cursor_query_mismatch) with a message that says so.
 */
import { Buffer } from "node:buffer";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/domain/errors.ts";

/** Encodes and verifies cursors of one kind of list (`users`, `user-changes`, ...). */
export interface CursorCodec {
  encode(kind: string, key: readonly (string | number)[], query?: CursorQuery): string;
  decode(kind: string, token: string, query?: CursorQuery): (string | number)[];
}

/** A list's query as the route validated it; `cursor` and `limit` are not part of what a cursor binds. */
export type CursorQuery = object;

/** The filters of `query` in a stable form: absent, undefined and null all mean "not filtered". */
function queryDigest(query: CursorQuery = {}): string {
  const filters = Object.entries(query)
    .filter(([name, value]) => name !== "cursor" && name !== "limit" && value !== undefined && value !== null)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash("sha256").update(JSON.stringify(filters)).digest("base64url").slice(0, 16);
}

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");

/** Creates a codec signing with `secret` (shared by every process through the database). */
export function createCursorCodec(secret: Uint8Array): CursorCodec {
  const sign = (body: string) => createHmac("sha256", secret).update(body).digest().subarray(0, 16);
  const invalid = () => new AppError("invalid_cursor", "The cursor is not one this service issued for this list");
  return {
    encode(kind, key, query) {
      const body = b64(JSON.stringify([kind, queryDigest(query), ...key]));
      return `${body}.${b64(sign(body))}`;
    },
    decode(kind, token, query) {
      const [body, mac, extra] = token.split(".");
      if (!body || !mac || extra !== undefined) throw invalid();
      const given = Buffer.from(mac, "base64url");
      const want = sign(body);
      if (given.length !== want.length || !timingSafeEqual(given, want)) throw invalid();
      const parsed: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
      if (!Array.isArray(parsed) || parsed[0] !== kind) throw invalid();
      if (parsed[1] !== queryDigest(query)) {
        throw new AppError(
          "cursor_query_mismatch",
          "This cursor was issued for a list with other filters: send the same filters as the first page, or start again without a cursor",
        );
      }
      return parsed.slice(2);
    },
  };
}
