/**
 * HWPX (OWPML, KS X 6101) to sections: the body sections (Contents/sectionN.xml) in order, paragraphs in the
 * Hangul outline styles ("개요 1" to "개요 7", or a paragraph shape whose heading is an outline level) open
 * sections, tables become table lines (see table.ts), and text in shapes and footnotes follows its paragraph.
 * Page headers and footers are left out.
 */
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
import { tableText } from "@/domain/rag/extract/table.ts";
import { childElements, findElement, findElements, parseXml, type XmlElement } from "@/domain/rag/extract/xml_tree.ts";
import { readZipParts } from "@/domain/rag/extract/zip_parts.ts";

const HEADER = "Contents/header.xml";
const SECTION = /^Contents\/section(\d+)\.xml$/;
/** Page headers and footers repeat on every page; their text is not the body's. */
const SKIPPED_CONTROLS = new Set(["header", "footer"]);

/** Heading levels by style id and by paragraph-shape id, read from the header part. */
interface Headings {
  byStyle: Map<string, number>;
  byParaShape: Map<string, number>;
}

/** Extracts the sections of an HWPX body; the archive's directory is checked against `limits` first. */
export function extractHwpx(body: Uint8Array, limits: ExtractLimits): ExtractedDocument {
  const parts = readZipParts(body, limits, (name) => name === HEADER || SECTION.test(name), "HWPX");
  const names = [...parts.keys()].filter((name) => SECTION.test(name));
  if (names.length === 0) throw new ExtractionError("corrupt", "the HWPX package has no body section");
  names.sort((a, b) => Number(SECTION.exec(a)![1]) - Number(SECTION.exec(b)![1]));
  const headings = readHeadings(parts.get(HEADER));
  const builder = newSectionBuilder();
  for (const name of names) {
    const section = findElement(parseXml(parts.get(name)!), "sec");
    if (section) { for (const p of childElements(section, "p")) addParagraph(builder, p, headings); }
  }
  return closeBuilder(builder);
}

function readHeadings(xml: string | undefined): Headings {
  const headings: Headings = { byStyle: new Map(), byParaShape: new Map() };
  if (xml === undefined) return headings;
  const root = parseXml(xml);
  for (const style of findElements(root, "style")) {
    const level = headingLevelOfStyle(style.attributes.name ?? "", style.attributes.engName ?? "");
    if (level !== null && style.attributes.id) headings.byStyle.set(style.attributes.id, level);
  }
  for (const shape of findElements(root, "paraPr")) {
    const heading = findElement(shape, "heading");
    if (heading?.attributes.type === "OUTLINE" && shape.attributes.id) {
      headings.byParaShape.set(shape.attributes.id, Math.min(6, Number(heading.attributes.level ?? 0) + 1));
    }
  }
  return headings;
}

/** One body paragraph: a heading, or text followed by the tables and boxed text anchored in it. */
function addParagraph(builder: SectionBuilder, p: XmlElement, headings: Headings): void {
  const level = headings.byStyle.get(p.attributes.styleIDRef ?? "") ??
    headings.byParaShape.get(p.attributes.paraPrIDRef ?? "");
  const text = paragraphText(p);
  if (level !== undefined && text.trim() !== "") openSection(builder, level, text.replace(/\s+/g, " ").trim());
  else appendText(builder, `${text}\n\n`);
  for (const run of childElements(p, "run")) {
    for (const control of run.children) {
      if (typeof control === "string" || control.name === "t") continue;
      if (control.name === "tbl") appendText(builder, `${tableText(tableRows(control))}\n\n`);
      else for (const inner of bodyParagraphs(control)) addParagraph(builder, inner, headings);
    }
  }
}

/** The paragraphs under a control (text boxes, footnotes), not those of page headers and footers. */
function bodyParagraphs(node: XmlElement, out: XmlElement[] = []): XmlElement[] {
  for (const child of node.children) {
    if (typeof child === "string" || SKIPPED_CONTROLS.has(child.name)) continue;
    if (child.name === "p") out.push(child);
    else bodyParagraphs(child, out);
  }
  return out;
}

/** The paragraph's own text: its runs' <t> elements, tabs and fixed spaces as spaces, line breaks kept. */
function paragraphText(p: XmlElement): string {
  const out: string[] = [];
  for (const run of childElements(p, "run")) {
    for (const t of childElements(run, "t")) {
      for (const child of t.children) {
        if (typeof child === "string") out.push(child);
        else if (child.name === "lineBreak") out.push("\n");
        else if (child.name === "tab" || child.name === "nbSpace" || child.name === "fwSpace") out.push(" ");
        else if (child.name === "hyphen") out.push("-");
      }
    }
  }
  return out.join("");
}

/** A table's rows, each cell placed at the column its address names; a cell's paragraphs joined by spaces. */
function tableRows(table: XmlElement): string[][] {
  return childElements(table, "tr").map((row) => {
    const cells: string[] = [];
    for (const cell of childElements(row, "tc")) {
      const column = Number(findElement(cell, "cellAddr")?.attributes.colAddr ?? cells.length);
      while (cells.length < column) cells.push("");
      cells[column] = cellText(cell);
    }
    return cells;
  });
}

function cellText(cell: XmlElement): string {
  const list = findElement(cell, "subList") ?? cell;
  return findElements(list, "p").map(paragraphText).join(" ");
}
