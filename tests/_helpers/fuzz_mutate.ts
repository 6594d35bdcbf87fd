/**
 * Mutations for fuzz tests: hostile values (wrong types, huge and strange strings,
 * numbers at the edges, deep nesting), edits of a JSON value at any location, and
 * edits of the raw body, its content type and encoding, the query and the headers.
 * Edits are plain data drawn by fast-check and applied here, so a failing case
 * prints as a readable list of what was done.
 */
import fc from "fast-check";

const RAW_START = "\u0000RAW<";
const RAW_END = ">RAW\u0000";

/** A value serialized verbatim into the JSON text (for tokens JSON.stringify cannot write, such as `1e309`). */
export function raw(textOfJson: string): string {
  return `${RAW_START}${textOfJson}${RAW_END}`;
}

/** JSON.stringify, with `raw()` markers spliced in as written. */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? "";
  return text.replace(/"\\u0000RAW<([\s\S]*?)>RAW\\u0000"/g, (_, inner: string) => JSON.parse(`"${inner}"`));
}

const STRANGE_STRINGS = [
  "",
  " ",
  "\t\r\n",
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31mred\u001b[0m",
  "\u007f\u0085\u009f",
  "\ud800",
  "x\udfffy",
  "\ud83d",
  "\u200b\u200c\u200d\u2060\ufeff",
  "\u202eevil\u202c",
  "\u0645\u0631\u062d\u0628\u0627 \u05e9\u05dc\u05d5\u05dd",
  "한국어 검색 질문",
  "ㅎㅏㄴ",
  "👩‍👩‍👧‍👦🏳️‍🌈",
  "e\u0301\u0301\u0301",
  "\uffff\ufffe",
  "'; drop table x; --",
  "%00%ff%",
  "../../etc/passwd",
  "${7*7}{{7*7}}<%= 7*7 %>",
  "<script>alert(1)</script>",
  "null",
  "true",
  "-1",
  "1e309",
  "NaN",
  "0x1F",
  "00000000-0000-0000-0000-000000000000",
  "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
  "{a1b2c3d4-0000-4000-8000-000000000000}",
  "2026-02-30T25:61:61Z",
  "\\",
  '"',
  "__proto__",
  "a:b:c",
  "http://169.254.169.254/latest/meta-data/",
  "file:///etc/passwd",
  "javascript:alert(1)",
];

/** Short fragments that are harmless to a validator and hostile to what lies behind it. */
export const TAINTS = [
  "\u0000",
  "\u0001",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u2028",
  "\ud800",
  "\udfff",
  "\u200b",
  "\u202e",
  "\ufeff",
  "\uffff",
  "가",
  "%",
  "_",
  "\\",
  "'",
  '"',
  " ",
];

/** One taint fragment. */
export function taint(): fc.Arbitrary<string> {
  return fc.constantFrom(...TAINTS);
}

/** Strings chosen to break things: empty, control characters, lone surrogates, bidi, huge. */
export function strangeString(): fc.Arbitrary<string> {
  const huge = fc.tuple(
    fc.constantFrom("a", "가", "\u0000", "\u200b", "\ud800", "é"),
    fc.integer({ min: 300, max: 90_000 }),
  )
    .map(([c, n]) => c.repeat(n));
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...STRANGE_STRINGS) },
    { weight: 2, arbitrary: huge },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)) }) },
  );
}

const RAW_NUMBERS = [
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  "0x10",
  "01",
  "1.",
  ".5",
  "+1",
  "1e-400",
  "123456789012345678901234567890",
  "-0.0",
  "1E2",
];

/** Numbers at and past the edges, some only expressible as raw JSON text. */
export function strangeNumber(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(-1, 0, -0, 0.5, 1.5, -2147483649, 2147483648, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308, 5e-324),
    fc.constantFrom(...RAW_NUMBERS).map(raw),
    fc.double(),
  );
}

/** Deeply nested arrays or objects, as raw JSON text. */
export function deepNesting(): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom("array", "object"), fc.integer({ min: 30, max: 20_000 })).map(([kind, n]) =>
    raw(kind === "array" ? "[".repeat(n) + "]".repeat(n) : '{"a":'.repeat(n) + "1" + "}".repeat(n))
  );
}

/** Any hostile JSON value. */
export function strangeValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: strangeString() },
    { weight: 3, arbitrary: strangeNumber() },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        null,
        true,
        false,
        [],
        {},
        [[]],
        [null],
        { "": "" },
        JSON.parse('{"__proto__":{"isAdmin":true}}'),
        ["a", 1],
      ),
    },
    { weight: 1, arbitrary: deepNesting() },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

/** An edit of a JSON value at one of its locations (`at` picks one, modulo their number). */
export type JsonEdit =
  | { kind: "replace"; at: number; value: unknown }
  | { kind: "delete"; at: number }
  | { kind: "extra"; at: number; key: string; value: unknown }
  | { kind: "wrap"; at: number; as: "array" | "object" | "string" }
  | { kind: "taint"; at: number; fragment: string; where: "start" | "middle" | "end" };

/** Draws one JSON edit. */
export function jsonEdit(): fc.Arbitrary<JsonEdit> {
  const at = fc.nat();
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant("taint" as const),
        at,
        fragment: taint(),
        where: fc.constantFrom("start", "middle", "end"),
      }),
    },
    { weight: 5, arbitrary: fc.record({ kind: fc.constant("replace" as const), at, value: strangeValue() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete" as const), at }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("extra" as const),
        at,
        key: fc.oneof(fc.constantFrom("__proto__", "constructor", "headRole", "status", "id", "tenant_id", ""), text()),
        value: strangeValue(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("wrap" as const),
        at,
        as: fc.constantFrom("array", "object", "string"),
      }),
    },
  );
}

function text(): fc.Arbitrary<string> {
  return fc.string({ maxLength: 12 });
}

type Location = { parent: unknown[] | Record<string, unknown> | null; key: string | number };

function locations(value: unknown): Location[] {
  const out: Location[] = [{ parent: null, key: "" }];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) {
      v.forEach((item, i) => {
        out.push({ parent: v, key: i });
        walk(item);
      });
    } else if (v !== null && typeof v === "object") {
      for (const [k, item] of Object.entries(v)) {
        out.push({ parent: v as Record<string, unknown>, key: k });
        walk(item);
      }
    }
  };
  walk(value);
  return out;
}

/** Applies `edits` to a copy of `value`. */
export function applyJsonEdits(value: unknown, edits: JsonEdit[]): unknown {
  const root = { v: structuredClone(value) };
  for (const edit of edits) {
    const all = locations(root.v);
    const strings = all.filter((l) => typeof (l.parent === null ? root.v : (l.parent as never)[l.key]) === "string");
    const locs = edit.kind === "taint" ? strings : all;
    if (locs.length === 0) continue;
    const loc = locs[edit.at % locs.length];
    const container = (loc.parent ?? root) as Record<string | number, unknown>;
    const key = loc.parent === null ? "v" : loc.key;
    const current = container[key];
    if (edit.kind === "taint") {
      const s = current as string;
      const i = edit.where === "start" ? 0 : edit.where === "end" ? s.length : Math.floor(s.length / 2);
      container[key] = s.slice(0, i) + edit.fragment + s.slice(i);
    } else if (edit.kind === "replace") container[key] = structuredClone(edit.value);
    else if (edit.kind === "delete") {
      if (loc.parent === null) root.v = undefined;
      else if (Array.isArray(loc.parent)) loc.parent.splice(loc.key as number, 1);
      else delete container[key];
    } else if (edit.kind === "extra") {
      const target = current !== null && typeof current === "object" && !Array.isArray(current)
        ? current as Record<string, unknown>
        : null;
      if (target) {
        Object.defineProperty(target, edit.key, {
          value: structuredClone(edit.value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else container[key] = { [edit.key]: structuredClone(edit.value) };
    } else {
      container[key] = edit.as === "array"
        ? [current]
        : edit.as === "object"
        ? { value: current }
        : JSON.stringify(current);
    }
  }
  return root.v;
}

/** An edit of the serialized body. */
export type BodyEdit =
  | { kind: "truncate"; at: number }
  | { kind: "insert"; at: number; text: string }
  | { kind: "bytes"; at: number; bytes: readonly number[] }
  | { kind: "whole"; text: string }
  | { kind: "bom" }
  | { kind: "duplicateKey"; value: unknown };

/** Draws one body edit. */
export function bodyEdit(): fc.Arbitrary<BodyEdit> {
  const at = fc.nat();
  return fc.oneof(
    fc.record({ kind: fc.constant("truncate" as const), at }),
    fc.record({
      kind: fc.constant("insert" as const),
      at,
      text: fc.constantFrom(",", "}", "]", '"', "\\", "\u0000", "//", "/*", "\n", "'", "\ud800"),
    }),
    fc.record({
      kind: fc.constant("bytes" as const),
      at,
      bytes: fc.constantFrom([0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0]),
    }),
    fc.record({
      kind: fc.constant("whole" as const),
      text: fc.constantFrom("", " ", "null", "[]", "1", '"x"', "{", "{}{}", "{}", '{"":1}', "true", "\ufeff{}", "[{}]"),
    }),
    fc.constant({ kind: "bom" as const }),
    fc.record({ kind: fc.constant("duplicateKey" as const), value: strangeValue() }),
  );
}

function spliceBytes(bytes: Uint8Array, at: number, insert: Uint8Array, remove = 0): Uint8Array {
  const i = bytes.length === 0 ? 0 : at % (bytes.length + 1);
  const out = new Uint8Array(bytes.length - remove + insert.length);
  out.set(bytes.subarray(0, i));
  out.set(insert, i);
  out.set(bytes.subarray(i + remove), i + insert.length);
  return out;
}

/** Applies `edits` to the body bytes (the JSON text of `value`). */
export function applyBodyEdits(body: Uint8Array, edits: BodyEdit[]): Uint8Array {
  const enc = new TextEncoder();
  let out = body;
  for (const edit of edits) {
    if (edit.kind === "truncate") out = out.subarray(0, out.length === 0 ? 0 : edit.at % out.length);
    else if (edit.kind === "insert") out = spliceBytes(out, edit.at, enc.encode(edit.text));
    else if (edit.kind === "bytes") out = spliceBytes(out, edit.at, new Uint8Array(edit.bytes));
    else if (edit.kind === "whole") out = enc.encode(edit.text);
    else if (edit.kind === "bom") out = spliceBytes(out, 0, new Uint8Array([0xef, 0xbb, 0xbf]));
    else {
      const text = new TextDecoder().decode(out);
      const key = /^\s*\{\s*"((?:[^"\\]|\\.)*)"/.exec(text)?.[1];
      if (key !== undefined && text.trimEnd().endsWith("}")) {
        const trimmed = text.trimEnd();
        out = enc.encode(`${trimmed.slice(0, -1)},"${key}":${toJsonText(edit.value)}}`);
      }
    }
  }
  return out;
}

/** How the body is labelled and encoded. */
export interface Envelope {
  /** `undefined` keeps the right type, `null` removes the header. */
  contentType?: string | null;
  encoding?: "gzip" | "gzip-claim" | "gzip-truncated" | "gzip-bomb" | "br" | "deflate" | "gzip, gzip" | "identity" | "";
  /** A `content-length` header that need not match the body. */
  contentLength?: string;
}

/** Draws an envelope edit. */
export function envelope(): fc.Arbitrary<Envelope> {
  return fc.record({
    contentType: fc.constantFrom(
      null,
      "text/plain",
      "application/json; charset=utf-16",
      "APPLICATION/JSON",
      "application/json;",
      "application/problem+json",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/json, text/plain",
      "",
      "text/csv",
      "application/x-ndjson",
      "application/json; charset=\u00ff",
    ),
    encoding: fc.constantFrom(
      "gzip",
      "gzip-claim",
      "gzip-truncated",
      "gzip-bomb",
      "br",
      "deflate",
      "gzip, gzip",
      "identity",
      "",
    ),
    contentLength: fc.constantFrom("0", "1", "-1", "abc", "99999999999", "1e3", " 5 ", "18446744073709551616"),
  }, { requiredKeys: [] });
}

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Applies the envelope: returns the body to send and the headers that describe it. */
export async function applyEnvelope(
  body: Uint8Array,
  rightType: string,
  env: Envelope,
): Promise<{ body: Uint8Array; headers: [string, string][] }> {
  const headers: [string, string][] = [];
  if (env.contentType !== null) headers.push(["content-type", env.contentType ?? rightType]);
  let out = body;
  switch (env.encoding) {
    case undefined:
      break;
    case "gzip":
      out = await gzip(body);
      headers.push(["content-encoding", "gzip"]);
      break;
    case "gzip-claim":
      headers.push(["content-encoding", "gzip"]);
      break;
    case "gzip-truncated":
      out = (await gzip(body)).subarray(0, 12);
      headers.push(["content-encoding", "gzip"]);
      break;
    case "gzip-bomb":
      out = await gzip(new Uint8Array(4 * 1024 * 1024).fill(0x20));
      headers.push(["content-encoding", "gzip"]);
      break;
    default:
      headers.push(["content-encoding", env.encoding]);
  }
  if (env.contentLength !== undefined) headers.push(["content-length", env.contentLength]);
  return { body: out, headers };
}

/** Percent-encodes like encodeURIComponent, but writes lone surrogates as the bytes a sloppy client would send. */
export function encodeLoose(value: string): string {
  let out = "";
  for (const ch of value) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      out += "%ED%A0%80";
    }
  }
  return out;
}

/** Query strings no well-behaved client would write. */
export const RAW_QUERY_FRAGMENTS = [
  "%",
  "%ZZ",
  "%ff",
  "a=%ED%A0%80",
  "&&&",
  "=",
  "=x",
  "a=b=c",
  "limit[]=1",
  "limit=1&limit=2",
  "cursor=%00",
  "limit=%2B1",
  "limit=1e309",
  "limit=-0",
  "limit=0x10",
  "limit=%201%20",
  "__proto__[x]=1",
  "constructor=1",
];

/** A query-string edit; `at` picks one of the declared parameters. */
export type QueryEdit =
  | { kind: "set"; at: number; value: string }
  | { kind: "dup"; at: number; value: string }
  | { kind: "unknown"; name: string; value: string }
  | { kind: "raw"; text: string }
  | { kind: "taint"; at: number; fragment: string };

/** A query value of the wrong shape. */
export function strangeQueryValue(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom("", " ", "-1", "0", "1.5", "NaN", "1e309", "9007199254740993", "true ", "yes", "null", "[]", "{}"),
    strangeString().map((s) => s.slice(0, 5000)),
  );
}

/** Draws one query edit. */
export function queryEdit(): fc.Arbitrary<QueryEdit> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({ kind: fc.constant("set" as const), at: fc.nat(), value: strangeQueryValue() }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant("dup" as const), at: fc.nat(), value: strangeQueryValue() }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("unknown" as const),
        name: fc.constantFrom("tenantId", "organizationId", "admin", "debug", "x"),
        value: strangeQueryValue(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant("raw" as const), text: fc.constantFrom(...RAW_QUERY_FRAGMENTS) }),
    },
  );
}

/** Builds the query string of `params` after `edits` (names are those the operation declares). */
export function buildQuery(params: [string, string][], names: string[], edits: QueryEdit[]): string {
  const pairs: [string, string][] = [...params];
  const raws: string[] = [];
  for (const edit of edits) {
    if (edit.kind === "raw") raws.push(edit.text);
    else if (edit.kind === "unknown") pairs.push([edit.name, edit.value]);
    else if (names.length > 0) {
      const name = names[edit.at % names.length];
      if (edit.kind === "taint") {
        const i = pairs.findIndex(([n]) => n === name);
        if (i >= 0) pairs[i] = [name, pairs[i][1] + edit.fragment];
        else pairs.push([name, edit.fragment]);
      } else if (edit.kind === "set") {
        const i = pairs.findIndex(([n]) => n === name);
        if (i >= 0) pairs[i] = [name, edit.value];
        else pairs.push([name, edit.value]);
      } else pairs.push([name, edit.value]);
    }
  }
  return [...pairs.map(([n, v]) => `${encodeLoose(n)}=${encodeLoose(v)}`), ...raws].join("&");
}

/** A path-parameter edit: the value (replacing the generated one, or appended to it), percent-encoded or as written. */
export interface PathEdit {
  at: number;
  value: string;
  raw: boolean;
  append: boolean;
}

/** Draws one path edit. */
export function pathEdit(): fc.Arbitrary<PathEdit> {
  return fc.record({
    at: fc.nat(),
    value: fc.oneof(
      fc.constantFrom("..", ".", "%2F", "a/b", "%00", "%", "%E0%A4%A", "x".repeat(5000), " ", "%20", "null", "-1"),
      strangeString().map((s) => s.slice(0, 3000)),
      taint(),
    ),
    raw: fc.boolean(),
    append: fc.boolean(),
  });
}

/** Makes a header value the Fetch API accepts: UTF-8 bytes as latin-1 characters, without CR, LF or NUL. */
export function headerSafe(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let out = "";
  for (const b of bytes) if (b !== 0 && b !== 10 && b !== 13) out += String.fromCharCode(b);
  return out;
}

/** A header to add, set or append. */
export interface HeaderEdit {
  name: string;
  value: string;
  append: boolean;
}

const HEADER_NAMES = [
  "x-request-id",
  "x-request-id",
  "x-forwarded-for",
  "origin",
  "cookie",
  "accept",
  "accept-language",
  "accept-encoding",
  "if-none-match",
  "range",
  "x-http-method-override",
  "x-tenant-id",
  "x-organization-id",
  "x-clearance-level",
  "x-portal-id",
  "x-directory-admin-key",
  "x-explore-user-token",
  "authorization",
  "x-oversized",
];

/** Draws one header edit (garbage request ids, oversized values, duplicated credentials, spoofed identity). */
export function headerEdit(): fc.Arbitrary<HeaderEdit> {
  return fc.record({
    name: fc.constantFrom(...HEADER_NAMES),
    value: fc.oneof(
      fc.constantFrom(
        "text/event-stream",
        "application/json",
        "*/*",
        '"*"',
        'W/"0"',
        "bytes=0-1",
        "DELETE",
        "Bearer",
        "Bearer ",
        "Basic dXNlcjpwYXNz",
        "a".repeat(16_384),
        "id with spaces",
        "../../x",
        "00000000-0000-4000-8000-0000000000ff",
        "3",
        "true",
      ),
      strangeString().map((s) => headerSafe(s.slice(0, 20_000))),
    ),
    append: fc.boolean(),
  });
}
