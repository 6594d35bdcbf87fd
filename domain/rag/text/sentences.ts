/**
 * Sentence segmentation for mixed Korean and English text, tuned for chunking:
 * segments cover the input exactly (each keeps its trailing whitespace), so
 * joining them gives the text back.
 *
 * A sentence ends at a line break, at 。！？ (which need no space after them),
 * at . ! ? … followed by whitespace or the end of the text, and at . ? ! between
 * two Hangul syllables ("끝났다.다음"), which Korean writers often leave
 * unspaced. A period does not end a sentence after a known abbreviation
 * ("e.g.", "Dr."), an initial ("J. Smith"), a short number ("1. 목적", a list
 * enumerator), or before a lowercase word; decimals ("3.5") and addresses
 * ("example.com") never qualify because no space follows their period.
 */

const CANDIDATE = /[.!?…‼⁇。！？]+["'”’)\]」』]*|\n/g;
const HANGUL = /[\uac00-\ud7a3]/;
const WHITESPACE_RUN = /\s*/y;
const LOWERCASE_NEXT = /\s*[a-z]/y;
const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "sr",
  "jr",
  "st",
  "vs",
  "e.g",
  "i.e",
  "cf",
  "fig",
  "no",
  "vol",
  "pp",
  "inc",
  "ltd",
  "co",
  "corp",
  "dept",
  "approx",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
  "u.s",
  "u.k",
  "a.m",
  "p.m",
]);

/** Splits `text` into sentences; `splitSentences(t).join("") === t`. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  CANDIDATE.lastIndex = 0;
  for (let match = CANDIDATE.exec(text); match !== null; match = CANDIDATE.exec(text)) {
    const end = match.index + match[0].length;
    if (!endsSentence(text, match.index, end)) continue;
    WHITESPACE_RUN.lastIndex = end;
    const after = end + (WHITESPACE_RUN.exec(text)?.[0].length ?? 0);
    sentences.push(text.slice(start, after));
    start = after;
    CANDIDATE.lastIndex = after;
  }
  if (start < text.length) sentences.push(text.slice(start));
  return sentences;
}

/** Whether the punctuation (or line break) at text[from, to) closes a sentence. */
function endsSentence(text: string, from: number, to: number): boolean {
  const mark = text.slice(from, to);
  if (mark === "\n" || /[。！？]/.test(mark)) return true;
  const next = text[to];
  if (next !== undefined && !/\s/.test(next)) return /^[.?!]$/.test(mark[0]) && isHangulJoint(text, from, to);
  if (!mark.startsWith(".") || mark.startsWith("..")) return true;
  return !isAbbreviation(text, from) && !startsLowercase(text, to);
}

/** "했다.다음": a Hangul syllable on each side of a single mark. */
function isHangulJoint(text: string, from: number, to: number): boolean {
  return to - from === 1 && HANGUL.test(text[from - 1] ?? "") && HANGUL.test(text[to] ?? "");
}

/** Whether the word before the period at `dot` is an abbreviation, an initial or a list number. */
function isAbbreviation(text: string, dot: number): boolean {
  let start = dot;
  while (start > 0 && dot - start < 16 && isWordUnit(text.charCodeAt(start - 1))) start--;
  const word = text.slice(start, dot);
  if (word === "") return false;
  if (/^[A-Z]$/.test(word) || /^\d{1,3}$/.test(word)) return true;
  return ABBREVIATIONS.has(word.toLowerCase());
}

/** ASCII letters, digits and dots, and any non-ASCII unit (Hangul, accented letters): what a word is made of here. */
function isWordUnit(unit: number): boolean {
  return unit > 0x7f || unit === 0x2e || (unit >= 0x30 && unit <= 0x39) ||
    ((unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7a);
}

function startsLowercase(text: string, from: number): boolean {
  LOWERCASE_NEXT.lastIndex = from;
  return LOWERCASE_NEXT.test(text);
}

/** Length in Unicode code points, the unit chunk sizes count: a Hangul syllable or an emoji is one. */
export function codePointLength(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      length--;
      i++;
    }
  }
  return length;
}

/**
 * Cuts a sentence longer than `max` code points into pieces of at most `max`,
 * each cut after a clause mark (, ; : 、) or else a space in the second half of
 * the window, or else hard at `max`. The pieces join back to the sentence.
 */
export function splitLongSentence(sentence: string, max: number): string[] {
  const points = Array.from(sentence);
  const pieces: string[] = [];
  let start = 0;
  while (points.length - start > max) {
    const end = start + cutPoint(points.slice(start, start + max + 1));
    pieces.push(points.slice(start, end).join(""));
    start = end;
  }
  pieces.push(points.slice(start).join(""));
  return pieces;
}

/** Where to cut a window of max + 1 code points: after its last clause mark or space past the middle. */
function cutPoint(window: string[]): number {
  const max = window.length - 1;
  let space = -1;
  for (let i = max; i > max / 2; i--) {
    if (!/\s/.test(window[i])) continue;
    if (/[,;:、，；：]/.test(window[i - 1])) return i + 1 <= max ? i + 1 : i;
    if (space === -1) space = i;
  }
  if (space !== -1) return space + 1 <= max ? space + 1 : space;
  return max;
}
