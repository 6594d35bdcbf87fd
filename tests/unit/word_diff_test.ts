import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { type DiffPart, wordDiff } from "@/routes/_console_kit/diff.ts";

const side = (parts: DiffPart[], drop: "-" | "+") => parts.filter((p) => p.op !== drop).map((p) => p.text).join("");

describe("word diff", () => {
  it("marks only the changed word of a definition, keeping the rest", () => {
    assert.deepEqual(wordDiff("전자 문서로 하는 결재", "전자 문서로 처리하는 결재"), [
      { op: "=", text: "전자 문서로 " },
      { op: "-", text: "하는" },
      { op: "+", text: "처리하는" },
      { op: "=", text: " 결재" },
    ]);
  });

  it("reports a whole new text as one addition and a line break as a change of its own", () => {
    assert.deepEqual(wordDiff("", "전자 문서로 하는 결재"), [{ op: "+", text: "전자 문서로 하는 결재" }]);
    assert.deepEqual(wordDiff("첫 줄\n둘째 줄", "첫 줄\n\n둘째 줄"), [
      { op: "=", text: "첫 줄" },
      { op: "-", text: "\n" },
      { op: "+", text: "\n\n" },
      { op: "=", text: "둘째 줄" },
    ]);
  });

  it("always rebuilds both texts: kept and removed give the old one, kept and added the new one", () => {
    const text = fc.array(fc.constantFrom("가", "나", "a", "b", " ", "\n"), { maxLength: 30 }).map((c) => c.join(""));
    fc.assert(fc.property(text, text, (before, after) => {
      const parts = wordDiff(before, after);
      assert.equal(side(parts, "+"), before);
      assert.equal(side(parts, "-"), after);
    }));
  });

  it("shows an oversized pair as one removal and one addition instead of building a huge table", () => {
    const long = (w: string) => Array(600).fill(w).join(" ");
    assert.deepEqual(wordDiff(long("a"), long("b")), [{ op: "-", text: long("a") }, { op: "+", text: long("b") }]);
  });
});
