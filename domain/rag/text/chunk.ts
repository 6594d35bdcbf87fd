/**
 * Cuts extracted documents into chunks for embedding and full-text search.
 *
 * Sizes count Unicode code points (a Hangul syllable is one, as a reader
 * counts it). A chunk never spans two sections and never exceeds `chunkSize`,
 * heading line included. Its `content` starts with the section's heading path
 * ("제1장 총칙 > 제1조 목적") on a line of its own: the heading text lives nowhere
 * else, and a continuation chunk would otherwise lose what it is about. Text is
 * packed sentence by sentence (see sentences.ts); a sentence too long for one
 * chunk is cut at a clause mark, a space, or hard, into pieces that leave
 * room for the overlap. Consecutive chunks of a section share at most
 * `chunkOverlap` code points: the previous chunk's whole trailing sentences
 * when they fill at least half of that, otherwise its tail from a word
 * boundary (or a hard cut in text without spaces). A next sentence too long to
 * fit beside the full overlap gets a shorter one, down to none. The heading
 * line takes at most a quarter of `chunkSize`; deeper headings are kept first.
 */
import { type ExtractedDocument, ExtractionError } from "@/domain/rag/extract/document.ts";
import { codePointLength, splitLongSentence, splitSentences } from "@/domain/rag/text/sentences.ts";

/** How big chunks are and how much consecutive chunks share, in code points. */
export interface ChunkOptions {
  chunkSize: number;
  chunkOverlap: number;
  /** More chunks than this fail the document (RAG_MAX_CHUNKS_PER_DOCUMENT); unlimited when absent. */
  maxChunks?: number;
}

/** One chunk: its position in the document, its text, and the headings it sits under. */
export interface Chunk {
  index: number;
  content: string;
  headingPath: string[];
}

/** The smallest chunk size accepted: below it a heading line and one sentence no longer fit. */
export const MIN_CHUNK_SIZE = 100;

/** The largest chunk size accepted, well past any embedding model's context. */
export const MAX_CHUNK_SIZE = 20_000;

/** Why `options` are unusable, or null when they are fine; the settings schema reuses it. */
export function chunkOptionsProblem(options: ChunkOptions): string | null {
  const { chunkSize, chunkOverlap } = options;
  if (!Number.isInteger(chunkSize) || chunkSize < MIN_CHUNK_SIZE || chunkSize > MAX_CHUNK_SIZE) {
    return `chunkSize must be an integer from ${MIN_CHUNK_SIZE} to ${MAX_CHUNK_SIZE}`;
  }
  // Each chunk must move on by at least half its size, or the chunk count balloons.
  if (!Number.isInteger(chunkOverlap) || chunkOverlap < 0 || chunkOverlap * 2 > chunkSize) {
    return "chunkOverlap must be an integer from 0 to half of chunkSize";
  }
  return null;
}

/**
 * Cuts every section of `doc` into chunks, numbered from 0 in reading order. Throws RangeError on bad options,
 * and ExtractionError `over_limit` past `maxChunks`: as soon as a section's length alone proves it (a chunk holds at
 * most `budget` code points of it), before that section is cut, so one huge word costs no more than counting it.
 */
export function chunkDocument(doc: ExtractedDocument, options: ChunkOptions): Chunk[] {
  const problem = chunkOptionsProblem(options);
  if (problem !== null) throw new RangeError(problem);
  const maxChunks = options.maxChunks ?? Infinity;
  const chunks: Chunk[] = [];
  for (const section of doc.sections) {
    const prefix = headingPrefix(section.headingPath, Math.floor(options.chunkSize / 4));
    const budget = options.chunkSize - codePointLength(prefix);
    const text = normalizeSpaces(section.text);
    if (chunks.length + Math.ceil(codePointLength(text) / budget) > maxChunks) throw tooManyChunks(maxChunks);
    for (const body of chunkText(text, budget, options.chunkOverlap)) {
      chunks.push({ index: chunks.length, content: prefix + body, headingPath: section.headingPath });
    }
    if (chunks.length > maxChunks) throw tooManyChunks(maxChunks);
  }
  return chunks;
}

function tooManyChunks(maxChunks: number): ExtractionError {
  return new ExtractionError("over_limit", `the document yields more than ${maxChunks} chunks`);
}

/** The heading line, deepest headings kept first when the whole path exceeds `max` code points. */
function headingPrefix(path: string[], max: number): string {
  let line = "";
  for (let i = path.length - 1; i >= 0; i--) {
    const longer = line === "" ? path[i] : `${path[i]} > ${line}`;
    if (codePointLength(longer) + 1 > max) break;
    line = longer;
  }
  if (line === "" && path.length > 0) line = Array.from(path[path.length - 1]).slice(0, max - 2).join("") + "…";
  return line === "" ? "" : `${line}\n`;
}

/** Collapses runs of spaces and blank lines, so sizes measure words rather than layout. */
function normalizeSpaces(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/[^\S\n]+/g, " ").replace(/ ?\n ?/g, "\n").replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A piece of text with its length in code points. */
interface Unit {
  text: string;
  length: number;
}

/** Packs the sentences of `text` greedily into bodies of at most `budget` code points. */
function chunkText(text: string, budget: number, overlap: number): string[] {
  const units = toUnits(text, budget, overlap);
  const bodies: string[] = [];
  let carry: Unit = { text: "", length: 0 };
  let next = 0;
  while (next < units.length) {
    const taken: Unit[] = carry.length > 0 ? [carry] : [];
    let length = carry.length;
    while (next < units.length && length + units[next].length <= budget) {
      taken.push(units[next]);
      length += units[next++].length;
    }
    bodies.push(taken.map((unit) => unit.text).join("").trim());
    if (next < units.length) carry = overlapTail(taken, Math.min(overlap, budget - units[next].length));
  }
  return bodies;
}

/** Sentences; one longer than `budget` is cut into pieces that leave room for the overlap. */
function toUnits(text: string, budget: number, overlap: number): Unit[] {
  return splitSentences(text)
    .flatMap((sentence) =>
      codePointLength(sentence) > budget ? splitLongSentence(sentence, budget - overlap) : [sentence]
    )
    .map((piece) => ({ text: piece, length: codePointLength(piece) }));
}

/** The end of a chunk to repeat at the start of the next, at most `limit` code points. */
function overlapTail(taken: Unit[], limit: number): Unit {
  let length = 0;
  let first = taken.length;
  while (first > 0 && length + taken[first - 1].length <= limit) length += taken[--first].length;
  if (length > 0 && length * 2 >= limit) return joinUnits(taken.slice(first));
  return wordTail(joinUnits(taken).text, limit);
}

/**
 * The last `limit` code points of `text`, starting after its first space when
 * a word follows it, else wherever the window starts (text without spaces).
 */
function wordTail(text: string, limit: number): Unit {
  if (limit <= 0) return { text: "", length: 0 };
  const points = Array.from(text);
  const tail = points.slice(Math.max(0, points.length - limit));
  const space = tail.findIndex((point) => /\s/.test(point));
  const word = space === -1 ? -1 : tail.findIndex((point, i) => i > space && !/\s/.test(point));
  const kept = word === -1 ? tail : tail.slice(word);
  return { text: kept.join(""), length: kept.length };
}

function joinUnits(units: Unit[]): Unit {
  return { text: units.map((unit) => unit.text).join(""), length: units.reduce((sum, unit) => sum + unit.length, 0) };
}
