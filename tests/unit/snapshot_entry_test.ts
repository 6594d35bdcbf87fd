/**
 * The snapshot body's fast path (`entryFromBytes`) reads an entry's bytes without JSON.parse; whatever it takes
 * must come out exactly as the slow path (JSON.parse, the AuthorizationEntry schema, canonicalAssignments) would have it: on
 * entries built from valid and invalid parts alike, written compactly, spaced, reordered or with bytes changed,
 * it either declines or gives the same user, count and canonical bytes.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { entryFromBytes } from "@/routes/directory/_snapshot_entry_bytes.ts";
import { canonicalAssignments, schemas } from "@/domain/directory/mod.ts";

const utf8 = new TextEncoder();
const text = new TextDecoder();

/** The slow path's reading of `bytes`, or null where it refuses them. */
function slow(bytes: Uint8Array) {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  const parsed = schemas.AuthorizationEntry.safeParse(value);
  if (!parsed.success) return null;
  const { json, count } = canonicalAssignments(parsed.data.assignments);
  return { userId: parsed.data.userId.toLowerCase(), assignments: json, count };
}

const field = <T>(good: fc.Arbitrary<T>) => fc.oneof({ weight: 9, arbitrary: good }, fc.anything());
/** Sometimes a key the schema does not know. */
const withStray = <T extends object>(a: fc.Arbitrary<T>) =>
  fc.tuple(a, fc.option(fc.tuple(fc.string(), fc.anything()), { freq: 8 })).map(([v, stray]) =>
    stray ? { ...v, [stray[0]]: stray[1] } : v
  );
const uuidLike = fc.oneof(
  { weight: 6, arbitrary: fc.uuid() },
  fc.uuid().map((u) => u.toUpperCase()),
  fc.constantFrom("00000000-0000-0000-0000-000000000000", "not-a-uuid", "ffffffff-ffff-ffff-ffff-ffffffffffff"),
  fc.stringMatching(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/),
);
const textOf = (max: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ maxLength: 12, unit: "grapheme" }) },
    fc.string({ minLength: max - 1, maxLength: max + 1 }),
    fc.string({ minLength: max - 1, maxLength: max + 1, unit: "grapheme" }),
    fc.constantFrom("팀", "사업장 7", "열람자", "", " ", "a\\b", 'q"', "\t", "\u2028", "😀", "\ud800", "\u007f"),
    fc.constantFrom("가".repeat(max), "가".repeat(max + 1), "é".repeat(max), "😀".repeat(max / 2)),
  );
const assignment = withStray(fc.record(
  {
    kind: field(fc.constantFrom("GROUP", "ROLE", "PERMISSION", "OWNER", "group")),
    key: field(textOf(300)),
    label: field(textOf(500)),
    scope: field(fc.option(textOf(500))),
  },
  { requiredKeys: ["kind", "key", "label"] },
));
const entry = withStray(fc.record(
  { userId: field(uuidLike), assignments: field(fc.array(field(assignment), { maxLength: 4 })) },
  { requiredKeys: [] },
));

/** How an entry's JSON is written: compact, spaced, or with its members reversed. */
const written = fc.constantFrom(
  (v: unknown) => JSON.stringify(v),
  (v: unknown) => JSON.stringify(v, null, "\t"),
  (v: unknown) =>
    JSON.stringify(
      v,
      (_k, x) => x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).reverse()) : x,
    ),
);
/** Ordinary entries: what the fast path is for. */
const ordinary = fc.record({
  userId: fc.uuid(),
  assignments: fc.array(
    fc.record({
      kind: fc.constantFrom("GROUP", "ROLE", "PERMISSION"),
      key: fc.oneof(fc.string({ minLength: 1, maxLength: 3 }), fc.constantFrom("팀", "site-1", "menu/2", "é")),
      label: fc.constantFrom("팀 1", "사업장", "a", "b", "열람자"),
      scope: fc.option(fc.constantFrom("", "portal", "문서", "menu/1")),
    }, { requiredKeys: ["kind", "key", "label"] }),
    { maxLength: 6 },
  ),
});
/** Control characters, JSON punctuation, and the bytes where UTF-8 has its edges. */
const edgeByte = fc.constantFrom(
  0x00,
  0x09,
  0x1f,
  0x20,
  0x22,
  0x2c,
  0x3a,
  0x5c,
  0x7b,
  0x7d,
  0x80,
  0x9f,
  0xa0,
  0xbf,
  0xc0,
  0xc1,
  0xc2,
  0xdf,
  0xe0,
  0xed,
  0xef,
  0xf0,
  0xf4,
  0xff,
);
/** A third of the time one byte changed, dropped or doubled. */
const mutated = (bytes: Uint8Array) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant(null) },
    fc.tuple(fc.nat(bytes.length - 1), fc.oneof(fc.integer({ min: 0, max: 255 }), edgeByte), fc.constantFrom(0, 1, 2)),
  ).map((m) => {
    if (!m) return bytes;
    const [at, byte, how] = m;
    const list = [...bytes];
    if (how === 0) list[at] = byte;
    else if (how === 1) list.splice(at, 1);
    else list.splice(at, 0, list[at]);
    return Uint8Array.from(list);
  });

describe("the snapshot entry fast path", () => {
  it("declines or agrees with the slow path exactly", () => {
    let taken = 0;
    fc.assert(
      fc.property(
        fc.tuple(fc.oneof({ weight: 4, arbitrary: ordinary }, { weight: 4, arbitrary: entry }, fc.anything()), written)
          .chain(([v, write]) => mutated(utf8.encode(write(v) ?? "null"))),
        (bytes) => {
          const fast = entryFromBytes(bytes);
          if (fast === null) return;
          taken++;
          const expected = slow(bytes);
          assert.ok(expected, `the fast path took what the slow path refuses: ${text.decode(bytes)}`);
          assert.deepEqual({ ...fast, assignments: text.decode(fast.assignments) }, expected);
        },
      ),
      { numRuns: 20_000 },
    );
    assert.ok(taken > 2_000, `the fast path took ${taken} entries: the property was barely exercised`);
  });

  it("takes ordinary entries, spaced or not, and leaves odd ones to the slow path", () => {
    const userId = crypto.randomUUID();
    const ok = {
      userId: userId.toUpperCase(),
      assignments: [
        { kind: "ROLE", key: "viewer", label: "열람자" },
        { kind: "GROUP", key: "g", label: "그룹", scope: null },
        { kind: "ROLE", key: "viewer", label: "열람자", scope: null },
        { kind: "GROUP", key: "g", label: "그룹", scope: "" },
      ],
    };
    const canonical = '[{"kind":"GROUP","key":"g","label":"그룹","scope":null},' +
      '{"kind":"GROUP","key":"g","label":"그룹","scope":""},{"kind":"ROLE","key":"viewer","label":"열람자","scope":null}]';
    for (const json of [JSON.stringify(ok), JSON.stringify(ok, null, 2)]) {
      const fast = entryFromBytes(utf8.encode(json))!;
      assert.deepEqual({ ...fast, assignments: text.decode(fast.assignments) }, {
        userId,
        assignments: canonical,
        count: 3,
      });
    }
    const declined = (v: unknown) => entryFromBytes(utf8.encode(typeof v === "string" ? v : JSON.stringify(v)));
    assert.equal(declined({ ...ok, extra: 1 }), null);
    assert.equal(declined({ ...ok, assignments: [{ kind: "OWNER", key: "k", label: "l" }] }), null);
    assert.equal(declined({ ...ok, assignments: [{ kind: "ROLE", key: "a\\b", label: "l" }] }), null, "an escape");
    assert.equal(declined({ ...ok, assignments: [{ kind: "ROLE", key: "😀", label: "l" }] }), null, "outside the BMP");
    assert.equal(declined({ ...ok, assignments: [{ kind: "ROLE", key: "가".repeat(301), label: "l" }] }), null);
    assert.equal(declined({ ...ok, userId: "00000000-0000-0000-0000-000000000000" }), null);
    assert.equal(declined(`{"userId":"${userId}","assignments":[],"userId":"${userId}"}`), null, "a repeated member");
    assert.equal(
      declined(`{"userId":"${userId}","assignments":[{"kind":"ROLE","kind":"ROLE","key":"k","label":"l"}]}`),
      null,
    );
    assert.equal(declined(`{"userId":"${userId}"}`), null, "no assignments");
    const raw = (bytes: number[]) =>
      entryFromBytes(Uint8Array.from([
        ...utf8.encode(`{"userId":"${userId}","assignments":[{"kind":"ROLE","label":"l","key":"`),
        ...bytes,
        ...utf8.encode(`"}]}`),
      ]));
    assert.ok(raw([0x6b]));
    assert.ok(raw([0xea, 0xb0, 0x80]), "가");
    for (const bad of [[0x1f], [0x09], [0x80], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xea, 0xb0]]) {
      assert.equal(raw(bad), null, `bytes ${bad}`);
    }
    assert.ok(
      declined({
        userId,
        assignments: Array.from({ length: 10_000 }, (_, i) => ({ kind: "ROLE", key: `${i}`, label: "l" })),
      }),
    );
    assert.equal(
      declined({
        userId,
        assignments: Array.from({ length: 10_001 }, (_, i) => ({ kind: "ROLE", key: `${i}`, label: "l" })),
      }),
      null,
    );
  });
});

describe("canonical assignments", () => {
  const assignmentValue = fc.record({
    kind: fc.constantFrom("GROUP" as const, "ROLE" as const, "PERMISSION" as const),
    key: fc.string({ maxLength: 4, unit: "binary" }),
    label: fc.constantFrom("a", "b", '"', "\\", "\n", "\ud800", "😀", "팀"),
    scope: fc.option(fc.constantFrom("", "x", "\u0001")),
  });

  it("is valid JSON of the set, whatever the order and repetition of its elements", () => {
    fc.assert(
      fc.property(fc.array(assignmentValue, { maxLength: 6 }), fc.integer(), (list, seed) => {
        const shuffled = [...list, ...list.slice(0, 2)].sort(() =>
          (seed = (seed * 1103515245 + 12345) | 0) & 1 ? 1 : -1
        );
        const a = canonicalAssignments(list);
        const b = canonicalAssignments(shuffled);
        assert.equal(a.json, b.json, "the same set gives the same text");
        const parsed = JSON.parse(a.json) as Array<Record<string, unknown>>;
        const distinct = new Set(list.map((x) => JSON.stringify([x.kind, x.key, x.label, x.scope])));
        assert.equal(a.count, distinct.size);
        assert.deepEqual(
          new Set(parsed.map((x) => JSON.stringify([x.kind, x.key, x.label, x.scope]))),
          distinct,
        );
      }),
      { numRuns: 3_000 },
    );
  });
});
