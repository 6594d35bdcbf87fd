/**
 * Where a term may start and end in folded text. Characters fall in three kinds: Hangul
 * letters, other letters and digits (any script, with combining marks), and the rest
 * (spaces, punctuation, symbols). A term's edge is a boundary when the character beyond
 * it is of another kind, so "API는" and "클라우드API" hold "API" but "RAPID" and "APIs" do
 * not, and "빨간사과" does not hold "사과". Korean attaches particles to nouns, so a Hangul
 * term followed by up to three stacked particles that fit it and end at a boundary still
 * ends at one: "사과는", "사과에서는", "사용자들의" hold their nouns, "사과나무" does not.
 */

const OTHER = 1;
const WORD = 2;
const HANGUL = 3;
const MAX_STACKED_PARTICLES = 3;
const RIEUL = 8;
const HANGUL_LETTER = /^[\p{Script=Hangul}&&[\p{L}\p{M}]]$/v;
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;

/** What the syllable before a particle must end in: a final consonant, none, none or ㄹ, or anything. */
export type Attach = "consonant" | "vowel" | "vowel_or_rieul" | "any";

/**
 * Particles that may follow a Hangul term: case and auxiliary particles, the plural 들 and
 * the copula forms glossary text uses most, each with the syllable it attaches to. Korean
 * picks 이/가, 은/는, 을/를, 과/와, 으로/로 by the syllable before them, and holding a text
 * to that is the cheapest guard against a noun that merely ends like a particle: "나이" is
 * not 나 + 이, "국가" is not 국 + 가. Stacked particles attach to the particle before them.
 */
// deno-fmt-ignore
export const KOREAN_PARTICLES: ReadonlyArray<readonly [string, Attach]> = [
  ["이", "consonant"], ["가", "vowel"], ["은", "consonant"], ["는", "vowel"], ["을", "consonant"], ["를", "vowel"],
  ["과", "consonant"], ["와", "vowel"], ["으로", "consonant"], ["로", "vowel_or_rieul"], ["으로서", "consonant"],
  ["로서", "vowel_or_rieul"], ["으로써", "consonant"], ["로써", "vowel_or_rieul"], ["이랑", "consonant"],
  ["랑", "vowel"], ["이나", "consonant"], ["나", "vowel"], ["이든지", "consonant"], ["든지", "vowel"],
  ["이라도", "consonant"], ["라도", "vowel"], ["이야", "consonant"], ["야", "vowel"], ["이란", "consonant"],
  ["란", "vowel"], ["이라는", "consonant"], ["라는", "vowel"], ["이라고", "consonant"], ["라고", "vowel"],
  ["의", "any"], ["에", "any"], ["에서", "any"], ["에게", "any"], ["께", "any"], ["께서", "any"], ["한테", "any"],
  ["도", "any"], ["만", "any"], ["까지", "any"], ["부터", "any"], ["조차", "any"], ["마저", "any"], ["마다", "any"],
  ["보다", "any"], ["처럼", "any"], ["요", "any"], ["들", "any"], ["이다", "any"], ["입니다", "any"], ["이며", "any"],
  ["이고", "any"],
];

// Particles grouped by first syllable, longest first, so a lookup tries only a few.
const particlesByHead = new Map<number, Array<readonly [string, Attach]>>();
for (const p of [...KOREAN_PARTICLES].sort((a, b) => b[0].length - a[0].length)) {
  const head = p[0].charCodeAt(0);
  particlesByHead.set(head, [...particlesByHead.get(head) ?? [], p]);
}

const kinds = new Uint8Array(0x10000);

/** Whether a term occurrence may start at `start` in folded text. */
export function isWordStart(text: string, start: number): boolean {
  if (start === 0) return true;
  const kind = kindAt(text, start);
  return kind === OTHER || kindBefore(text, start) !== kind;
}

/** Whether a term occurrence may end at `end` (exclusive) in folded text, particles allowed. */
export function isWordEnd(text: string, end: number): boolean {
  if (end >= text.length) return true;
  const kind = kindBefore(text, end);
  if (kind === OTHER || kindAt(text, end) !== kind) return true;
  return kind === HANGUL && particlesEndAt(text, end, MAX_STACKED_PARTICLES);
}

function particlesEndAt(text: string, at: number, depth: number): boolean {
  for (const [particle, attach] of particlesByHead.get(text.charCodeAt(at)) ?? []) {
    if (!text.startsWith(particle, at) || !attaches(text.charCodeAt(at - 1), attach)) continue;
    const end = at + particle.length;
    if (end >= text.length || kindAt(text, end) !== HANGUL) return true;
    if (depth > 1 && particlesEndAt(text, end, depth - 1)) return true;
  }
  return false;
}

function attaches(syllable: number, attach: Attach): boolean {
  // Only precomposed syllables say what they end in; jamo and the like accept any particle.
  if (attach === "any" || syllable < 0xac00 || syllable > 0xd7a3) return true;
  const final = (syllable - 0xac00) % 28;
  if (attach === "consonant") return final !== 0;
  return final === 0 || (attach === "vowel_or_rieul" && final === RIEUL);
}

function kindAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff) return kindOf(String.fromCodePoint(text.codePointAt(i)!));
  return kinds[c] || (kinds[c] = kindOf(String.fromCharCode(c)));
}

function kindBefore(text: string, i: number): number {
  const c = text.charCodeAt(i - 1);
  const high = text.charCodeAt(i - 2);
  if (c >= 0xdc00 && c <= 0xdfff && high >= 0xd800 && high <= 0xdbff) {
    return kindOf(String.fromCodePoint(text.codePointAt(i - 2)!));
  }
  return kinds[c] || (kinds[c] = kindOf(String.fromCharCode(c)));
}

function kindOf(ch: string): number {
  if (HANGUL_LETTER.test(ch)) return HANGUL;
  return WORD_CHAR.test(ch) ? WORD : OTHER;
}
