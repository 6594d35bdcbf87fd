/**
 * The snapshot body's fast path (`plainEntry`) may take only entries the schema accepts: on entries built
 * from valid and invalid parts alike, whenever it says yes, EntrySchema must say yes too.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { EntrySchema, plainEntry } from "@/routes/directory/_snapshot_body.ts";
import { canonicalAssignments } from "@/domain/directory/mod.ts";

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

describe("the snapshot entry fast path", () => {
  it("never accepts an entry the schema refuses", () => {
    let taken = 0;
    fc.assert(
      fc.property(fc.oneof({ weight: 4, arbitrary: entry }, fc.anything()), (v) => {
        if (!plainEntry(v)) return;
        taken++;
        assert.ok(EntrySchema.safeParse(v).success, JSON.stringify(v));
      }),
      { numRuns: 20_000 },
    );
    assert.ok(taken > 100, `the fast path took ${taken} entries: the property was barely exercised`);
  });

  it("takes an ordinary entry, and leaves odd ones to the schema", () => {
    const ok = {
      userId: crypto.randomUUID(),
      assignments: [{ kind: "ROLE", key: "viewer", label: "열람자" }, {
        kind: "GROUP",
        key: "g",
        label: "그룹",
        scope: null,
      }],
    };
    assert.equal(plainEntry(ok), true);
    assert.equal(plainEntry({ ...ok, extra: 1 }), false);
    assert.equal(plainEntry({ ...ok, assignments: [{ kind: "OWNER", key: "k", label: "l" }] }), false);
    assert.equal(plainEntry(JSON.parse(`{"userId":"${ok.userId}","assignments":[],"__proto__":{}}`)), false);
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
