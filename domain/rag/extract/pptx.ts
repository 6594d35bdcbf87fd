/**
 * PPTX to sections: one section per slide, in the presentation's order, headed "슬라이드 N" and the slide's
 * title, holding its text boxes' paragraphs and its tables as table lines (see table.ts). Speaker notes,
 * slide masters and layouts (their placeholder prompts) are left out.
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
import {
  childElements,
  findElement,
  findElements,
  parseXml,
  relationshipId,
  type XmlElement,
} from "@/domain/rag/extract/xml_tree.ts";
import { readZipParts, requirePart } from "@/domain/rag/extract/zip_parts.ts";

const PRESENTATION = "ppt/presentation.xml";
const PARTS = /^ppt\/(presentation\.xml|_rels\/presentation\.xml\.rels|slides\/[^/]+\.xml)$/;
const TITLE_PLACEHOLDERS = new Set(["title", "ctrTitle"]);

/** Extracts the slides of a PPTX body; the archive's directory is checked against `limits` first. */
export function extractPptx(body: Uint8Array, limits: ExtractLimits): ExtractedDocument {
  const parts = readZipParts(body, limits, (name) => PARTS.test(name), "PPTX");
  const presentation = parseXml(requirePart(parts, PRESENTATION, "PPTX"));
  const targets = readRelationships(PRESENTATION, parts.get(relationshipsPartOf(PRESENTATION)));
  const list = findElement(presentation, "sldIdLst");
  if (!list) throw new ExtractionError("corrupt", "the PPTX presentation lists no slides");
  const builder = newSectionBuilder();
  let number = 0;
  // A presentation that lists one slide part many times is read once: repeating a part must not multiply the work.
  const read = new Set<string>();
  for (const slideId of childElements(list, "sldId")) {
    const target = targets.get(relationshipId(slideId));
    const xml = target === undefined || read.has(target) ? undefined : parts.get(target);
    if (xml === undefined) continue;
    read.add(target!);
    number++;
    const tree = findElement(parseXml(xml), "spTree");
    const title = tree ? slideTitle(tree) : null;
    openSection(builder, 1, title ? `슬라이드 ${number}: ${paragraphs(title).join(" ")}` : `슬라이드 ${number}`);
    if (tree) appendText(builder, shapesText(tree, title).join("\n\n"));
  }
  return closeBuilder(builder);
}

/** The shape holding the slide's title placeholder, or null. */
function slideTitle(tree: XmlElement): XmlElement | null {
  return findElements(tree, "sp").find((shape) => {
    const placeholder = findElement(shape, "ph");
    return placeholder !== null && TITLE_PLACEHOLDERS.has(placeholder.attributes.type ?? "");
  }) ?? null;
}

/** The text of the shapes under `tree` in their drawing order, groups included, the title shape left out. */
function shapesText(tree: XmlElement, title: XmlElement | null): string[] {
  const out: string[] = [];
  for (const child of tree.children) {
    if (typeof child === "string" || child === title) continue;
    if (child.name === "sp") out.push(paragraphs(child).join("\n"));
    else if (child.name === "grpSp") out.push(...shapesText(child, title));
    else if (child.name === "graphicFrame") {
      for (const table of findElements(child, "tbl")) out.push(tableText(tableRows(table)));
    }
  }
  return out.filter((text) => text.trim() !== "");
}

/** A table's rows; a cell's paragraphs are joined by spaces so its row stays on one line. */
function tableRows(table: XmlElement): string[][] {
  return childElements(table, "tr").map((row) => childElements(row, "tc").map((cell) => paragraphs(cell).join(" ")));
}

/** The text of each DrawingML paragraph (a:p) under `node`; a line break inside one becomes a space. */
function paragraphs(node: XmlElement): string[] {
  return findElements(node, "p").map(runText).filter((text) => text.trim() !== "");
}

function runText(p: XmlElement): string {
  const parts: string[] = [];
  for (const child of p.children) {
    if (typeof child === "string") continue;
    if (child.name === "r" || child.name === "fld") parts.push(findElements(child, "t").map(plain).join(""));
    else if (child.name === "br") parts.push(" ");
  }
  return parts.join("");
}

function plain(node: XmlElement): string {
  return node.children.filter((c) => typeof c === "string").join("");
}
