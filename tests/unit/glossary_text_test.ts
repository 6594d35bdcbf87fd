import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { stripMarkup } from "@/domain/glossary/text.ts";

/** Whitespace runs as one space, so tests state the words and not the layout. */
const words = (s: string) => s.replace(/\s+/g, " ").trim();

describe("markup stripping: HTML", () => {
  it("keeps text, decodes entities and drops scripts, styles and templates", () => {
    const html = `<html><head><style>p { color: red }</style><script>if (a < b) alert("API")</script></head>
      <body><p>R&amp;D 팀의 &lt;API&gt;&nbsp;문서 &#xC0AC;&#44284;</p><template><p>숨김</p></template>
      <noscript>자바스크립트</noscript></body></html>`;
    assert.equal(words(stripMarkup(html, "text/html")), "R&D 팀의 <API> 문서 사과");
  });

  it("glues inline elements to what follows, so a particle stays on its term", () => {
    assert.equal(
      stripMarkup("<p><b>인공지능</b>은 <a href='/x'>API</a>를</p>", "text/html").trim(),
      "인공지능은 API를",
    );
  });

  it("keeps blocks, cells and line breaks apart", () => {
    const html =
      "<div>사과</div><div>나무</div><ul><li>A</li><li>B</li></ul><table><tr><td>C</td><td>D</td></tr></table>x<br>y";
    assert.equal(words(stripMarkup(html, "text/html")), "사과 나무 A B C D x y");
  });

  it("reads an image's alternative text in its place", () => {
    assert.equal(
      words(stripMarkup('<p>그림<img src="a.png" alt="RAG 구조">설명</p>', "text/html")),
      "그림 RAG 구조 설명",
    );
  });

  it("survives broken markup and stray closing tags", () => {
    assert.equal(words(stripMarkup("</script></style>사과<p>나무<div>숲", "text/html")), "사과 나무 숲");
  });
});

describe("markup stripping: Markdown and plain text", () => {
  it("removes Markdown syntax but keeps link text, code and intra-word underscores", () => {
    const md = "# 제목\n\n**인공지능**은 *중요*하다. [링크 텍스트](https://example.com/API) `snake_case`\n\n" +
      "- 항목 하나\n- 항목 둘\n\n| 열 | 값 |\n|---|---|\n| RAG | 1 |\n\n```\ncode_block()\n```\n";
    assert.equal(
      words(stripMarkup(md, "text/markdown")),
      "제목 인공지능은 중요하다. 링크 텍스트 snake_case 항목 하나 항목 둘 열 값 RAG 1 code_block()",
    );
  });

  it("passes plain text through untouched", () => {
    const text = "<b>태그처럼 보여도</b> &amp; 그대로\n";
    assert.equal(stripMarkup(text, "text/plain"), text);
  });
});
