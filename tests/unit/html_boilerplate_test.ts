/**
 * Boilerplate removal measured on pages shaped like Korean enterprise portals': the text a search
 * should index stays whole, and the furniture every page repeats (menus, breadcrumbs, skip links,
 * the site's header and footer, sidebars, cookie notices, quick menus) is gone. Each page's
 * furniture share of the extracted text is asserted before (what a tag-only filter kept) and after.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractHtml } from "@/domain/rag/extract/html.ts";

const NOTICE = `<!doctype html><html lang="ko"><head><title>공지</title></head><body>
<div id="skipnav"><a href="#contents">본문 바로가기</a><a href="#gnb">주메뉴 바로가기</a></div>
<div id="header"><h1 class="logo">한빛상사 그룹웨어</h1>
  <div class="gnb"><ul><li>회사소개</li><li>공지사항</li><li>고객센터</li><li>전자결재</li></ul></div>
  <ul class="util"><li>로그아웃</li><li>사이트맵</li></ul></div>
<div id="container">
  <div class="lnb"><h2>게시판</h2><ul><li>공지사항</li><li>자료실</li><li>자유게시판</li></ul></div>
  <div class="breadcrumb">홈 &gt; 게시판 &gt; 공지사항</div>
  <div id="contents">
    <h2>2026년 연차 사용 안내</h2>
    <p>올해 연차는 12월 31일까지 사용해야 하며, 남은 연차는 이월되지 않습니다.</p>
    <table><tr><th>구분</th><th>기한</th></tr><tr><td>연차 신청</td><td>12월 20일</td></tr></table>
  </div>
</div>
<div id="footer"><p>서울특별시 중구 세종대로 1 한빛상사 대표전화 02-1234-5678</p><p>Copyright © 한빛상사. All rights reserved.</p></div>
<div class="quick-menu"><a>인사정보</a><a>식단표</a><a>TOP</a></div>
</body></html>`;

const ARTICLE = `<!doctype html><html lang="ko"><body>
<header><a>홈</a><nav><a>뉴스</a><a>공지</a></nav><form role="search"><input placeholder="검색어"></form></header>
<main>
  <article>
    <header><h1>보안 점검 결과 안내</h1><p>작성자 정보보호팀 · 2026-11-20</p></header>
    <p>11월 정기 보안 점검에서 취약한 비밀번호 사용 계정 14건이 확인되었습니다.</p>
    <p>해당 직원은 11월 30일까지 비밀번호를 변경해야 합니다.</p>
    <footer>문의: 정보보호팀 내선 4321</footer>
  </article>
  <aside role="complementary"><h2>많이 본 글</h2><ul><li>복리후생 안내</li><li>출장 규정</li></ul></aside>
</main>
<footer><p>개인정보처리방침 | 이용약관</p></footer>
<div class="cookie-banner">이 사이트는 쿠키를 사용합니다. <button>동의</button></div>
</body></html>`;

const FURNITURE = [
  "본문 바로가기",
  "전자결재",
  "로그아웃",
  "자유게시판",
  "홈 > 게시판",
  "대표전화",
  "Copyright",
  "식단표",
  "검색어",
  "많이 본 글",
  "복리후생 안내",
  "개인정보처리방침",
  "쿠키",
];

const textOf = (html: string) =>
  extractHtml(html).sections.map((s) => `${s.headingPath.join(" > ")}\n${s.text}`).join("\n");

/** The share of the text's characters that belong to lines holding furniture. */
function furnitureShare(text: string): number {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const furniture = lines.filter((l) => FURNITURE.some((f) => l.includes(f)));
  return furniture.join("").length / Math.max(1, lines.join("").length);
}

describe("HTML boilerplate", () => {
  it("keeps a notice page's text and table, and drops its menus, breadcrumb, skip links, footer and quick menu", () => {
    const text = textOf(NOTICE);
    assert.match(text, /2026년 연차 사용 안내/);
    assert.match(text, /남은 연차는 이월되지 않습니다\./);
    assert.match(text, /연차 신청 \| 12월 20일/);
    assert.equal(furnitureShare(text), 0, text);
  });

  it("keeps an article's own header and footer, and drops the page's, the sidebar, search and cookie notice", () => {
    const text = textOf(ARTICLE);
    assert.match(text, /보안 점검 결과 안내/);
    assert.match(text, /작성자 정보보호팀/);
    assert.match(text, /비밀번호를 변경해야 합니다\./);
    assert.match(text, /문의: 정보보호팀 내선 4321/);
    assert.equal(furnitureShare(text), 0, text);
  });

  it("was mostly furniture before: what a tag-only filter (script, style, nav) kept of these pages", () => {
    // The same pages with only the old rule applied: every element but script/style/nav/head survives.
    const naive = (html: string) =>
      html.replace(/<(nav|head|script|style)[\s\S]*?<\/\1>/g, "").replace(/<[^>]+>/g, "\n")
        .replace(/&gt;/g, ">").split("\n").map((l) => l.trim()).filter(Boolean).join("\n");
    assert.ok(furnitureShare(naive(NOTICE)) > 0.4, `notice: ${furnitureShare(naive(NOTICE)).toFixed(2)}`);
    assert.ok(furnitureShare(naive(ARTICLE)) > 0.2, `article: ${furnitureShare(naive(ARTICLE)).toFixed(2)}`);
  });
});
