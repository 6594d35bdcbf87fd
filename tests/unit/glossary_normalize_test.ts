import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { foldText, normalizeNotation } from "@/domain/glossary/normalize.ts";

describe("notation normalization", () => {
  it("treats full-width and half-width forms as one notation", () => {
    assert.equal(normalizeNotation("ＡＰＩ"), "api");
    assert.equal(normalizeNotation("ｶﾌｪ"), normalizeNotation("カフェ"));
    assert.equal(normalizeNotation("ＫＰＩ　지표"), "kpi 지표");
  });

  it("folds case without regard to locale, Turkish i included", () => {
    for (const s of ["API", "api", "Api", "APİ", "apı"]) assert.equal(normalizeNotation(s), "api", s);
    assert.equal(normalizeNotation("STRASSE"), normalizeNotation("Straße"));
    assert.equal(normalizeNotation("ΟΔΟΣ"), normalizeNotation("οδος"));
  });

  it("folds every run of Unicode whitespace to one space and trims", () => {
    assert.equal(normalizeNotation("  Machine \t\n Learning\u00a0 "), "machine learning");
    assert.equal(normalizeNotation("인공\u3000\u2003지능"), "인공 지능");
    assert.equal(normalizeNotation(" \n\t "), "");
  });

  it("composes decomposed Hangul and drops invisible characters", () => {
    assert.equal(normalizeNotation("사과".normalize("NFD")), "사과");
    assert.equal(normalizeNotation("인공\u200b지능\u200d"), "인공지능");
    assert.equal(normalizeNotation("\ufeffRAG"), "rag");
  });

  it("is idempotent", () => {
    const samples = [
      "ＡＰＩ  Gateway",
      "Straße",
      "ｶﾞｲﾄﾞ",
      "㈜한국",
      "e\u0301cole",
      "𝐀𝐈 모델",
      " x\u3099 y ",
      "ﬁle\u00a0",
    ];
    for (const s of samples) assert.equal(normalizeNotation(normalizeNotation(s)), normalizeNotation(s), s);
  });

  it("leaves a notation that is already folded as it is", () => {
    assert.equal(normalizeNotation("데이터 품질 관리"), "데이터 품질 관리");
    assert.equal(normalizeNotation("k8s"), "k8s");
  });
});

describe("text folding", () => {
  it("maps every folded unit back to the original characters it came from", () => {
    const text = "A\u200b  ㈜Ｂ\n\ne\u0301𝐂";
    const folded = foldText(text);
    assert.equal(folded.text, "a (주)b é" + "c");
    const spans = Array.from(folded.text, (_, i) => text.slice(folded.srcStart[i], folded.srcEnd[i]));
    assert.deepEqual(spans, ["A", "  ", "㈜", "㈜", "㈜", "Ｂ", "\n\n", "e\u0301", "𝐂"]);
  });

  it("folds a substring the way it folds inside a longer text", () => {
    const notation = "ＡＰＩ 게이트웨이";
    assert.ok(foldText(`우리 ${notation}는`).text.includes(normalizeNotation(notation)));
  });
});
