/**
 * The record streams of HWP 5 (DocInfo, BodyText/SectionN): a sequence of records, each a 32-bit header
 * (tag 10 bits, level 10 bits, size 12 bits; size 0xfff means a 32-bit size follows) and its data. Levels nest
 * records: a paragraph's text and controls sit one level below its header, a table's cells below the table.
 * Layout per the HWP 5.0 file format document (Hancom, 2018 revision).
 */
import { ExtractionError } from "@/domain/rag/extract/document.ts";

const UTF16 = new TextDecoder("utf-16le");

/** Tags this extractor reads (HWPTAG_BEGIN = 16). */
export const TAG = {
  paraShape: 25,
  style: 26,
  paraHeader: 66,
  paraText: 67,
  ctrlHeader: 71,
  listHeader: 72,
} as const;

/** Records in all streams of one document past which it is refused: a record costs an object even when empty. */
export const MAX_HWP_RECORDS = 2_000_000;

/** One record and the records nested under it. */
export interface HwpRecord {
  tag: number;
  data: Uint8Array;
  children: HwpRecord[];
}

/** Counts records across a document's streams so the limit holds for the document, not each stream. */
export interface RecordBudget {
  left: number;
}

/** The records of `stream` as a forest by level; throws `corrupt` on a truncated record, `over_limit` past budget. */
export function readRecords(stream: Uint8Array, budget: RecordBudget): HwpRecord[] {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const roots: HwpRecord[] = [];
  const open: Array<{ level: number; record: HwpRecord }> = [];
  for (let at = 0; at < stream.byteLength;) {
    if (at + 4 > stream.byteLength) throw truncated();
    const header = view.getUint32(at, true);
    let size = header >>> 20;
    at += 4;
    if (size === 0xfff) {
      if (at + 4 > stream.byteLength) throw truncated();
      size = view.getUint32(at, true);
      at += 4;
    }
    if (at + size > stream.byteLength) throw truncated();
    if (--budget.left < 0) {
      throw new ExtractionError("over_limit", `the document holds more than ${MAX_HWP_RECORDS} records`);
    }
    const record: HwpRecord = { tag: header & 0x3ff, data: stream.subarray(at, at + size), children: [] };
    const level = (header >>> 10) & 0x3ff;
    at += size;
    while (open.length > 0 && open[open.length - 1].level >= level) open.pop();
    (open.length > 0 ? open[open.length - 1].record.children : roots).push(record);
    open.push({ level, record });
  }
  return roots;
}

function truncated(): ExtractionError {
  return new ExtractionError("corrupt", "an HWP record stream is truncated");
}

/**
 * A PARA_TEXT record's text. Characters below 32 are controls: 0, 10 (line break), 13 (paragraph end) and
 * 24 to 31 take one code unit; the others take eight (the code, six units of data, the code again). A tab (9),
 * the bound and fixed-width spaces (30, 31) stand for a space, the hyphen (24) for "-".
 */
export function paraText(data: Uint8Array): string {
  const units = data.byteLength >>> 1;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const text = (from: number, to: number) => UTF16.decode(data.subarray(from * 2, Math.min(to, units) * 2));
  let out = "";
  let from = 0;
  for (let i = 0; i < units;) {
    const code = view.getUint16(i * 2, true);
    if (code >= 32) {
      i++;
      continue;
    }
    out += text(from, i);
    const single = code === 0 || code === 10 || code === 13 || code >= 24;
    if (code === 10) out += "\n";
    else if (code === 9 || code === 30 || code === 31) out += " ";
    else if (code === 24) out += "-";
    i += single ? 1 : 8;
    from = i;
  }
  return out + (from < units ? text(from, units) : "");
}

/** The 4-character id of a control header ("tbl ", "gso ", "head", ...). */
export function controlId(record: HwpRecord): string {
  if (record.data.byteLength < 4) return "";
  const id = new DataView(record.data.buffer, record.data.byteOffset, 4).getUint32(0, true);
  return String.fromCharCode(id >>> 24, (id >>> 16) & 0xff, (id >>> 8) & 0xff, id & 0xff);
}

/** A UTF-16LE string prefixed by its length in code units (WORD), as DocInfo writes names; and where it ends. */
export function readLengthPrefixed(data: Uint8Array, at: number): { text: string; end: number } {
  if (at + 2 > data.byteLength) return { text: "", end: data.byteLength };
  const length = data[at] | (data[at + 1] << 8);
  const end = Math.min(data.byteLength, at + 2 + length * 2);
  return { text: UTF16.decode(data.subarray(at + 2, end)), end };
}
