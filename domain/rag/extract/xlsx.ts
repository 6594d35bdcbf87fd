/**
 * XLSX to sections: one section per worksheet, in the workbook's order, headed by the sheet's name, its rows
 * as table lines (see table.ts). Values are the cells' stored values: shared and inline strings as written,
 * numbers as stored (a date is its serial number; number formats are not applied), formulas as their last
 * computed value.
 */
import {
  appendText,
  closeBuilder,
  type ExtractedDocument,
  ExtractionError,
  type ExtractLimits,
  newSectionBuilder,
  openSection,
} from "@/domain/rag/extract/document.ts";
import { readRelationships, relationshipsPartOf } from "@/domain/rag/extract/ooxml_relations.ts";
import { tableText } from "@/domain/rag/extract/table.ts";
import { childElements, findElement, parseXml, type XmlElement } from "@/domain/rag/extract/xml_tree.ts";
import { readZipParts, requirePart } from "@/domain/rag/extract/zip_parts.ts";

const WORKBOOK = "xl/workbook.xml";
const PARTS = /^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|worksheets\/[^/]+\.xml)$/;

/** Columns past this are not read: Excel's own limit is 16,384 (XFD). */
const MAX_COLUMNS = 16_384;

/** Extracts the sheets of an XLSX body; the archive's directory is checked against `limits` first. */
export function extractXlsx(body: Uint8Array, limits: ExtractLimits): ExtractedDocument {
  const parts = readZipParts(body, limits, (name) => PARTS.test(name), "XLSX");
  const workbook = parseXml(requirePart(parts, WORKBOOK, "XLSX"));
  const targets = readRelationships(WORKBOOK, parts.get(relationshipsPartOf(WORKBOOK)));
  const strings = sharedStrings(parts.get("xl/sharedStrings.xml"));
  const sheets = findElement(workbook, "sheets");
  if (!sheets) throw new ExtractionError("corrupt", "the XLSX workbook lists no sheets");
  const builder = newSectionBuilder();
  for (const sheet of childElements(sheets, "sheet")) {
    const target = targets.get(sheet.attributes.id ?? "");
    const xml = target === undefined ? undefined : parts.get(target);
    if (xml === undefined) continue;
    openSection(builder, 1, sheet.attributes.name?.trim() || target!);
    appendText(builder, tableText(sheetRows(parseXml(xml), strings)));
  }
  return closeBuilder(builder);
}

/** The shared string table; a string's phonetic runs (rPh, furigana) are not its text. */
function sharedStrings(xml: string | undefined): string[] {
  if (xml === undefined) return [];
  const table = findElement(parseXml(xml), "sst");
  return table ? childElements(table, "si").map(richText) : [];
}

function richText(node: XmlElement): string {
  const runs = [...childElements(node, "t"), ...childElements(node, "r").flatMap((run) => childElements(run, "t"))];
  // Plain <t> and rich runs <r><t> do not mix in one string, so their order is the document's.
  return runs.map((t) => t.children.filter((c) => typeof c === "string").join("")).join("");
}

/** The sheet's rows as cell texts, each cell at the column its reference names. */
function sheetRows(sheet: XmlElement, strings: string[]): string[][] {
  const data = findElement(sheet, "sheetData");
  if (!data) return [];
  return childElements(data, "row").map((row) => {
    const cells: string[] = [];
    let next = 0;
    for (const cell of childElements(row, "c")) {
      const column = columnIndex(cell.attributes.r) ?? next;
      if (column >= MAX_COLUMNS) break;
      while (cells.length < column) cells.push("");
      cells[column] = cellText(cell, strings);
      next = column + 1;
    }
    return cells;
  });
}

/** "C7" -> 2; null without a reference. */
function columnIndex(reference: string | undefined): number | null {
  const letters = /^([A-Z]{1,3})\d*$/i.exec(reference ?? "")?.[1];
  if (!letters) return null;
  return [...letters.toUpperCase()].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

function cellText(cell: XmlElement, strings: string[]): string {
  const type = cell.attributes.t ?? "n";
  if (type === "inlineStr") {
    const inline = childElements(cell, "is")[0];
    return inline ? richText(inline) : "";
  }
  const value = childElements(cell, "v")[0]?.children.filter((c) => typeof c === "string").join("") ?? "";
  if (type === "s") return strings[Number(value)] ?? "";
  if (type === "b") return value === "1" ? "TRUE" : value === "0" ? "FALSE" : value;
  return value;
}
