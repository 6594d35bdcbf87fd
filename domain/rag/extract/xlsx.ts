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
import { sharedStrings, sheetRows } from "@/domain/rag/extract/xlsx_cells.ts";
import { childElements, findElement, parseXml, relationshipId } from "@/domain/rag/extract/xml_tree.ts";
import { readZipParts, requirePart } from "@/domain/rag/extract/zip_parts.ts";

const WORKBOOK = "xl/workbook.xml";
const PARTS = /^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|worksheets\/[^/]+\.xml)$/;

/** Extracts the sheets of an XLSX body; the archive's directory is checked against `limits` first. */
export function extractXlsx(body: Uint8Array, limits: ExtractLimits): ExtractedDocument {
  const parts = readZipParts(body, limits, (name) => PARTS.test(name), "XLSX");
  const workbook = parseXml(requirePart(parts, WORKBOOK, "XLSX"));
  const targets = readRelationships(WORKBOOK, parts.get(relationshipsPartOf(WORKBOOK)));
  const strings = sharedStrings(parts.get("xl/sharedStrings.xml"));
  const sheets = findElement(workbook, "sheets");
  if (!sheets) throw new ExtractionError("corrupt", "the XLSX workbook lists no sheets");
  const builder = newSectionBuilder();
  // A workbook that lists one sheet part many times is read once: repeating a part must not multiply the work.
  const read = new Set<string>();
  for (const sheet of childElements(sheets, "sheet")) {
    const target = targets.get(relationshipId(sheet));
    const xml = target === undefined || read.has(target) ? undefined : parts.get(target);
    if (xml === undefined) continue;
    read.add(target!);
    openSection(builder, 1, sheet.attributes.name?.trim() || target!);
    appendText(builder, tableText(sheetRows(xml, strings)));
  }
  return closeBuilder(builder);
}
