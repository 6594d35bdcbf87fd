/**
 * The two large parts of a workbook, its worksheets and shared string table, read with htmlparser2's streaming
 * callbacks rather than as trees: a sheet of a hundred thousand rows would otherwise cost an object per cell
 * and per text run on top of its text.
 */
import { Parser } from "htmlparser2";

/** Columns past this are not read: Excel's own limit is 16,384 (XFD). */
const MAX_COLUMNS = 16_384;

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** The shared string table; a string's phonetic runs (rPh, furigana) are not its text. */
export function sharedStrings(xml: string | undefined): string[] {
  if (xml === undefined) return [];
  const strings: string[] = [];
  let current: string[] | null = null;
  let phonetic = 0;
  let inText = false;
  const parser = new Parser({
    onopentag(name) {
      const local = localName(name);
      if (local === "si") current = [];
      else if (local === "rPh") phonetic++;
      else if (local === "t") inText = phonetic === 0;
    },
    ontext(text) {
      if (inText && current) current.push(text);
    },
    onclosetag(name) {
      const local = localName(name);
      if (local === "si" && current) {
        strings.push(current.join(""));
        current = null;
      } else if (local === "rPh") phonetic--;
      else if (local === "t") inText = false;
    },
  }, { xmlMode: true, decodeEntities: true });
  parser.end(xml);
  return strings;
}

/** A cell being read: where it goes, its type, and its value's text so far. */
interface OpenCell {
  column: number;
  type: string;
  text: string[];
}

/**
 * The sheet's rows as cell texts, each cell at the column its reference names (or after the previous one), the
 * columns that hold no text in any row left out: a row is kept as its cells only, so a small sheet whose cells
 * name column XFD costs its cells, not 16,384 slots a row.
 */
export function sheetRows(xml: string, strings: string[]): string[][] {
  const rows: Map<number, string>[] = [];
  let row: Map<number, string> | null = null;
  let lastColumn = -1;
  let cell: OpenCell | null = null;
  let capture = false;
  let phonetic = 0;
  const parser = new Parser({
    onopentag(name, attributes) {
      const local = localName(name);
      if (local === "row") {
        row = new Map();
        lastColumn = -1;
      } else if (local === "c" && row) {
        lastColumn = columnIndex(attributes.r) ?? lastColumn + 1;
        cell = { column: lastColumn, type: attributes.t ?? "n", text: [] };
      } else if (local === "rPh") phonetic++;
      else if ((local === "v" || local === "t") && cell) capture = phonetic === 0;
    },
    ontext(text) {
      if (capture && cell) cell.text.push(text);
    },
    onclosetag(name) {
      const local = localName(name);
      if (local === "v" || local === "t") capture = false;
      else if (local === "rPh") phonetic--;
      else if (local === "c" && row && cell) {
        const text = cellText(cell, strings);
        if (cell.column < MAX_COLUMNS && text !== "") row.set(cell.column, text);
        cell = null;
      } else if (local === "row" && row) {
        rows.push(row);
        row = null;
      }
    },
  }, { xmlMode: true, decodeEntities: true });
  parser.end(xml);
  const columns = [...new Set(rows.flatMap((r) => [...r.keys()]))].sort((a, b) => a - b);
  return rows.map((r) => columns.map((column) => r.get(column) ?? ""));
}

/** "C7" -> 2; null without a reference. */
function columnIndex(reference: string | undefined): number | null {
  const letters = /^([A-Z]{1,3})\d*$/i.exec(reference ?? "")?.[1];
  if (!letters) return null;
  return [...letters.toUpperCase()].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

function cellText(cell: OpenCell, strings: string[]): string {
  const value = cell.text.join("");
  if (cell.type === "s") return strings[Number(value)] ?? "";
  if (cell.type === "b") return value === "1" ? "TRUE" : value === "0" ? "FALSE" : value;
  return value;
}
