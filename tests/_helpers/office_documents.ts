/**
 * Small XLSX and PPTX documents written on the spot, part by part, with Korean text and a table, so tests need
 * no committed binaries: zipped with fflate, each holding only the parts the formats require and the extractor
 * reads, as the files Excel and PowerPoint write do (Hangul's formats: hangul_documents.ts; all four media types
 * here). Origin: this file; no third-party content, so no licence beyond the project's own.
 */
import { strToU8, zipSync } from "fflate";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const PPTX_TYPE = "application/vnd.openxmlformats-officedocument.presentationml.presentation";
export const HWPX_TYPE = "application/hwp+zip";
export const HWP_TYPE = "application/x-hwp";

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function rels(targets: Array<[id: string, type: string, target: string]>): string {
  const items = targets.map(([id, type, target]) =>
    `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`
  );
  return `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_REL}">${items.join("")}</Relationships>`;
}

function zip(parts: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(parts).map(([name, xml]) => [name, strToU8(xml)])));
}

/** A cell: a string (shared), a number, or an inline string. */
type XlsxCell = string | number | { inline: string };

/** An XLSX workbook with one worksheet per entry, in order, each given as rows of cells. */
export function xlsxWorkbook(sheets: Array<{ name: string; rows: XlsxCell[][] }>): Uint8Array {
  const shared: string[] = [];
  const sheetXml = sheets.map(({ rows }) => {
    const body = rows.map((row, r) => {
      const cells = row.map((cell, c) => {
        const ref = `${String.fromCharCode(65 + c)}${r + 1}`;
        if (typeof cell === "number") return `<c r="${ref}"><v>${cell}</v></c>`;
        if (typeof cell === "object") {
          return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(cell.inline)}</t></is></c>`;
        }
        if (cell === "") return "";
        shared.push(cell);
        return `<c r="${ref}" t="s"><v>${shared.length - 1}</v></c>`;
      });
      return `<row r="${r + 1}">${cells.join("")}</row>`;
    });
    return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/` +
      `spreadsheetml/2006/main"><sheetData>${body.join("")}</sheetData></worksheet>`;
  });
  const main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  const list = sheets.map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`);
  const parts: Record<string, string> = {
    "[Content_Types].xml": contentTypes("xl/workbook.xml", "spreadsheetml.sheet.main+xml"),
    "_rels/.rels": rels([["rId1", "officeDocument", "xl/workbook.xml"]]),
    "xl/workbook.xml": `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${REL}">` +
      `<sheets>${list.join("")}</sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": rels([
      ...sheets.map((_, i): [string, string, string] => [`rId${i + 1}`, "worksheet", `worksheets/sheet${i + 1}.xml`]),
      [`rId${sheets.length + 1}`, "sharedStrings", "sharedStrings.xml"],
    ]),
    "xl/sharedStrings.xml": `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${main}" count="${shared.length}">` +
      shared.map((s) => `<si><t>${escapeXml(s)}</t></si>`).join("") + `</sst>`,
  };
  sheetXml.forEach((xml, i) => parts[`xl/worksheets/sheet${i + 1}.xml`] = xml);
  return zip(parts);
}

function contentTypes(main: string, type: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/` +
    `content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
    `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/${main}" ` +
    `ContentType="application/vnd.openxmlformats-officedocument.${type}"/></Types>`;
}

/** A PPTX slide: its title, body paragraphs, and an optional table. */
export interface PptxSlide {
  title: string;
  paragraphs: string[];
  table?: string[][];
}

/**
 * A PPTX presentation of `slides`, in order: written to the package in reverse, so order comes from the list,
 * each slide id giving its relationship id (r:id) before its own id, so the two cannot be confused by order.
 */
export function pptxPresentation(slides: PptxSlide[]): Uint8Array {
  const a = "http://schemas.openxmlformats.org/drawingml/2006/main";
  const p = "http://schemas.openxmlformats.org/presentationml/2006/main";
  const para = (text: string) => `<a:p><a:r><a:rPr lang="ko-KR"/><a:t>${escapeXml(text)}</a:t></a:r></a:p>`;
  const shape = (ph: string, paragraphs: string[]) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="2" name="s"/><p:cNvSpPr/><p:nvPr>${ph}</p:nvPr></p:nvSpPr>` +
    `<p:txBody><a:bodyPr/>${paragraphs.map(para).join("")}</p:txBody></p:sp>`;
  const table = (rows: string[][]) =>
    `<p:graphicFrame><a:graphic><a:graphicData><a:tbl>${
      rows.map((row) => `<a:tr>${row.map((cell) => `<a:tc><a:txBody>${para(cell)}</a:txBody></a:tc>`).join("")}</a:tr>`)
        .join("")
    }</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
  const parts: Record<string, string> = {
    "[Content_Types].xml": contentTypes("ppt/presentation.xml", "presentationml.presentation.main+xml"),
    "_rels/.rels": rels([["rId1", "officeDocument", "ppt/presentation.xml"]]),
    "ppt/presentation.xml": `<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:p="${p}" ` +
      `xmlns:r="${REL}"><p:sldIdLst>${
        slides.map((_, i) => `<p:sldId r:id="rId${i + 1}" id="${256 + i}"/>`).join("")
      }</p:sldIdLst></p:presentation>`,
    "ppt/_rels/presentation.xml.rels": rels(
      slides.map((_, i): [string, string, string] => [`rId${i + 1}`, "slide", `slides/slide${slides.length - i}.xml`]),
    ),
  };
  slides.forEach((slide, i) => {
    parts[`ppt/slides/slide${slides.length - i}.xml`] = `<?xml version="1.0" encoding="UTF-8"?>` +
      `<p:sld xmlns:a="${a}" xmlns:p="${p}" xmlns:r="${REL}"><p:cSld><p:spTree>` +
      shape(`<p:ph type="title"/>`, [slide.title]) + shape(`<p:ph idx="1"/>`, slide.paragraphs) +
      (slide.table ? table(slide.table) : "") + `</p:spTree></p:cSld></p:sld>`;
  });
  return zip(parts);
}
