/**
 * Opaque keyset cursors: the last row's sort key, signed with HMAC-SHA-256 so a
 * tampered or foreign cursor is refused (400 invalid_cursor) instead of walking
 * from an arbitrary place.
 */
import { Buffer } from "node:buffer";
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/domain/errors.ts";

/** Encodes and verifies cursors of one kind of list (`users`, `user-changes`, ...). */
export interface CursorCodec {
  encode(kind: string, key: readonly (string | number)[]): string;
  decode(kind: string, token: string): (string | number)[];
}

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");

/** Creates a codec signing with `secret` (shared by every process through the database). */
export function createCursorCodec(secret: Uint8Array): CursorCodec {
  const sign = (body: string) => createHmac("sha256", secret).update(body).digest().subarray(0, 16);
  const invalid = () => new AppError("invalid_cursor", "The cursor is not one this service issued for this list");
  return {
    encode(kind, key) {
      const body = b64(JSON.stringify([kind, ...key]));
      return `${body}.${b64(sign(body))}`;
    },
    decode(kind, token) {
      const [body, mac, extra] = token.split(".");
      if (!body || !mac || extra !== undefined) throw invalid();
      const given = Buffer.from(mac, "base64url");
      const want = sign(body);
      if (given.length !== want.length || !timingSafeEqual(given, want)) throw invalid();
      const parsed: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
      if (!Array.isArray(parsed) || parsed[0] !== kind) throw invalid();
      return parsed.slice(1);
    },
  };
}
