/**
 * What the service and an extraction process say to each other over the child's stdin and stdout:
 * length-prefixed frames (4 bytes, big-endian, then the payload). A job is a JSON header frame and
 * the body's bytes as a second frame; the reply is one JSON frame.
 */
import type { Chunk, ChunkOptions } from "@/domain/rag/text/chunk.ts";
import type { ExtractionFailure, ExtractLimits } from "@/domain/rag/extract/mod.ts";

/** The header of one job: how to read the body and what it may produce. */
export interface ExtractJob {
  contentType: string;
  bodyBytes: number;
  limits: ExtractLimits;
  chunking: Required<ChunkOptions>;
}

/** The chunks of the body, or why there are none. */
export type ExtractReply =
  | { ok: true; chunks: Chunk[] }
  | { ok: false; reason: ExtractionFailure; message: string };

/** Headers are small; anything longer is not ours. */
export const MAX_HEADER_BYTES = 64 * 1024;

/** Something frames can be written to: a writer of a child's stdin, or this process's stdout. */
export interface FrameSink {
  write(bytes: Uint8Array): Promise<unknown>;
}

/** A large payload goes in slices: one 50 MB write to a pipe holds the writer's event loop for tens of ms. */
const SLICE_BYTES = 256 * 1024;

/** Writes one frame. */
export async function writeFrame(sink: FrameSink, payload: Uint8Array): Promise<void> {
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, payload.byteLength);
  await sink.write(length);
  for (let at = 0; at < payload.byteLength; at += SLICE_BYTES) {
    await sink.write(payload.subarray(at, at + SLICE_BYTES));
  }
}

/** Writes `value` as one JSON frame. */
export function writeJsonFrame(sink: FrameSink, value: unknown): Promise<void> {
  return writeFrame(sink, new TextEncoder().encode(JSON.stringify(value)));
}

/** A frame longer than the reader accepts: the peer is not speaking the protocol, or overspends. */
export class FrameTooLarge extends Error {
  override name = "FrameTooLarge";
}

/** Reads frames from a byte stream without copying what it buffers more than once. */
export class FrameReader {
  #reader: ReadableStreamDefaultReader<Uint8Array>;
  #chunks: Uint8Array[] = [];
  #buffered = 0;

  constructor(readable: ReadableStream<Uint8Array>) {
    this.#reader = readable.getReader();
  }

  /** The next frame, or null at the end of the stream; throws FrameTooLarge past `max` bytes, before reading it. */
  async read(max: number): Promise<Uint8Array | null> {
    if (!await this.#fill(4)) return null;
    const length = new DataView(this.#take(4).buffer).getUint32(0);
    if (length > max) throw new FrameTooLarge(`a frame of ${length} bytes; at most ${max}`);
    if (!await this.#fill(length)) return null;
    return this.#take(length);
  }

  /** Reads the next frame as JSON. */
  async readJson<T>(max: number): Promise<T | null> {
    const frame = await this.read(max);
    return frame === null ? null : JSON.parse(new TextDecoder().decode(frame)) as T;
  }

  /** Stops reading; the stream is released. */
  async cancel(): Promise<void> {
    await this.#reader.cancel().catch(() => {});
  }

  async #fill(wanted: number): Promise<boolean> {
    while (this.#buffered < wanted) {
      const { value, done } = await this.#reader.read();
      if (done) return false;
      this.#chunks.push(value);
      this.#buffered += value.byteLength;
    }
    return true;
  }

  #take(wanted: number): Uint8Array {
    const out = new Uint8Array(wanted);
    let filled = 0;
    while (filled < wanted) {
      const first = this.#chunks[0];
      const taken = Math.min(first.byteLength, wanted - filled);
      out.set(first.subarray(0, taken), filled);
      filled += taken;
      if (taken === first.byteLength) this.#chunks.shift();
      else this.#chunks[0] = first.subarray(taken);
    }
    this.#buffered -= wanted;
    return out;
  }
}
