/**
 * The shape every extractor returns, its typed failure, and the builder that
 * turns a stream of headings and paragraphs into sections with heading paths.
 */

/** A run of text under one heading; `headingPath` lists the enclosing headings, outermost first. */
export interface Section {
  heading: string | null;
  headingPath: string[];
  /** Paragraphs separated by a blank line, lines by a single line break. */
  text: string;
}

/** A document's text in reading order, cut at its headings. */
export interface ExtractedDocument {
  sections: Section[];
}

/**
 * Why a body could not be turned into text; `over_limit` is a body that would take more than extraction may spend
 * (inflated size, pages, text, chunks, memory or time): the service answers it with `content_unprocessable`.
 */
export type ExtractionFailure = "unsupported_media_type" | "corrupt" | "encrypted" | "empty" | "over_limit";

/** What one extraction may produce. */
export interface ExtractLimits {
  /** Bytes a ZIP-based body may inflate to, and characters of text any body may yield (RAG_MAX_EXTRACTED_BYTES). */
  maxExtractedBytes: number;
}

/** The limits when the caller names none: those of the default configuration (10 x 50 MiB, capped at 200 MiB). */
export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = { maxExtractedBytes: 200 * 1024 * 1024 };

/** A body the service cannot index; the caller answers it with 422 (or 415 for the media type). */
export class ExtractionError extends Error {
  override name = "ExtractionError";

  constructor(readonly reason: ExtractionFailure, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
  }
}

/** Collects sections while a parser walks a document; see `openSection` and `closeBuilder`. */
export interface SectionBuilder {
  sections: Section[];
  stack: Array<{ level: number; text: string }>;
  pending: string[];
}

/** A builder whose first section has no heading (text before the first heading lands there). */
export function newSectionBuilder(): SectionBuilder {
  return { sections: [], stack: [], pending: [] };
}

/** Appends raw text to the section being built. */
export function appendText(builder: SectionBuilder, text: string): void {
  builder.pending.push(text);
}

/** Ends the current section and opens one under a heading of `level` (1 outermost). */
export function openSection(builder: SectionBuilder, level: number, heading: string): void {
  flushSection(builder);
  while (builder.stack.length > 0 && builder.stack[builder.stack.length - 1].level >= level) builder.stack.pop();
  builder.stack.push({ level, text: heading });
}

/** Ends the last section and returns the document, dropping sections with neither heading nor text. */
export function closeBuilder(builder: SectionBuilder): ExtractedDocument {
  flushSection(builder);
  return { sections: builder.sections };
}

function flushSection(builder: SectionBuilder): void {
  const text = normalizeText(builder.pending.join(""));
  builder.pending = [];
  const headingPath = builder.stack.map((entry) => entry.text);
  if (text === "" && headingPath.length === 0) return;
  builder.sections.push({ heading: headingPath.at(-1) ?? null, headingPath, text });
}

/**
 * Trims every line, turns the cell separator U+001F into " | ", and keeps at most
 * one blank line in a row, so sizes count words rather than layout whitespace.
 */
export function normalizeText(raw: string): string {
  const lines = raw.replace(/\r\n?/g, "\n").split("\n").map(normalizeLine);
  return lines.join("\n").replace(/\n{3,}/g, "\n\n").trim();
}

function normalizeLine(line: string): string {
  if (!line.includes("\u001f")) return line.trim();
  return line.split("\u001f").map((cell) => cell.trim()).filter((cell) => cell !== "").join(" | ");
}

/** Collapses whitespace so a heading or a PDF line reads as one line. */
export function oneLine(raw: string): string {
  return raw.replace(/\s+/g, " ").trim();
}
