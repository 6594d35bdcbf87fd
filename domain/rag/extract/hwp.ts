/**
 * HWP 5 (the binary Hangul format) to sections. The file is an OLE compound file (read with SheetJS's cfb):
 * FileHeader says whether streams are deflated and whether the document is encrypted; DocInfo holds the
 * paragraph styles; BodyText/Section0, Section1, ... hold the paragraphs as records (hwp_records.ts).
 * Paragraphs in the outline styles ("개요 1" ...) open sections, tables become table lines (table.ts), and
 * text in text boxes and footnotes follows its paragraph. Page headers and footers are left out.
 */
import { Buffer } from "node:buffer";
import { inflateRawSync } from "node:zlib";
import CFB from "cfb";
import {
  appendText,
  closeBuilder,
  type ExtractedDocument,
  ExtractionError,
  type ExtractLimits,
  newSectionBuilder,
  openSection,
  type SectionBuilder,
} from "@/domain/rag/extract/document.ts";
import { headingLevelOfStyle } from "@/domain/rag/extract/hangul_styles.ts";
import {
  controlId,
  type HwpRecord,
  MAX_HWP_RECORDS,
  paraText,
  readLengthPrefixed,
  readRecords,
  type RecordBudget,
  TAG,
} from "@/domain/rag/extract/hwp_records.ts";
import { tableText } from "@/domain/rag/extract/table.ts";

const SIGNATURE = "HWP Document File";
const FLAG_COMPRESSED = 1;
const FLAG_PASSWORD = 2;
/** A distribution document: its body is encrypted into ViewText streams. */
const FLAG_DISTRIBUTION = 4;
const SECTION = /^BodyText\/Section(\d+)$/;
/** Columns a Hangul table may have. */
const MAX_TABLE_COLUMNS = 256;
/** Controls whose paragraphs are not the body's text: page headers and footers repeat on every page. */
const SKIPPED_CONTROLS = new Set(["head", "foot"]);

/** What a document's streams may inflate to in all: the limit of a ZIP-based body. */
interface Budget extends RecordBudget {
  bytes: number;
}

/** Extracts the sections of an HWP 5 body; inflated streams and records are counted against the limits. */
export function extractHwp(body: Uint8Array, limits: ExtractLimits): ExtractedDocument {
  const streams = readStreams(body);
  const flags = fileHeaderFlags(streams.get("FileHeader"));
  if (flags & (FLAG_PASSWORD | FLAG_DISTRIBUTION)) {
    throw new ExtractionError("encrypted", "the HWP document is password-protected or a distribution document");
  }
  const budget: Budget = { bytes: limits.maxExtractedBytes, left: MAX_HWP_RECORDS };
  const records = (stream: Uint8Array) =>
    readRecords(flags & FLAG_COMPRESSED ? inflate(stream, budget) : stream, budget);
  const docInfo = streams.get("DocInfo");
  const headings = readHeadings(docInfo === undefined ? [] : records(docInfo));
  const sections = [...streams.keys()].filter((name) => SECTION.test(name));
  if (sections.length === 0) throw new ExtractionError("corrupt", "the HWP document has no body section");
  sections.sort((a, b) => Number(SECTION.exec(a)![1]) - Number(SECTION.exec(b)![1]));
  const builder = newSectionBuilder();
  for (const name of sections) {
    for (const record of records(streams.get(name)!)) {
      if (record.tag === TAG.paraHeader) addParagraph(builder, record, headings);
    }
  }
  return closeBuilder(builder);
}

/** The compound file's streams by path below the root ("BodyText/Section0"); `corrupt` when it is not one. */
function readStreams(body: Uint8Array): Map<string, Uint8Array> {
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(Buffer.from(body.buffer, body.byteOffset, body.byteLength), { type: "buffer" });
  } catch (cause) {
    throw new ExtractionError("corrupt", "the body is not an HWP document (not a compound file)", { cause });
  }
  const streams = new Map<string, Uint8Array>();
  container.FileIndex.forEach((entry, i) => {
    if (entry.type !== 2 || !entry.content) return;
    const path = container.FullPaths[i].slice(container.FullPaths[i].indexOf("/") + 1);
    streams.set(path, entry.content as Uint8Array);
  });
  return streams;
}

function fileHeaderFlags(header: Uint8Array | undefined): number {
  if (!header || header.byteLength < 40 || new TextDecoder().decode(header.subarray(0, 17)) !== SIGNATURE) {
    throw new ExtractionError("corrupt", "the body is not an HWP 5 document (no HWP file header)");
  }
  return new DataView(header.buffer, header.byteOffset, header.byteLength).getUint32(36, true);
}

/** Inflates one raw-deflate stream, refusing it once the document's streams pass the inflated-size limit. */
function inflate(stream: Uint8Array, budget: Budget): Uint8Array {
  let out: Uint8Array;
  try {
    out = inflateRawSync(stream, { maxOutputLength: Math.max(1, budget.bytes) });
  } catch (cause) {
    if (cause instanceof RangeError) {
      throw new ExtractionError("over_limit", "the HWP document's streams inflate past the extraction limit");
    }
    throw new ExtractionError("corrupt", "an HWP stream does not inflate", { cause });
  }
  budget.bytes -= out.byteLength;
  return out;
}

/** Heading levels of the DocInfo styles and paragraph shapes, by their index: the ids paragraph headers give. */
interface Headings {
  byStyle: Array<number | null>;
  byShape: Array<number | null>;
}

function readHeadings(docInfo: HwpRecord[]): Headings {
  const byStyle = docInfo.filter((record) => record.tag === TAG.style).map((style) => {
    const local = readLengthPrefixed(style.data, 0);
    return headingLevelOfStyle(local.text, readLengthPrefixed(style.data, local.end).text);
  });
  // A paragraph shape's first field: bits 23-24 its heading type (1 an outline level), bits 25-27 the level from 0.
  const byShape = docInfo.filter((record) => record.tag === TAG.paraShape).map((shape) => {
    if (shape.data.byteLength < 4) return null;
    const property = new DataView(shape.data.buffer, shape.data.byteOffset, 4).getUint32(0, true);
    return ((property >>> 23) & 3) === 1 ? Math.min(6, ((property >>> 25) & 7) + 1) : null;
  });
  return { byStyle, byShape };
}

/** One paragraph: a heading, or text followed by the tables and boxed text anchored in it. */
function addParagraph(builder: SectionBuilder, paragraph: HwpRecord, headings: Headings): void {
  const text = ownText(paragraph);
  // PARA_HEADER: chars (4), control mask (4), paragraph shape (2), then the style's index (1).
  const data = paragraph.data;
  const level = data.byteLength > 10 ? headings.byStyle[data[10]] ?? headings.byShape[data[8] | (data[9] << 8)] : null;
  if (level && text.trim() !== "") openSection(builder, level, text.replace(/\s+/g, " ").trim());
  else appendText(builder, `${text}\n\n`);
  for (const control of paragraph.children) {
    if (control.tag !== TAG.ctrlHeader || SKIPPED_CONTROLS.has(controlId(control))) continue;
    if (controlId(control) === "tbl ") appendText(builder, `${tableText(tableRows(control))}\n\n`);
    else for (const inner of nestedParagraphs(control)) addParagraph(builder, inner, headings);
  }
}

function ownText(paragraph: HwpRecord): string {
  return paragraph.children.filter((r) => r.tag === TAG.paraText).map((r) => paraText(r.data)).join("");
}

/** Paragraph headers anywhere under `record` (a text box keeps them below its shape component). */
function nestedParagraphs(record: HwpRecord, out: HwpRecord[] = []): HwpRecord[] {
  for (const child of record.children) {
    if (child.tag === TAG.paraHeader) out.push(child);
    else nestedParagraphs(child, out);
  }
  return out;
}

/**
 * A table's rows. Each cell is a LIST_HEADER followed by its paragraphs as siblings; a cell's text, nested
 * tables flattened, stays on one line. The header gives the paragraph count, flags, then the cell's column and
 * row (2 bytes each). The format document gives the count 2 bytes, but Hangul writes 4 (2 unknown), except in
 * 30-byte headers: the layout hwp.js and pyhwp read real files with.
 */
function tableRows(table: HwpRecord): string[][] {
  const cells: Array<{ row: number; column: number; parts: string[] }> = [];
  for (const child of table.children) {
    if (child.tag === TAG.listHeader && child.data.byteLength >= 12) {
      const view = new DataView(child.data.buffer, child.data.byteOffset, child.data.byteLength);
      const at = child.data.byteLength === 30 ? 6 : 8;
      cells.push({ column: view.getUint16(at, true), row: view.getUint16(at + 2, true), parts: [] });
    } else if (child.tag === TAG.paraHeader && cells.length > 0) {
      const ctrls = child.children.filter((c) => c.tag === TAG.ctrlHeader);
      cells[cells.length - 1].parts.push(ownText(child), ...ctrls.flatMap(flatText));
    }
  }
  const rows = new Map<number, string[]>();
  for (const cell of cells) {
    const row = rows.get(cell.row) ?? [];
    rows.set(cell.row, row);
    // A column address past the table's possible width is a lie: the cell goes last rather than far out.
    const column = cell.column < MAX_TABLE_COLUMNS ? cell.column : row.length;
    while (row.length < column) row.push("");
    row[column] = cell.parts.join(" ");
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

function flatText(control: HwpRecord): string[] {
  return nestedParagraphs(control).flatMap((p) => [ownText(p), ...p.children.flatMap(flatText)]);
}
