/**
 * PDF to sections with pdf.js (legacy build, parsing on this thread). Pages are
 * read in order; a vertical gap wider than a line starts a paragraph; the
 * outline (bookmarks), when present, opens a section at each entry's page,
 * right at the entry's title when that line is found there.
 *
 * pdf.js loads CMaps (needed for Korean text set in non-embedded fonts), the
 * standard fonts, ICC profiles and wasm decoders from the package's own folders
 * through the file system: the service never fetches them over the network.
 *
 * A small PDF can make pdf.js work without end (one content stream shared by thousands of pages, millions of
 * text operators), so pages, text items and extracted characters are counted against limits as pages are read.
 */
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import * as pdfjsWorker from "pdfjs-dist/legacy/build/pdf.worker.mjs";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { fileURLToPath } from "node:url";
import {
  appendText,
  closeBuilder,
  type ExtractedDocument,
  ExtractionError,
  type ExtractLimits,
  newSectionBuilder,
  oneLine,
  openSection,
  type SectionBuilder,
} from "@/domain/rag/extract/document.ts";
import { outlineEntries, type OutlineEntry } from "@/domain/rag/extract/pdf_outline.ts";

// pdf.js runs its "worker" in this thread when it finds the worker module here,
// instead of importing it by URL at run time.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

const PACKAGE_ROOT = new URL("../../", import.meta.resolve("pdfjs-dist/legacy/build/pdf.mjs"));

/** pdf.js reads these with fs.readFile, so they are paths with a trailing slash. */
function packageFolder(name: string): string {
  return fileURLToPath(new URL(`${name}/`, PACKAGE_ROOT));
}

const LOCAL_DATA = {
  cMapUrl: packageFolder("cmaps"),
  cMapPacked: true,
  standardFontDataUrl: packageFolder("standard_fonts"),
  iccUrl: packageFolder("iccs"),
  wasmUrl: packageFolder("wasm"),
};

/** More pages than any document the service indexes; each costs a parse of its content stream. */
export const MAX_PDF_PAGES = 5_000;

/** Text-showing operators (pdf.js text items) a whole document may hold. */
export const MAX_PDF_TEXT_ITEMS = 2_000_000;

/** What a document has spent so far of its limits. */
interface PdfBudget {
  items: number;
  chars: number;
  maxChars: number;
}

/** One line of a page and whether it starts a paragraph. */
interface PdfLine {
  text: string;
  paragraph: boolean;
}

/** Where a line sits: its baseline and the height of its first text item. */
interface LinePosition {
  y: number;
  height: number;
}

/** Extracts the text of a PDF page by page, cut at its outline entries, within `limits`. */
export async function extractPdf(body: Uint8Array, limits: ExtractLimits): Promise<ExtractedDocument> {
  // A copy, because pdf.js transfers (detaches) the buffer it is given.
  const task = pdfjs.getDocument({
    data: body.slice(),
    ...LOCAL_DATA,
    useWorkerFetch: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    return await readDocument(await task.promise, { items: 0, chars: 0, maxChars: limits.maxExtractedBytes });
  } catch (cause) {
    throw pdfError(cause);
  } finally {
    await task.destroy();
  }
}

/** pdf.js fails on the body itself (structure, password, a broken page), so every failure is the document's. */
function pdfError(cause: unknown): ExtractionError {
  if (cause instanceof ExtractionError) return cause;
  const name = (cause as { name?: string }).name;
  if (name === "PasswordException") return new ExtractionError("encrypted", "the PDF is password-protected", { cause });
  return new ExtractionError("corrupt", "the body is not a readable PDF", { cause });
}

async function readDocument(doc: PDFDocumentProxy, budget: PdfBudget): Promise<ExtractedDocument> {
  if (doc.numPages > MAX_PDF_PAGES) {
    throw new ExtractionError("over_limit", `the PDF has ${doc.numPages} pages; at most ${MAX_PDF_PAGES}`);
  }
  const entries = await outlineEntries(doc);
  const builder = newSectionBuilder();
  for (let pageIndex = 0; pageIndex < doc.numPages; pageIndex++) {
    const lines = await pageLines(doc, pageIndex + 1, budget);
    const onPage = entries.filter((entry) => entry.pageIndex === pageIndex);
    addPage(builder, lines, onPage);
  }
  return closeBuilder(builder);
}

/** Emits a page's lines, opening a section at each outline entry that points to this page. */
function addPage(builder: SectionBuilder, lines: PdfLine[], entries: OutlineEntry[]): void {
  let cursor = 0;
  for (const entry of entries) {
    const found = findTitle(lines, cursor, entry.title);
    const end = found === -1 ? cursor : found;
    emitLines(builder, lines.slice(cursor, end));
    openSection(builder, entry.level, entry.title);
    cursor = found === -1 ? cursor : found + 1;
  }
  emitLines(builder, lines.slice(cursor));
}

function emitLines(builder: SectionBuilder, lines: PdfLine[]): void {
  for (const line of lines) appendText(builder, (line.paragraph ? "\n\n" : " ") + line.text);
}

/** The index of the first line at or after `from` that reads as `title`, ignoring spaces; -1 if none. */
function findTitle(lines: PdfLine[], from: number, title: string): number {
  const wanted = title.replace(/\s+/g, "");
  for (let i = from; i < lines.length; i++) {
    if (wanted !== "" && lines[i].text.replace(/\s+/g, "") === wanted) return i;
  }
  return -1;
}

/** A page's text as lines, a line starting a paragraph when the gap above it exceeds 1.5 line heights. */
async function pageLines(doc: PDFDocumentProxy, pageNumber: number, budget: PdfBudget): Promise<PdfLine[]> {
  const page = await doc.getPage(pageNumber);
  const content = await page.getTextContent();
  page.cleanup();
  spend(budget, content.items);
  const lines: PdfLine[] = [];
  let parts: string[] = [];
  let top: LinePosition | null = null;
  let previous: LinePosition | null = null;
  for (const item of content.items) {
    if (!("str" in item)) continue;
    if (top === null && item.str.trim() !== "") top = { y: item.transform[5], height: item.height };
    parts.push(item.str);
    if (!item.hasEOL) continue;
    previous = pushLine(lines, parts, top, previous);
    parts = [];
    top = null;
  }
  pushLine(lines, parts, top, previous);
  return lines;
}

/** Counts a page's text items and characters, throwing `over_limit` once the document exceeds a limit. */
function spend(budget: PdfBudget, items: ReadonlyArray<object>): void {
  budget.items += items.length;
  for (const item of items) if ("str" in item) budget.chars += (item.str as string).length;
  if (budget.items > MAX_PDF_TEXT_ITEMS) {
    throw new ExtractionError("over_limit", `the PDF holds more than ${MAX_PDF_TEXT_ITEMS} text items`);
  }
  if (budget.chars > budget.maxChars) {
    throw new ExtractionError("over_limit", `the PDF yields more than ${budget.maxChars} characters of text`);
  }
}

/** Adds the line made of `parts` unless it is blank, and returns the position the next line measures from. */
function pushLine(lines: PdfLine[], parts: string[], top: LinePosition | null, previous: LinePosition | null) {
  const text = oneLine(parts.join(""));
  if (text === "" || top === null) return previous;
  const gap = previous === null ? Infinity : Math.abs(previous.y - top.y);
  lines.push({ text, paragraph: gap > 1.5 * Math.max(top.height, previous?.height ?? 0, 1) });
  return top;
}
