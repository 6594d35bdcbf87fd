/**
 * A streaming reader for one JSON shape: an object whose members are values, and
 * one member that is an array of objects (`{"a": "..", "entries": [{..}, {..}]}`).
 * It finds where each member value and each array element begins and ends: member
 * values go to the native JSON.parse, and each element's bytes go to the handler,
 * which may read them itself or parse them with `parseJson`. So a 256 MB body is
 * read chunk by chunk, never one token per character in JavaScript. The scanner
 * checks only the punctuation between values; the values are checked by whoever
 * reads them.
 */

/** Why the bytes are not the expected JSON shape; `path` points at the place. */
export class JsonShapeError extends Error {
  constructor(readonly path: string, message: string) {
    super(message);
  }
}

/** What the reader reports. */
export interface JsonEntryHandlers {
  /** A member of the root object other than the array (its value already parsed). */
  member(key: string, value: unknown): void;
  /** The bytes of one element of the array member (an object, brackets balanced, not yet parsed), with its index. */
  element(index: number, bytes: Uint8Array): void;
}

const QUOTE = 0x22, BACKSLASH = 0x5c, COLON = 0x3a, COMMA = 0x2c;
const LBRACE = 0x7b, RBRACE = 0x7d, LBRACKET = 0x5b, RBRACKET = 0x5d;
const WHITESPACE = new Uint8Array(256);
for (const b of [0x20, 0x09, 0x0a, 0x0d]) WHITESPACE[b] = 1;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Parses one value's bytes; JsonShapeError at `path` when they are not UTF-8 JSON. */
export function parseJson(bytes: Uint8Array, path: string): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch {
    throw new JsonShapeError(path, "is not valid JSON");
  }
}

/** Where the reader is between values. */
const enum At {
  Root, // before '{'
  Key, // a member name or '}'
  Colon,
  Value, // a member value
  MemberEnd, // ',' or '}'
  Element, // an array element or ']'
  ElementEnd, // ',' or ']'
  Done,
}

/** Scans a stream of byte chunks of the shape above, calling the handlers as values complete. */
export class JsonEntriesReader {
  #at = At.Root;
  /** Pieces of a value that spans chunks. */
  #pieces: Uint8Array[] = [];
  /** Inside a value: its nesting depth (0 for a top-level string), whether in a string, after a backslash. */
  #capturing = false;
  #depth = 0;
  #inString = false;
  #escaped = false;
  #afterComma = false;
  #key = "";
  #keys = new Set<string>();
  #index = 0;

  constructor(readonly arrayKey: string, readonly handlers: JsonEntryHandlers) {}

  /** The member names the root object had. */
  get keys(): ReadonlySet<string> {
    return this.#keys;
  }

  /** Feeds the next chunk. */
  write(chunk: Uint8Array): void {
    let i = 0;
    let start = this.#capturing ? 0 : -1;
    while (i < chunk.length) {
      if (!this.#capturing) {
        const b = chunk[i];
        if (WHITESPACE[b] || this.#punctuation(b)) {
          i++;
          continue;
        }
        this.#begin(b);
        start = i;
      }
      const end = this.#scan(chunk, i);
      if (end < 0) {
        this.#pieces.push(chunk.slice(start));
        return;
      }
      this.#pieces.push(chunk.subarray(start, end + 1));
      this.#finish();
      i = end + 1;
    }
  }

  /** Declares the end of input; anything unfinished is an error. */
  end(): void {
    if (this.#at !== At.Done) throw new JsonShapeError("", "the JSON body ended early");
  }

  /**
   * Scans the value being captured from `i`; returns the index of its last byte,
   * or -1 when it continues in the next chunk. State lives in locals while the
   * loop runs: this loop is where a large body spends its time.
   */
  #scan(chunk: Uint8Array, i: number): number {
    let depth = this.#depth, inString = this.#inString, escaped = this.#escaped;
    const n = chunk.length;
    for (; i < n; i++) {
      const b = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) {
          inString = false;
          if (depth === 0) return this.#save(depth, inString, escaped, i);
        }
      } else if (b === QUOTE) inString = true;
      else if (b === LBRACE || b === LBRACKET) depth++;
      else if (b === RBRACE || b === RBRACKET) {
        if (--depth === 0) return this.#save(depth, inString, escaped, i);
      } else if (depth === 0) throw new JsonShapeError(this.#key, "must be a string or an object");
    }
    this.#save(depth, inString, escaped, -1);
    return -1;
  }

  #save(depth: number, inString: boolean, escaped: boolean, result: number): number {
    this.#depth = depth;
    this.#inString = inString;
    this.#escaped = escaped;
    return result;
  }

  /** Handles a structural byte between values; returns true when `b` was one. */
  #punctuation(b: number): boolean {
    switch (this.#at) {
      case At.Root:
        if (b !== LBRACE) throw new JsonShapeError("", "the body must be a JSON object");
        return this.#go(At.Key, false);
      case At.Key:
        if (b === RBRACE && !this.#afterComma) return this.#go(At.Done, false);
        if (b !== QUOTE) throw new JsonShapeError("", "expected a member name");
        return false;
      case At.Colon:
        if (b !== COLON) throw new JsonShapeError(this.#key, "expected ':'");
        return this.#go(At.Value, false);
      case At.Value:
        if (this.#key !== this.arrayKey) return false;
        if (b !== LBRACKET) throw new JsonShapeError(this.#key, "must be an array");
        return this.#go(At.Element, false);
      case At.MemberEnd:
        if (b === COMMA) return this.#go(At.Key, true);
        if (b === RBRACE) return this.#go(At.Done, false);
        throw new JsonShapeError(this.#key, "expected ',' or '}'");
      case At.Element:
        if (b === RBRACKET && !this.#afterComma) return this.#go(At.MemberEnd, false);
        if (b !== LBRACE) throw new JsonShapeError(`${this.arrayKey}.${this.#index}`, "must be an object");
        return false;
      case At.ElementEnd:
        if (b === COMMA) return this.#go(At.Element, true);
        if (b === RBRACKET) return this.#go(At.MemberEnd, false);
        throw new JsonShapeError(this.arrayKey, "expected ',' or ']'");
      case At.Done:
        throw new JsonShapeError("", "unexpected data after the JSON body");
    }
  }

  #go(at: At, afterComma: boolean): true {
    this.#at = at;
    this.#afterComma = afterComma;
    return true;
  }

  #begin(b: number) {
    this.#capturing = true;
    this.#pieces = [];
    this.#depth = 0;
    this.#inString = false;
    this.#escaped = false;
    if (b !== QUOTE && b !== LBRACE && b !== LBRACKET) {
      throw new JsonShapeError(this.#key, "must be a string or an object");
    }
  }

  #finish() {
    this.#capturing = false;
    const pieces = this.#pieces;
    this.#pieces = [];
    const bytes = pieces.length === 1 ? pieces[0] : concat(pieces);
    if (this.#at === At.Element) {
      this.handlers.element(this.#index++, bytes);
      this.#go(At.ElementEnd, false);
    } else if (this.#at === At.Key) {
      const key = parseJson(bytes, "") as string;
      if (this.#keys.has(key)) throw new JsonShapeError(key, "appears twice");
      this.#keys.add(key);
      this.#key = key;
      this.#go(At.Colon, false);
    } else {
      this.handlers.member(this.#key, parseJson(bytes, this.#key));
      this.#go(At.MemberEnd, false);
    }
  }
}

function concat(pieces: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
