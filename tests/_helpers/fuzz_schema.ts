/**
 * Valid-ish values for the JSON Schemas of an OpenAPI 3.1 document, as fast-check
 * arbitraries: enough of the schema dialect the service emits ($ref, anyOf, enum,
 * type lists, formats, patterns, bounds, strict objects) to build requests that
 * get past validation, so that mutations of them probe one thing at a time.
 */
import fc from "fast-check";

/** A JSON Schema node as it appears in the OpenAPI document. */
export type Schema = { [key: string]: unknown };

/** Where values come from besides the schema itself. */
export interface SchemaHints {
  /** UUIDs the service issued or the test set up; most `format: uuid` values are picked from here. */
  ids: () => readonly string[];
  /** An override for the value at a dotted path (`registrant.id`, `organizationIds.*`), if any. */
  field?: (path: string) => fc.Arbitrary<unknown> | undefined;
}

const MAX_DEPTH = 6;
const MAX_ITEMS = 3;
const MAX_TEXT = 24;

const HANGUL = fc.integer({ min: 0xac00, max: 0xd7a3 }).map((c) => String.fromCharCode(c));
const WORD_CHAR = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_. ");

/** Plain text a person might type: ASCII, Hangul, or any grapheme. */
export function text(minLength = 0, maxLength = MAX_TEXT): fc.Arbitrary<string> {
  const max = Math.max(minLength, Math.min(maxLength, MAX_TEXT));
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: WORD_CHAR, minLength, maxLength: max }) },
    { weight: 3, arbitrary: fc.string({ unit: HANGUL, minLength, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength, maxLength: max }) },
  ).filter((s) => s.length >= minLength && s.length <= maxLength);
}

const NIL_V4 = "00000000-0000-4000-8000-000000000000";

/** A UUID from the known pool (most of the time) or a fresh one. */
export function uuidFrom(ids: () => readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.nat().map((i) => ids()[i % Math.max(1, ids().length)] ?? NIL_V4) },
    { weight: 1, arbitrary: fc.uuid({ version: [4, 7] }) },
  );
}

function resolve(schema: Schema, components: Record<string, Schema>): Schema {
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  const name = ref.replace("#/components/schemas/", "");
  const target = components[name];
  if (!target) throw new Error(`unresolved $ref ${ref}`);
  return resolve(target, components);
}

function num(v: unknown): number | undefined {
  return typeof v === "number" ? v : undefined;
}

function stringValue(s: Schema, hints: SchemaHints): fc.Arbitrary<unknown> {
  const min = num(s.minLength) ?? 0;
  const max = num(s.maxLength) ?? 200;
  switch (s.format) {
    case "uuid":
      return uuidFrom(hints.ids);
    case "date-time":
      return fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) =>
        d.toISOString()
      );
    case "email":
      return fc.emailAddress().filter((e) => e.length <= max);
    case "uri":
      return fc.webUrl().filter((u) => u.length <= max);
  }
  if (typeof s.pattern === "string") {
    return fc.stringMatching(new RegExp(s.pattern), { size: "xsmall" }).filter((v) =>
      v.length >= min && v.length <= max
    );
  }
  return text(min, max);
}

function numberValue(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = num(s.minimum) ?? (integer ? -1000 : -1e6);
  const max = num(s.maximum) ?? (integer ? 1_000_000 : 1e6);
  if (integer) {
    const lo = Math.max(min, Number.MIN_SAFE_INTEGER);
    const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
    return fc.oneof(fc.constantFrom(lo, hi), fc.integer({ min: lo, max: Math.min(hi, lo + 1_000_000) }));
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectValue(s: Schema, path: string, hints: SchemaHints, components: Record<string, Schema>, depth: number) {
  const props = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set((s.required ?? []) as string[]);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(props)) {
    // A field documented as not writable (no type) is left to the mutations.
    if (Object.keys(sub).every((k) => k === "description") && !required.has(key)) continue;
    model[key] = valueFor(sub, { hints, components, path: path ? `${path}.${key}` : key, depth: depth + 1 });
  }
  return fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
}

/** What `valueFor` needs besides the schema. */
export interface ValueContext {
  hints: SchemaHints;
  components: Record<string, Schema>;
  /** The dotted path of the value (`""` for the body itself; array items add `*`). */
  path?: string;
  depth?: number;
}

/** An arbitrary of values that (mostly) satisfy `schema`. */
export function valueFor(schema: Schema, ctx: ValueContext): fc.Arbitrary<unknown> {
  const { hints, components } = ctx;
  const path = ctx.path ?? "";
  const depth = ctx.depth ?? 0;
  const override = path ? hints.field?.(path) : undefined;
  if (override) return override;
  const s = resolve(schema, components);
  if (depth > MAX_DEPTH) return fc.constant(null);
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((a) => valueFor(a, { ...ctx, path, depth })));
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  if ("const" in s) return fc.constant(s.const);
  const types = Array.isArray(s.type) ? s.type as string[] : s.type ? [s.type as string] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((t) => valueFor({ ...s, type: t }, { ...ctx, path, depth })));
  }
  switch (types[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return numberValue(s, true);
    case "number":
      return numberValue(s, false);
    case "string":
      return stringValue(s, hints);
    case "array": {
      const minLength = num(s.minItems) ?? 0;
      const items = valueFor((s.items ?? {}) as Schema, { ...ctx, path: `${path}.*`, depth: depth + 1 });
      return fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(num(s.maxItems) ?? 10, MAX_ITEMS)) });
    }
    case "object":
      return objectValue(s, path, hints, components, depth);
  }
  return fc.jsonValue({ maxDepth: 2 });
}
