import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { TOTAL_CAP, totalOf } from "@/lib/list_total.ts";
import { Pager } from "@/routes/_console_kit/mod.ts";

const foot = (total: { count: number; capped: boolean }) =>
  String(Pager({ lang: "en", view: "users", params: {}, shown: 20, next: "c", total })).replace(/<[^>]+>/g, "");

describe("list totals", () => {
  it("counts exactly up to the cap and says 'cap+' past it", () => {
    assert.deepEqual(totalOf(0), { count: 0, capped: false });
    assert.deepEqual(totalOf(TOTAL_CAP), { count: TOTAL_CAP, capped: false });
    assert.deepEqual(totalOf(TOTAL_CAP + 1), { count: TOTAL_CAP, capped: true });
  });

  it("writes the total in the list's foot with thousands separated, and a capped one with a plus", () => {
    assert.match(foot({ count: 1234, capped: false }), /^Total 1,234 rows · 20 shown/);
    assert.match(foot(totalOf(TOTAL_CAP + 1)), /^Total 10,000\+ rows · /);
  });
});
