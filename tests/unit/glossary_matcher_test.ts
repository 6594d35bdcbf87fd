import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { buildMatcher, type TermSurface } from "@/domain/glossary/matcher.ts";
import { type FoldedText, foldText, normalizeNotation } from "@/domain/glossary/normalize.ts";
import { type Attach, KOREAN_PARTICLES } from "@/domain/glossary/word_boundary.ts";

/** What a text shows of each match: `termId:original slice`, in order. */
function found(entries: TermSurface[], text: string): string[] {
  return buildMatcher(entries).find(text).map((m) => `${m.termId}:${text.slice(m.start, m.end)}`);
}

const terms = (...pairs: Array<[string, string]>): TermSurface[] =>
  pairs.map(([termId, surface]) => ({ termId, surface }));

describe("term matcher: Korean word boundaries", () => {
  const apple = terms(["apple", "사과"]);

  it("finds a Hangul term followed by each kind of particle", () => {
    for (const p of ["는", "가", "를", "의", "에", "에서", "에게", "로", "와", "도", "만", "까지", "부터", "처럼"]) {
      assert.deepEqual(found(apple, `오늘 사과${p} 좋다`), ["apple:사과"], p);
    }
    assert.deepEqual(found(terms(["ai", "인공지능"]), "인공지능은 인공지능이 인공지능을 인공지능과 인공지능으로"), [
      "ai:인공지능",
      "ai:인공지능",
      "ai:인공지능",
      "ai:인공지능",
      "ai:인공지능",
    ]);
  });

  it("finds a Hangul term followed by stacked particles and the plural", () => {
    assert.deepEqual(found(apple, "사과에서는 사과까지도 사과들의 사과에서부터는"), [
      "apple:사과",
      "apple:사과",
      "apple:사과",
      "apple:사과",
    ]);
  });

  it("rejects a Hangul term inside a longer word", () => {
    assert.deepEqual(found(apple, "사과나무 빨간사과 사과즙"), []);
    assert.deepEqual(found(apple, "사과는데요리"), []);
  });

  it("rejects a particle that does not fit the syllable before it", () => {
    assert.deepEqual(found(terms(["age", "나"]), "나이가 많다"), []);
    assert.deepEqual(found(terms(["soup", "국"]), "국가 국은"), ["soup:국"]);
    assert.deepEqual(found(apple, "사과은 사과을"), []);
  });

  it("finds a term at the edges of a text and next to punctuation", () => {
    assert.deepEqual(found(apple, "사과"), ["apple:사과"]);
    assert.deepEqual(found(apple, "(사과), 「사과」. 사과!"), ["apple:사과", "apple:사과", "apple:사과"]);
  });
});

describe("term matcher: Latin, digits and mixed text", () => {
  const api = terms(["api", "API"]);

  it("finds a Latin term next to Hangul on either side", () => {
    assert.deepEqual(found(api, "API는 API를 클라우드API 쓰는API가"), ["api:API", "api:API", "api:API", "api:API"]);
  });

  it("rejects a Latin term inside a longer Latin or digit word", () => {
    assert.deepEqual(found(api, "RAPID APIs API2 2API xAPI"), []);
  });

  it("finds terms in mixed Korean and English sentences", () => {
    const dictionary = terms(["rag", "RAG"], ["llm", "LLM"], ["ethics", "인공지능 윤리"], ["search", "검색"]);
    assert.deepEqual(found(dictionary, "RAG 기반 검색에서 LLM은 인공지능 윤리를 따른다."), [
      "rag:RAG",
      "search:검색",
      "llm:LLM",
      "ethics:인공지능 윤리",
    ]);
  });

  it("treats full-width, half-width and any case as one notation", () => {
    assert.deepEqual(found(api, "ＡＰＩ는 api를 Api로"), ["api:ＡＰＩ", "api:api", "api:Api"]);
    assert.deepEqual(found(terms(["api", "ＡＰＩ"]), "API"), ["api:API"]);
    assert.deepEqual(found(terms(["cafe", "ｶﾌｪ"]), "カフェ에서"), ["cafe:カフェ"]);
  });

  it("finds a term written with mathematical letters outside the basic plane", () => {
    assert.deepEqual(found(api, "𝐀𝐏𝐈를 쓴다"), ["api:𝐀𝐏𝐈"]);
  });

  it("finds terms that end in punctuation or hold digits", () => {
    assert.deepEqual(found(terms(["cpp", "C++"], ["b2b", "B2B"]), "C++로 만든 B2B 서비스"), ["cpp:C++", "b2b:B2B"]);
  });
});

describe("term matcher: folding and offsets", () => {
  it("matches multi-word terms across any run of whitespace", () => {
    const dictionary = terms(["ml", "Machine  Learning"], ["ai", "인공 지능"]);
    assert.deepEqual(found(dictionary, "machine\n\t learning과 인공\u3000지능은"), [
      "ml:machine\n\t learning",
      "ai:인공\u3000지능",
    ]);
  });

  it("reports offsets into the original text around removed and widened characters", () => {
    const text = "\u200b가나 ㈜ ＡＰＩ\u00a0\u00a0사과는";
    const matches = buildMatcher(terms(["api", "API"], ["apple", "사과"])).find(text);
    assert.deepEqual(matches.map((m) => [m.termId, m.start, m.end]), [["api", 6, 9], ["apple", 11, 13]]);
  });

  it("matches decomposed Hangul against its composed term", () => {
    const text = "오늘 사과는 맛있다".normalize("NFD");
    const [match] = buildMatcher(terms(["apple", "사과"])).find(text);
    assert.equal(text.slice(match.start, match.end).normalize("NFC"), "사과");
  });

  it("matches only whole characters of the original, never part of one that folds to several", () => {
    assert.deepEqual(found(terms(["corp", "(주)"]), "㈜삼성"), ["corp:㈜"]);
    assert.deepEqual(found(terms(["corp", "(주"]), "㈜삼성"), []);
    assert.deepEqual(found(terms(["cafe", "cafe"]), "cafe\u0301 cafe"), ["cafe:cafe"]);
  });
});

describe("term matcher: dictionary shape", () => {
  it("prefers the longest term at one position and drops the shorter ones it covers", () => {
    const dictionary = terms(["ai", "인공지능"], ["ethics", "인공지능 윤리"], ["ethic", "윤리"]);
    assert.deepEqual(found(dictionary, "인공지능 윤리는"), ["ethics:인공지능 윤리"]);
    assert.deepEqual(found(dictionary, "인공지능 윤리학"), ["ai:인공지능"]);
  });

  it("reads leftmost first, so an overlapping term that starts later is dropped", () => {
    const dictionary = terms(["ab", "alpha beta"], ["bg", "beta gamma"]);
    assert.deepEqual(found(dictionary, "alpha beta gamma"), ["ab:alpha beta"]);
    assert.deepEqual(found(dictionary, "beta gamma"), ["bg:beta gamma"]);
  });

  it("maps notations, aliases and abbreviations to their one term", () => {
    const dictionary = terms(["llm", "대규모 언어 모델"], ["llm", "거대 언어 모델"], ["llm", "LLM"], ["llm", "llm"]);
    assert.deepEqual(found(dictionary, "LLM과 대규모 언어 모델, 거대 언어 모델"), [
      "llm:LLM",
      "llm:대규모 언어 모델",
      "llm:거대 언어 모델",
    ]);
    assert.equal(buildMatcher(dictionary).patterns, 3);
  });

  it("returns one match per term when terms share a surface", () => {
    const [first, second] = buildMatcher(terms(["pm1", "PM"], ["pm2", "pm"])).find("담당 PM은");
    assert.deepEqual([first.termId, first.surface, second.termId, second.surface], ["pm1", "PM", "pm2", "pm"]);
    assert.equal(first.start, second.start);
  });

  it("finds nothing with an empty dictionary or blank surfaces", () => {
    assert.deepEqual(found([], "사과 API"), []);
    assert.deepEqual(found(terms(["blank", " \u3000 "], ["none", ""]), "사과 API"), []);
    assert.deepEqual(found(terms(["apple", "사과"]), ""), []);
  });

  it("finds terms among fifty thousand", () => {
    const dictionary: TermSurface[] = [];
    for (let i = 0; i < 50_000; i++) dictionary.push({ termId: `t${i}`, surface: `용어${i}번` });
    dictionary.push({ termId: "apple", surface: "사과" });
    const matcher = buildMatcher(dictionary);
    assert.deepEqual(matcher.find("용어49999번과 사과를 용어7번은 용어7번째").map((m) => m.termId), [
      "t49999",
      "apple",
      "t7",
    ]);
  });
});

describe("term matcher: time", () => {
  it("links a 300 KB body well within the second the worker has for 100 KB", () => {
    const matcher = buildMatcher(terms(["ai", "인공지능"], ["ethics", "인공지능 윤리"], ["api", "API"]));
    const text = "인공지능 윤리는 API와 함께 다룬다. 사과나무는 그렇지 않다. ".repeat(3_000);
    const t0 = performance.now();
    assert.equal(matcher.find(text).length, 6_000);
    assert.ok(performance.now() - t0 < 1_000);
  });
});

describe("term matcher: equivalence with a slow reference", () => {
  it("finds what scanning every surface at every offset finds, on random characters", () => {
    const pieces = [
      ..."사과나무인공지능가는이을를의에서들도로으와A PIapiＡＰＩ1-. \n\u3000\u200bß㈜ㄱ",
      "e\u0301",
      "𝐀",
    ];
    compareOnRandomTexts(20_260_101, pieces);
  });

  it("finds what scanning every surface at every offset finds, on random Korean words and particles", () => {
    const pieces = [
      "사과",
      "나무",
      "인공",
      "지능",
      "윤리",
      "국",
      "나",
      "는",
      "은",
      "이",
      "가",
      "을",
      "를",
      "에서",
      "들",
      "의",
    ];
    compareOnRandomTexts(7, [...pieces, "으로", "로", "과", "와", "API", "s", " ", " ", "  ", ".", "\n"]);
  });
});

function compareOnRandomTexts(seed: number, pieces: string[]): void {
  const random = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  for (let round = 0; round < 300; round++) {
    const dictionary: TermSurface[] = [];
    for (let k = 0; k < 12; k++) {
      const surface = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(pieces)).join("");
      dictionary.push({ termId: `t${k % 9}`, surface });
    }
    const text = Array.from({ length: 80 }, () => pick(pieces)).join("");
    const actual = buildMatcher(dictionary).find(text).map((m) => `${m.termId}@${m.start}-${m.end}`);
    assert.deepEqual(actual, referenceFind(dictionary, text), JSON.stringify({ dictionary, text }));
  }
}

/** Leftmost-longest by brute force: every surface tried at every offset, boundaries by regex. */
function referenceFind(entries: TermSurface[], text: string): string[] {
  const folded = foldText(text);
  const surfaces = new Map<string, string[]>();
  for (const { termId, surface } of entries) {
    const key = normalizeNotation(surface);
    if (key === "") continue;
    const ids = surfaces.get(key) ?? [];
    if (!ids.includes(termId)) surfaces.set(key, [...ids, termId]);
  }
  const out: string[] = [];
  for (let s = 0; s < folded.text.length;) {
    const hits = [...surfaces.keys()].filter((key) =>
      folded.text.startsWith(key, s) && referenceOccurrence(folded, s, s + key.length)
    );
    const best = hits.sort((a, b) => b.length - a.length)[0];
    if (best === undefined) {
      s++;
      continue;
    }
    const [start, end] = [folded.srcStart[s], folded.srcEnd[s + best.length - 1]];
    out.push(...surfaces.get(best)!.map((id) => `${id}@${start}-${end}`));
    s += best.length;
  }
  return out;
}

function referenceOccurrence(f: FoldedText, s: number, e: number): boolean {
  const sameCluster = (i: number) => i > 0 && i < f.text.length && f.srcStart[i] === f.srcStart[i - 1];
  if (sameCluster(s) || sameCluster(e)) return false;
  const at = (i: number) => i >= f.text.length ? "none" : kind(String.fromCodePoint(f.text.codePointAt(i)!));
  const before = (i: number) => i === 0 ? "none" : kind(Array.from(f.text.slice(0, i)).at(-1)!);
  const startOk = at(s) === "other" || before(s) !== at(s);
  const last = before(e);
  const endOk = last === "other" || at(e) !== last || (last === "hangul" && particlesFit(f.text, e, 3));
  return startOk && endOk;
}

function kind(ch: string): string {
  if (/\p{Script=Hangul}/u.test(ch) && /[\p{L}\p{M}]/u.test(ch)) return "hangul";
  return /[\p{L}\p{N}\p{M}]/u.test(ch) ? "word" : "other";
}

function particlesFit(text: string, at: number, depth: number): boolean {
  return KOREAN_PARTICLES.some(([particle, attach]) => {
    if (!text.startsWith(particle, at) || !fits(text[at - 1], attach)) return false;
    const end = at + particle.length;
    return end === text.length || kind(text[end]) !== "hangul" || (depth > 1 && particlesFit(text, end, depth - 1));
  });
}

function fits(syllable: string, attach: Attach): boolean {
  const jamo = syllable.normalize("NFD");
  if (attach === "any" || !/^[\uac00-\ud7a3]$/.test(syllable)) return true;
  const final = jamo.length === 3 ? jamo[2] : null;
  if (attach === "consonant") return final !== null;
  return final === null || (attach === "vowel_or_rieul" && final === "\u11af");
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
