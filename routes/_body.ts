/**
 * Request bodies are read only for a caller who has proved who it is, and only on demand: the guard hands
 * the route a body that starts reading when a validator or handler pulls it, which is after the route's
 * credential middleware. An anonymous request is answered (401, 404) with its body never read. A body that
 * is read is inflated from gzip, capped in bytes, timed, and counted against per-credential and total caps.
 * The byte cap follows the route's kind of body: a record (one user, one search, one setting) is small, so a
 * body of hundreds of thousands of keys is refused before parsing it stalls the event loop; a batch route
 * (imports, group members, term proposals, link pushes, content bodies) and the snapshot stream declare theirs.
 */
import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "@/domain/errors.ts";
import { actorOf } from "./_auth.ts";
import type { AppEnv } from "./_env.ts";

/** The kinds of body a route may declare; a route that declares none takes a record. */
export type BodyKind = "record" | "batch" | "snapshot";

/** How bodies are bounded. */
export interface BodyLimits {
  /** The most decoded bytes a body of each kind may hold. */
  max: Record<BodyKind, number>;
  /** Every body may take this long. */
  timeoutMs: number;
  /** A longer body may take longer as long as it keeps this average rate on the wire. */
  minBytesPerSecond: number;
}

/**
 * How long a body waits for a slot before it is 429. A burst of small requests from one credential (a portal
 * sending six searches at once) overlaps its reads for an instant: waiting this long lets them through in
 * turn, while a credential that holds its slots with trickling bodies still meets the 429 soon.
 */
const SLOT_WAIT_MS = 1000;

/** Counts the bodies being read, per credential and in all; a body beyond either cap waits briefly, then is 429. */
export class BodySlots {
  #total = 0;
  #byKey = new Map<string, number>();
  #waiting: (() => void)[] = [];
  constructor(readonly perKey: number, readonly total: number, readonly waitMs = SLOT_WAIT_MS) {}

  /** Takes a slot for `key`, returning the function that gives it back (once). */
  async take(key: string): Promise<() => void> {
    const deadline = performance.now() + this.waitMs;
    while (this.#full(key)) {
      const left = deadline - performance.now();
      if (left <= 0 || !await this.#freed(left)) {
        const whose = (this.#byKey.get(key) ?? 0) >= this.perKey ? "this credential" : "the service";
        throw new AppError("too_many_bodies", `Too many request bodies are being read for ${whose}; retry shortly`, {
          headers: { "retry-after": "1" },
        });
      }
    }
    this.#byKey.set(key, (this.#byKey.get(key) ?? 0) + 1);
    this.#total++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.#total--;
      const left = (this.#byKey.get(key) ?? 1) - 1;
      if (left > 0) this.#byKey.set(key, left);
      else this.#byKey.delete(key);
      for (const wake of this.#waiting.splice(0)) wake();
    };
  }

  #full(key: string): boolean {
    return (this.#byKey.get(key) ?? 0) >= this.perKey || this.#total >= this.total;
  }

  /** Resolves true when any slot is given back within `ms`, false when the time runs out first. */
  #freed(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting = this.#waiting.filter((w) => w !== wake);
        resolve(false);
      }, ms);
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.#waiting.push(wake);
    });
  }

  /** Bodies being read now. */
  get reading(): number {
    return this.#total;
  }
}

/** Decodes a body sent with `Content-Encoding: encoding`: gzip is inflated, identity passes, anything else is 415. */
function decoded(body: ReadableStream<Uint8Array>, encoding: string): ReadableStream<Uint8Array> {
  if (encoding === "identity" || encoding === "") return body;
  if (encoding === "gzip" || encoding === "x-gzip") {
    return body.pipeThrough(new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>);
  }
  throw new AppError("unsupported_media_type", `Content-Encoding ${encoding} is not supported; use gzip`);
}

/** One body being read: where it comes from, what it has cost so far, and its slot. */
class BodyRead {
  #reader?: ReadableStreamDefaultReader<Uint8Array>;
  #release = () => {};
  #closed = false;
  #started = 0;
  #wire = 0;
  #decoded = 0;
  #timer?: ReturnType<typeof setTimeout>;

  constructor(
    readonly c: Context<AppEnv>,
    readonly original: Request,
    readonly limits: BodyLimits,
    readonly slots: BodySlots,
  ) {}

  /** Authenticated, within the caps, and with a supported encoding, or the request ends here. */
  async #open(): Promise<ReadableStreamDefaultReader<Uint8Array>> {
    const actor = actorOf(this.c);
    if (actor.kind === "anonymous") throw new AppError("unauthorized", "A credential is required to send a body");
    const max = this.#max();
    const length = Number(this.original.headers.get("content-length") ?? NaN);
    const encoding = (this.original.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
    if (encoding === "identity" && length > max) throw tooLarge(max);
    const counted = this.original.body!.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform: (chunk, out) => {
          this.#wire += chunk.byteLength;
          out.enqueue(chunk);
        },
      }),
    );
    const stream = decoded(counted, encoding);
    const release = await this.slots.take(`${actor.kind}:${actor.id}`);
    if (this.#closed) {
      // The request ended while it waited for a slot.
      release();
      throw new AppError("request_timeout", "The request ended before its body was read");
    }
    this.#release = release;
    this.#started = performance.now();
    return this.#reader = stream.getReader();
  }

  #max(): number {
    return this.limits.max[this.c.get("bodyKind") ?? "record"];
  }

  /** The time left: the base allowance, stretched by what arrived at the minimum rate. */
  #remainingMs(): number {
    const allowed = Math.max(this.limits.timeoutMs, (this.#wire / this.limits.minBytesPerSecond) * 1000);
    return this.#started + allowed - performance.now();
  }

  /** The next decoded chunk, or the error that ends the body (recorded for the error renderer). */
  async pull(controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    try {
      const reader = this.#reader ?? await this.#open();
      const { done, value } = await this.#withinDeadline(reader);
      if (done) {
        this.close();
        return controller.close();
      }
      this.#decoded += value.byteLength;
      const max = this.#max();
      if (this.#decoded > max) throw tooLarge(max);
      controller.enqueue(value);
    } catch (err) {
      const failure = err instanceof AppError
        ? err
        : new AppError("invalid_request", "The request body could not be read (bad gzip data?)", { cause: err });
      this.c.set("bodyFailure", failure);
      this.close();
      controller.error(failure);
    }
  }

  #withinDeadline(reader: ReadableStreamDefaultReader<Uint8Array>) {
    const timeout = new Promise<never>((_, reject) => {
      this.#timer = setTimeout(
        () => reject(new AppError("request_timeout", "The request body did not arrive in time")),
        Math.max(0, this.#remainingMs()),
      );
    });
    return Promise.race([reader.read(), timeout]).finally(() => clearTimeout(this.#timer));
  }

  /** Gives the slot back and stops reading from the connection. */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#release();
    this.#reader?.cancel().catch(() => {});
  }
}

/** Declares a route's body as a batch or the snapshot stream, raising its byte cap above a record's. */
export function bodyKind(kind: Exclude<BodyKind, "record">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("bodyKind", kind);
    await next();
  };
}

function tooLarge(max: number): AppError {
  return new AppError("payload_too_large", `The request body exceeds ${max} bytes`);
}

/**
 * Replaces the request's body with one read on demand under `limits` and `slots`. The content headers
 * go, since what the route reads is decoded; a route that never pulls the body leaves it unread.
 */
export function bodyGuard(limits: BodyLimits, slots: BodySlots): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const original = c.req.raw;
    if (original.body === null || c.req.method === "GET" || c.req.method === "HEAD") return await next();
    const read = new BodyRead(c, original, limits, slots);
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => read.pull(controller),
      cancel: () => read.close(),
    }, { highWaterMark: 0 });
    const headers = new Headers(original.headers);
    headers.delete("content-encoding");
    headers.delete("content-length");
    c.req.raw = new Request(original.url, { method: original.method, headers, body, signal: original.signal });
    try {
      await next();
    } finally {
      read.close();
    }
  };
}
