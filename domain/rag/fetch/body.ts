/**
 * Reading a fetched body: the failure a fetch reports (its code for the caller, its detail for the log), and the
 * bounded, hashed, rate-checked read of the body itself.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { ErrorCode } from "@/domain/errors.ts";

/** The codes a fetch fails with; each has one fixed message. */
export type FetchCode = Extract<
  ErrorCode,
  "content_host_not_allowed" | "content_too_large" | "checksum_mismatch" | "content_timeout" | "content_unreachable"
>;

/** A fetch failure on its way out: the code the caller sees and the detail only the log sees. */
export class FetchFailure extends Error {
  override name = "FetchFailure";
  constructor(readonly code: FetchCode, detail: string, options?: { cause?: unknown }) {
    super(detail, options);
  }
}

/**
 * Collects and hashes the body, stopping (and closing the connection) as soon as it passes `maxBytes`, or as soon as
 * a window of `floor.windowMs` brought less than `floor.bytesPerSecond` per second. With a Content-Length the body is
 * written into one buffer as it arrives: no second copy of a 50 MB body, and no copying it in one go, which held the
 * event loop for tens of ms.
 */
export async function readLimited(
  response: IncomingMessage,
  maxBytes: number,
  floor: { bytesPerSecond: number; windowMs: number },
): Promise<{ body: Uint8Array; sha256: string }> {
  const tooLarge = () => new FetchFailure("content_too_large", `the content body is larger than ${maxBytes} bytes`);
  const declared = Number(response.headers["content-length"] ?? NaN);
  if (declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const hash = createHash("sha256");
  const collector = Number.isSafeInteger(declared) ? new Prealloc(declared) : new Chunks();
  let size = 0;
  let windowStart = 0;
  const check = floor.bytesPerSecond > 0
    ? setInterval(() => {
      if (size - windowStart < floor.bytesPerSecond * floor.windowMs / 1000) {
        response.destroy(
          new FetchFailure("content_timeout", `the body arrived slower than ${floor.bytesPerSecond} bytes per second`),
        );
      }
      windowStart = size;
    }, floor.windowMs)
    : undefined;
  try {
    for await (const chunk of response as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        response.destroy();
        throw tooLarge();
      }
      hash.update(chunk);
      collector.add(chunk);
    }
  } finally {
    clearInterval(check);
  }
  return { body: collector.body(size), sha256: hash.digest("hex") };
}

/** A body of known length, filled in place; one that overruns or falls short of it is cut off. */
class Prealloc {
  #buffer: Uint8Array;
  #offset = 0;
  constructor(length: number) {
    this.#buffer = new Uint8Array(length);
  }
  add(chunk: Uint8Array): void {
    if (this.#offset + chunk.byteLength > this.#buffer.byteLength) {
      throw new FetchFailure("content_unreachable", "the content body is longer than its Content-Length");
    }
    this.#buffer.set(chunk, this.#offset);
    this.#offset += chunk.byteLength;
  }
  body(size: number): Uint8Array {
    if (size !== this.#buffer.byteLength) {
      throw new FetchFailure("content_unreachable", "the content body is shorter than its Content-Length");
    }
    return this.#buffer;
  }
}

/** A body of unknown length, kept as its chunks and joined at the end. */
class Chunks {
  #chunks: Uint8Array[] = [];
  add(chunk: Uint8Array): void {
    this.#chunks.push(chunk);
  }
  body(size: number): Uint8Array {
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of this.#chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return body;
  }
}
