import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractiveAnswer } from "@/domain/rag/citations.ts";
import type { SearchContext } from "@/domain/rag/schemas.ts";

/** A context as the search returns it; only the text fields matter to the extractive answer. */
function context(content: string, headingPath: string[]): SearchContext {
  return { content, headingPath } as SearchContext;
}

describe("extractive answers", () => {
  it("never quote a chunk's heading line as a sentence, even when it matches the question best", () => {
    const answer = extractiveAnswer("연차 휴가 규정은 무엇인가요?", [
      context("연차 휴가 규정\n연차 휴가는 근태 메뉴에서 신청하며, 팀장이 승인합니다.", ["연차 휴가 규정"]),
      context("제3장 복무 > 제10조 연차 휴가 규정\n휴가는 미리 신청합니다. 연차는 이월되지 않습니다.", [
        "제3장 복무",
        "제10조 연차 휴가 규정",
      ]),
    ]);
    assert.doesNotMatch(answer, /규정 \[/, answer);
    assert.doesNotMatch(answer, /제10조/);
    assert.match(answer, /근태 메뉴에서 신청하며, 팀장이 승인합니다\. \[1\]/);
  });

  it("keeps a chunk without headings whole, first line included", () => {
    const answer = extractiveAnswer("연차 신청", [context("연차 신청은 포털에서 합니다.\n승인은 팀장이 합니다.", [])]);
    assert.match(answer, /연차 신청은 포털에서 합니다\. \[1\]/);
  });
});
