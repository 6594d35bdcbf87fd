import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { findAcronyms } from "@/domain/glossary/acronyms.ts";

describe("acronym candidates", () => {
  it("finds capital acronyms next to Hangul, punctuation and spaces", () => {
    assert.deepEqual(findAcronyms("RAG는 LLM을 쓰고, K8S 위의 API(REST)와 클라우드ETL로 간다."), [
      "RAG",
      "LLM",
      "K8S",
      "API",
      "REST",
      "ETL",
    ]);
  });

  it("returns each acronym once in its NFKC form, whatever its width", () => {
    assert.deepEqual(findAcronyms("ＲＡＧ와 RAG, 다시 ＲＡＧ"), ["RAG"]);
  });

  it("drops a plural s but not a lower-case word", () => {
    assert.deepEqual(findAcronyms("LLMs and APIs, K8s, RAGtime, Api"), ["LLM", "API"]);
  });

  it("ignores numbers, roman numerals, grid references, identifiers and noise", () => {
    assert.deepEqual(findAcronyms("2024 A4 II IV XII 제III장 OK PM 10 AM DATABASE_URL A3F9C2 COVID-19 B2B"), [
      "COVID",
      "B2B",
    ]);
  });

  it("ignores runs longer than ten characters and words in lower case", () => {
    assert.deepEqual(findAcronyms("ABCDEFGHIJK api rag"), []);
  });
});
