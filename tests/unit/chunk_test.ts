import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { type Chunk, chunkDocument, chunkOptionsProblem } from "@/domain/rag/text/chunk.ts";
import type { ExtractedDocument, Section } from "@/domain/rag/extract/mod.ts";
import { codePointLength, splitLongSentence, splitSentences } from "@/domain/rag/text/sentences.ts";

function section(text: string, headingPath: string[] = []): Section {
  return { heading: headingPath.at(-1) ?? null, headingPath, text };
}

function doc(...sections: Section[]): ExtractedDocument {
  return { sections };
}

/** The chunk's text without its heading line. */
function body(chunk: Chunk): string {
  return chunk.headingPath.length === 0 ? chunk.content : chunk.content.slice(chunk.content.indexOf("\n") + 1);
}

/** The longest prefix of `next` (at most `limit` long) that ends `previous`. */
function sharedLength(previous: string, next: string, limit: number): number {
  for (let k = Math.min(limit, previous.length, next.length); k > 0; k--) {
    if (previous.endsWith(next.slice(0, k))) return k;
  }
  return 0;
}

/** mulberry32: a small seeded generator, so every run sees the same "random" documents. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KOREAN_SENTENCES = [
  "이 규정은 회사의 모든 임직원에게 적용된다.",
  "정보보안 담당자는 매년 점검을 실시해야 합니다.",
  "점검 결과는 누구에게 보고합니까?",
  "결과는 정보보호최고책임자에게 보고하죠.",
  "외부 반출은 사전 승인을 받아야 해요.",
  "위반 시 징계 절차를 따른다.",
];

const ENGLISH_SENTENCES = [
  "The threshold is 3.5 percent for every team.",
  "Reports go to Dr. Kim, e.g. by e-mail.",
  "Does the rule apply to contractors?",
  "It applies to all staff at once!",
];

const MIXED = Array.from({ length: 40 }, (_, i) => [...KOREAN_SENTENCES, ...ENGLISH_SENTENCES][i % 10]).join(" ");

describe("splitSentences", () => {
  it("ends Korean sentences at 다. 요. 까? 죠. 니다. and at an unspaced period between syllables", () => {
    assert.deepEqual(splitSentences("규정을 따른다. 확인했어요. 맞습니까? 그렇죠. 보고합니다. 끝났다.다음 단계."), [
      "규정을 따른다. ",
      "확인했어요. ",
      "맞습니까? ",
      "그렇죠. ",
      "보고합니다. ",
      "끝났다.",
      "다음 단계.",
    ]);
  });

  it("does not end English sentences at abbreviations, initials, decimals, addresses or list numbers", () => {
    assert.deepEqual(
      splitSentences("Version 3.5 is out, e.g. for Dr. Kim and J. Smith. See example.com now! Really? 1. First item"),
      ["Version 3.5 is out, e.g. for Dr. Kim and J. Smith. ", "See example.com now! ", "Really? ", "1. First item"],
    );
    assert.deepEqual(splitSentences("It costs approx. ten dollars. Done."), [
      "It costs approx. ten dollars. ",
      "Done.",
    ]);
  });

  it("ends sentences at line breaks and at CJK full stops, keeping closing quotes", () => {
    assert.deepEqual(splitSentences('첫 줄\n둘째 줄\n\n셋째。넷째 "인용이다." 끝'), [
      "첫 줄\n",
      "둘째 줄\n\n",
      "셋째。",
      '넷째 "인용이다." ',
      "끝",
    ]);
  });
});

describe("splitLongSentence", () => {
  it("cuts after a clause mark or a space in the second half, never inside a word", () => {
    const sentence = "보안 점검 항목은 다음과 같으며, 각 부서는 결과를 기록하고 책임자는 매 분기 이를 검토해야 한다.";
    const pieces = splitLongSentence(sentence, 30);
    assert.equal(pieces.join(""), sentence);
    assert.equal(pieces[0], "보안 점검 항목은 다음과 같으며, ");
    for (const piece of pieces) assert.ok(codePointLength(piece) <= 30);
    for (const piece of pieces.slice(0, -1)) assert.match(piece, /\s$/);
  });

  it("cuts hard where there is no space, counting code points rather than UTF-16 units", () => {
    const hangul = "가".repeat(250);
    assert.deepEqual(splitLongSentence(hangul, 100).map(codePointLength), [100, 100, 50]);
    const emoji = splitLongSentence("😀".repeat(150), 100);
    assert.deepEqual(emoji.map(codePointLength), [100, 50]);
    assert.equal(emoji[0], "😀".repeat(100));
  });
});

describe("chunkDocument", () => {
  it("puts the heading path on the first line of every chunk and in headingPath", () => {
    const chunks = chunkDocument(doc(section(MIXED, ["제1장 총칙", "제1조 목적"])), {
      chunkSize: 300,
      chunkOverlap: 40,
    });
    assert.ok(chunks.length > 3);
    for (const chunk of chunks) {
      assert.ok(chunk.content.startsWith("제1장 총칙 > 제1조 목적\n"));
      assert.deepEqual(chunk.headingPath, ["제1장 총칙", "제1조 목적"]);
    }
  });

  it("never exceeds chunkSize code points, heading line included", () => {
    const text = `${MIXED} 😀😀😀 ${"가나다라".repeat(300)} ${MIXED}`;
    for (const [chunkSize, chunkOverlap] of [[100, 0], [100, 50], [257, 31], [800, 120], [2000, 400]]) {
      const chunks = chunkDocument(doc(section(text, ["머리"])), { chunkSize, chunkOverlap });
      for (const chunk of chunks) {
        assert.ok(codePointLength(chunk.content) <= chunkSize, `${chunkSize}: ${chunk.content}`);
      }
    }
  });

  it("ends chunks at Korean and English sentence boundaries when sentences fit", () => {
    const chunks = chunkDocument(doc(section(MIXED)), { chunkSize: 200, chunkOverlap: 0 });
    const sentences = new Set([...KOREAN_SENTENCES, ...ENGLISH_SENTENCES]);
    for (const chunk of chunks) {
      assert.ok([...sentences].some((sentence) => chunk.content.endsWith(sentence)), chunk.content);
      assert.ok([...sentences].some((sentence) => chunk.content.startsWith(sentence)), chunk.content);
    }
  });

  it("repeats whole trailing sentences of about chunkOverlap code points", () => {
    const text = Array.from({ length: 60 }, (_, i) => `${i}번째 문장은 여기서 끝난다.`).join(" ");
    const chunks = chunkDocument(doc(section(text)), { chunkSize: 200, chunkOverlap: 50 });
    for (let i = 1; i < chunks.length; i++) {
      const shared = sharedLength(chunks[i - 1].content, chunks[i].content, 50);
      assert.ok(shared >= 25, `chunk ${i} shares ${shared}`);
      assert.match(chunks[i].content, /^\d+번째/);
    }
  });

  it("starts the overlap at a word boundary when the last sentence is longer than it", () => {
    const long = "Every department keeps a register of the assets it holds and reviews it with the security office. ";
    const chunks = chunkDocument(doc(section(long.repeat(6))), { chunkSize: 250, chunkOverlap: 50 });
    for (let i = 1; i < chunks.length; i++) {
      const shared = sharedLength(chunks[i - 1].content, chunks[i].content, 50);
      assert.ok(shared >= 20 && shared <= 50, `chunk ${i} shares ${shared}`);
      const before = chunks[i - 1].content[chunks[i - 1].content.length - shared - 1];
      assert.equal(before, " ", `overlap of chunk ${i} starts inside a word`);
    }
  });

  it("cuts a sentence longer than a chunk at spaces, or hard with the overlap kept when it has none", () => {
    const words = Array.from({ length: 120 }, (_, i) => `단어${i}`).join(" ");
    const chunks = chunkDocument(doc(section(words)), { chunkSize: 100, chunkOverlap: 0 });
    assert.ok(chunks.length > 5);
    assert.equal(chunks.map((chunk) => chunk.content).join(" "), words);
    const solid = Array.from({ length: 1000 }, (_, i) => String.fromCharCode(0xac00 + (i * 7919) % 11172)).join("");
    const hard = chunkDocument(doc(section(solid)), { chunkSize: 200, chunkOverlap: 20 });
    assert.equal(hard.length, 6);
    for (const chunk of hard) assert.ok(codePointLength(chunk.content) <= 200 && !/\s/.test(chunk.content));
    for (let i = 1; i < hard.length; i++) assert.equal(sharedLength(hard[i - 1].content, hard[i].content, 20), 20);
  });

  it("keeps sections apart, skips empty ones and numbers chunks across the document", () => {
    const chunks = chunkDocument(
      doc(section("서문입니다."), section("", ["빈 장"]), section("본문입니다. Body text.", ["제1장"])),
      { chunkSize: 100, chunkOverlap: 10 },
    );
    assert.deepEqual(chunks, [
      { index: 0, content: "서문입니다.", headingPath: [] },
      { index: 1, content: "제1장\n본문입니다. Body text.", headingPath: ["제1장"] },
    ]);
  });

  it("keeps the deepest headings when the path is longer than a quarter of the chunk", () => {
    const path = ["아주 긴 상위 제목 ".repeat(4).trim(), "중간 제목", "제3조 세부 사항"];
    const [chunk] = chunkDocument(doc(section("본문.", path)), { chunkSize: 160, chunkOverlap: 0 });
    assert.equal(chunk.content, "중간 제목 > 제3조 세부 사항\n본문.");
    assert.deepEqual(chunk.headingPath, path);
  });

  it("gives the same chunks for the same input", () => {
    const input = doc(section(MIXED, ["가"]), section(MIXED.repeat(2), ["가", "나"]));
    const options = { chunkSize: 333, chunkOverlap: 77 };
    assert.deepEqual(chunkDocument(input, options), chunkDocument(structuredClone(input), options));
  });

  it("refuses sizes below 100, overlaps above half the size and non-integers", () => {
    assert.equal(chunkOptionsProblem({ chunkSize: 800, chunkOverlap: 120 }), null);
    assert.equal(chunkOptionsProblem({ chunkSize: 100, chunkOverlap: 50 }), null);
    for (
      const options of [
        { chunkSize: 99, chunkOverlap: 0 },
        { chunkSize: 800, chunkOverlap: 401 },
        { chunkSize: 800, chunkOverlap: -1 },
        { chunkSize: 800.5, chunkOverlap: 10 },
        { chunkSize: 800, chunkOverlap: Number.NaN },
        { chunkSize: 1_000_000, chunkOverlap: 10 },
      ]
    ) {
      assert.notEqual(chunkOptionsProblem(options), null, JSON.stringify(options));
      assert.throws(() => chunkDocument(doc(section("본문.")), options), RangeError);
    }
  });
});

const WORDS = [
  "보안",
  "점검을",
  "실시한다",
  "회사의",
  "임직원",
  "policy",
  "applies",
  "to",
  "every",
  "team",
  "3.5",
  "e.g.",
  "😀",
];
const ENDS = [". ", "다. ", "요. ", "? ", "! ", "。", ", ", " ", "\n", "\n\n", "  "];

/** A run of random Hangul syllables with no space: it forces hard cuts, and no two runs repeat. */
function randomRun(next: () => number): string {
  return Array.from(
    { length: Math.floor(next() * 600) },
    () => String.fromCharCode(0xac00 + Math.floor(next() * 11172)),
  )
    .join("");
}

function randomText(next: () => number): string {
  const parts: string[] = [];
  const count = Math.floor(next() * 400);
  for (let i = 0; i < count; i++) {
    parts.push(next() < 0.02 ? randomRun(next) : WORDS[Math.floor(next() * WORDS.length)]);
    parts.push(next() < 0.7 ? " " : ENDS[Math.floor(next() * ENDS.length)]);
  }
  return parts.join("");
}

describe("chunkDocument on random documents", () => {
  it("keeps every chunk within size and gives back the text in order once overlaps are removed", () => {
    const next = random(20240611);
    for (let round = 0; round < 150; round++) {
      const chunkSize = 100 + Math.floor(next() * 900);
      const chunkOverlap = Math.floor(next() * (chunkSize / 2));
      const sections = Array.from({ length: 1 + Math.floor(next() * 3) }, (_, i) => {
        return section(randomText(next), i === 0 && next() < 0.3 ? [] : [`장 ${round}`, `절 ${i}`]);
      });
      const chunks = chunkDocument(doc(...sections), { chunkSize, chunkOverlap });
      chunks.forEach((chunk, i) => {
        assert.equal(chunk.index, i);
        assert.ok(codePointLength(chunk.content) <= chunkSize);
        assert.notEqual(body(chunk).trim(), "");
      });
      for (const original of sections) {
        const own = chunks.filter((chunk) => chunk.headingPath.join("/") === original.headingPath.join("/"));
        const squeezed = own.map((chunk) => body(chunk).replace(/\s+/g, ""));
        const rebuilt = squeezed.map((text, i) =>
          i === 0 ? text : text.slice(sharedLength(squeezed[i - 1], text, chunkOverlap))
        );
        assert.equal(rebuilt.join(""), original.text.replace(/\s+/g, ""), `round ${round}`);
      }
    }
  });

  it("splits any text into sentences that join back to it", () => {
    const next = random(7);
    for (let round = 0; round < 200; round++) {
      const text = randomText(next);
      assert.equal(splitSentences(text).join(""), text);
    }
  });
});
