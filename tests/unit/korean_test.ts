import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  analyze,
  bigrams,
  buildSynonyms,
  expandQuery,
  normalize,
  stem,
  toTsqueryText,
  toTsvectorText,
} from "@/domain/rag/text/korean.ts";

/** Asserts the stem of each word. */
function stems(cases: [word: string, expected: string][]) {
  for (const [word, expected] of cases) assert.equal(stem(word), expected, word);
}

describe("normalize", () => {
  it("folds full-width letters, digits and punctuation and lower-cases them", () => {
    assert.equal(normalize("ＡＰＩ　Ｖ２，　Ｈｅｌｌｏ"), "api v2, hello");
  });

  it("removes zero-width spaces and soft hyphens inside words", () => {
    assert.equal(normalize("국\u200b가\u00ad보안법\ufeff"), "국가보안법");
  });

  it("composes decomposed Hangul and collapses whitespace", () => {
    assert.equal(normalize(" 한국어\t\n 검색 ".normalize("NFD")), "한국어 검색");
  });
});

describe("stripping particles (josa)", () => {
  it("strips case particles in both of their alternating forms", () => {
    stems([
      ["학생은", "학생"],
      ["친구는", "친구"],
      ["책이", "책"],
      ["학교가", "학교"],
      ["책을", "책"],
      ["사과를", "사과"],
      ["학교의", "학교"],
      ["서울에", "서울"],
      ["서울에서", "서울"],
      ["친구에게", "친구"],
      ["선생님께서", "선생님"],
      ["학교로", "학교"],
      ["서울로", "서울"],
      ["손으로", "손"],
      ["친구와", "친구"],
      ["책과", "책"],
    ]);
  });

  it("strips auxiliary and conjunctive particles", () => {
    stems([
      ["학생도", "학생"],
      ["학생만", "학생"],
      ["서울까지", "서울"],
      ["아침부터", "아침"],
      ["동생보다", "동생"],
      ["사과처럼", "사과"],
      ["책이나", "책"],
      ["친구랑", "친구"],
      ["동생이랑", "동생"],
      ["회장으로서", "회장"],
    ]);
  });

  it("strips stacked particles and the plural", () => {
    stems([["정부와의", "정부"], ["서울에서는", "서울"], ["학생들에게", "학생"], ["회의까지도", "회의"], [
      "사람들의",
      "사람",
    ]]);
  });
});

describe("stripping endings (eomi)", () => {
  it("reduces inflected 하다 and 되다 verbs to their noun", () => {
    stems([
      ["발표합니다", "발표"],
      ["발표했다", "발표"],
      ["발표하는", "발표"],
      ["발표하여", "발표"],
      ["발표되었다", "발표"],
      ["발표했으며", "발표"],
      ["발표하고", "발표"],
      ["발표한", "발표"],
      ["발표된", "발표"],
      ["발표하였다", "발표"],
      ["지명수배됐다", "지명수배"],
      ["체포당했다", "체포"],
      ["개편시켰다", "개편"],
    ]);
  });

  it("strips an ending that a particle follows", () => {
    stems([["발표하기를", "발표"], ["지명수배됨을", "지명수배"]]);
  });

  it("strips the copula after consonants and vowels", () => {
    stems([["학생이다", "학생"], ["왕비이다", "왕비"], ["교수였다", "교수"], ["민간단체인", "민간단체"], [
      "대통령이며",
      "대통령",
    ]]);
  });

  it("strips past tense on other verbs, including the contracted forms", () => {
    stems([["있었다", "있"], ["있으며", "있"], ["태어났다", "태어나"], ["이뤄졌을", "이뤄져"]]);
  });
});

describe("not over-stripping", () => {
  it("keeps nouns whose last syllable looks like a particle", () => {
    stems([
      ["나이", "나이"],
      ["이가", "이가"],
      ["학교", "학교"],
      ["사과", "사과"],
      ["국가", "국가"],
      ["대가", "대가"],
      ["정도", "정도"],
      ["인도", "인도"],
      ["대만", "대만"],
      ["하나", "하나"],
      ["바나나", "바나나"],
      ["아시아", "아시아"],
      ["분야", "분야"],
      ["바다", "바다"],
      ["캐나다", "캐나다"],
      ["함께", "함께"],
      ["조선", "조선"],
      ["사람", "사람"],
    ]);
  });

  it("keeps nouns whose last syllable looks like a verb ending", () => {
    stems([["제한", "제한"], ["포함", "포함"], ["원인", "원인"], ["개인", "개인"], ["독일", "독일"], ["피해", "피해"]]);
  });

  it("strips only the particle from nouns ending like one", () => {
    stems([["나이가", "나이"], ["국가가", "국가"], ["나라는", "나라"], ["우크라이나의", "우크라이나"], [
      "바다가",
      "바다",
    ]]);
  });

  it("leaves single syllables and words that are all suffix alone", () => {
    stems([["책", "책"], ["이", "이"], ["에서", "에서"]]);
  });
});

describe("analyze", () => {
  it("splits a Latin word from its particle and drops the particle", () => {
    assert.deepEqual(analyze("API는 ＡＰＩ를 API서버는"), ["api", "api", "api", "서버"]);
  });

  it("keeps numbers apart from their unit, without thousands separators", () => {
    assert.deepEqual(analyze("1989년에 1,300만 명이 2.42m를"), ["1989", "년", "1300", "명", "2.42", "m"]);
  });

  it("drops particles after brackets and quotes", () => {
    assert.deepEqual(analyze("《도둑들》에서 'BTS'라는 (2012)에"), ["도둑", "bts", "2012"]);
  });

  it("keeps Latin and Hanja words whole and lower-cased", () => {
    assert.deepEqual(analyze("Hello World 任鍾晳"), ["hello", "world", "任鍾晳"]);
  });

  it("drops question words", () => {
    assert.deepEqual(analyze("테드 번디가 태어난 날은 언제인가? 누가 무엇을"), ["테드", "번디", "태어난", "날"]);
  });

  it("gives nothing for punctuation and empty text", () => {
    assert.deepEqual(analyze(" ?!… "), []);
  });
});

describe("bigrams", () => {
  it("gives overlapping pairs of each run", () => {
    assert.deepEqual(bigrams("국가보안법 위반"), ["국가", "가보", "보안", "안법", "위반"]);
  });

  it("gives a one-character run as itself", () => {
    assert.deepEqual(bigrams("가, 나"), ["가", "나"]);
  });

  it("pairs across Hangul, Latin and digits after normalizing", () => {
    assert.deepEqual(bigrams("ＡＰＩ는 1989년"), ["ap", "pi", "i는", "19", "98", "89", "9년"]);
  });

  it("gives nothing for empty text", () => {
    assert.deepEqual(bigrams(""), []);
  });
});

describe("tsvector literal", () => {
  it("lists each lexeme once with its positions", () => {
    assert.equal(toTsvectorText(["국가", "api", "국가"]), "'국가':1,3 'api':2");
  });

  it("escapes quotes and backslashes", () => {
    assert.equal(toTsvectorText(["it's", "a\\b"]), "'it''s':1 'a\\\\b':2");
  });

  it("skips empty and over-long lexemes and keeps at most 256 positions", () => {
    assert.equal(toTsvectorText(["", "가".repeat(700), "a"]), "'a':3");
    const literal = toTsvectorText(Array(300).fill("x"));
    assert.equal(literal.split(":")[1].split(",").length, 256);
  });
});

describe("tsquery text", () => {
  it("joins distinct quoted lexemes with OR by default, or AND", () => {
    assert.equal(toTsqueryText(["a", "b", "a"]), "'a' | 'b'");
    assert.equal(toTsqueryText(["a", "b"], "and"), "'a' & 'b'");
  });

  it("keeps operator characters inside quotes, so they stay literal", () => {
    assert.equal(
      toTsqueryText(["a&b", "c|d", "!e", "(f)", "g:*", "h'i", "j\\k", "<->"]),
      "'a&b' | 'c|d' | '!e' | '(f)' | 'g:*' | 'h''i' | 'j\\\\k' | '<->'",
    );
  });

  it("turns hostile input into quoted words and nothing else", () => {
    const text = toTsqueryText(analyze("a & b | !c (d) e:* <-> 'f' \\ g''h"));
    assert.equal(text, "'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h'");
  });

  it("is empty when there are no lexemes", () => {
    assert.equal(toTsqueryText(analyze("?")), "");
  });
});

describe("query expansion", () => {
  const synonyms = buildSynonyms([
    { notation: "인공지능", aliases: ["인공 지능"], abbreviations: ["AI"] },
    { notation: "전사적 자원 관리", abbreviations: ["ERP"] },
  ]);

  it("adds the notation and aliases for an abbreviation", () => {
    assert.deepEqual(expandQuery(analyze("AI는 무엇인가"), synonyms), ["ai", "인공지능", "인공", "지능"]);
  });

  it("adds the aliases, not the abbreviation, for the notation", () => {
    assert.deepEqual(expandQuery(analyze("인공지능의 역사"), synonyms), ["인공지능", "역사", "인공", "지능"]);
  });

  it("finds a form of several words only as consecutive lexemes", () => {
    assert.deepEqual(expandQuery(analyze("인공 지능을"), synonyms), ["인공", "지능", "인공지능"]);
    assert.deepEqual(expandQuery(analyze("인공 위성 지능"), synonyms), ["인공", "위성", "지능"]);
  });

  it("expands a multi-word notation from its abbreviation without repeats", () => {
    assert.deepEqual(expandQuery(analyze("ERP 관리 도입"), synonyms), ["erp", "관리", "도입", "전사적", "자원"]);
  });

  it("leaves a question without glossary forms as it is", () => {
    assert.deepEqual(expandQuery(["예산", "집행"], synonyms), ["예산", "집행"]);
  });
});
