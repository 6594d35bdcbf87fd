/**
 * Small Hangul documents written on the spot: HWPX (OWPML parts zipped with fflate) and HWP 5 (an OLE compound
 * file built with cfb, its FileHeader, DocInfo styles and BodyText records encoded here per Hancom's HWP 5.0
 * format document, the streams raw-deflated as Hangul writes them). Both come from one list of blocks, so a
 * test can expect the same sections from either format. Origin: this file; no third-party content, so no
 * licence beyond the project's own. The extractors were also checked by hand against the sample files of hwp.js,
 * hwplib and hwpxlib (not committed: those samples carry no licence of their own).
 */
import { Buffer } from "node:buffer";
import { deflateRawSync } from "node:zlib";
import CFB from "cfb";
import { strToU8, zipSync } from "fflate";

/**
 * A paragraph (a heading when `level` is set: in the style "개요 N", or with `byShape` in the body style with an
 * outline paragraph shape, as Hangul's outline numbering applies it), or a table given as rows of cells.
 */
export type HangulBlock = { text: string; level?: 1 | 2; byShape?: boolean } | { table: string[][] };

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The page header both formats put in the first paragraph: an extractor must leave it out. */
export const PAGE_HEADER = "머리말: 대외비";

const HH = "http://www.hancom.co.kr/hwpml/2011/head";
const HS = "http://www.hancom.co.kr/hwpml/2011/section";
const HP = "http://www.hancom.co.kr/hwpml/2011/paragraph";

/** An HWPX package of `blocks`; style 1 and 2 are "개요 1" and "개요 2", as in Hangul's default template. */
export function hwpxDocument(blocks: HangulBlock[]): Uint8Array {
  const header = `<?xml version="1.0" encoding="UTF-8"?><hh:head xmlns:hh="${HH}" version="1.4"><hh:refList>` +
    `<hh:paraProperties itemCnt="3"><hh:paraPr id="0"><hh:heading type="NONE" idRef="0" level="0"/></hh:paraPr>` +
    `<hh:paraPr id="1"><hh:heading type="OUTLINE" idRef="1" level="0"/></hh:paraPr>` +
    `<hh:paraPr id="2"><hh:heading type="OUTLINE" idRef="1" level="1"/></hh:paraPr>` +
    `</hh:paraProperties><hh:styles itemCnt="3">` +
    `<hh:style id="0" type="PARA" name="바탕글" engName="Normal" paraPrIDRef="0" charPrIDRef="0"/>` +
    `<hh:style id="1" type="PARA" name="개요 1" engName="Outline 1" paraPrIDRef="0" charPrIDRef="0"/>` +
    `<hh:style id="2" type="PARA" name="개요 2" engName="Outline 2" paraPrIDRef="0" charPrIDRef="0"/>` +
    `</hh:styles></hh:refList></hh:head>`;
  const run = (inner: string) => `<hp:run charPrIDRef="0">${inner}</hp:run>`;
  const paragraph = (text: string, style = 0, extra = "", shape = 0) =>
    `<hp:p id="0" paraPrIDRef="${shape}" styleIDRef="${style}" pageBreak="0" columnBreak="0" merged="0">` +
    `${extra}${run(`<hp:t>${escapeXml(text)}</hp:t>`)}</hp:p>`;
  const table = (rows: string[][]) =>
    `<hp:p id="0" paraPrIDRef="0" styleIDRef="0">${
      run(
        `<hp:tbl rowCnt="${rows.length}" colCnt="${rows[0].length}">${
          rows.map((row, r) =>
            `<hp:tr>${
              row.map((cell, c) =>
                `<hp:tc><hp:subList>${paragraph(cell)}</hp:subList><hp:cellAddr colAddr="${c}" rowAddr="${r}"/>` +
                `<hp:cellSpan colSpan="1" rowSpan="1"/></hp:tc>`
              ).join("")
            }</hp:tr>`
          ).join("")
        }</hp:tbl><hp:t/>`,
      )
    }</hp:p>`;
  // The first paragraph carries the section's page settings, as Hangul writes it; they hold no text,
  // and its page header, whose text repeats on every page and is left out.
  const first = run(
    `<hp:secPr textDirection="HORIZONTAL"><hp:pagePr width="59528"/></hp:secPr><hp:ctrl><hp:header id="1">` +
      `<hp:subList>${paragraph(PAGE_HEADER)}</hp:subList></hp:header></hp:ctrl>`,
  );
  const body = blocks.map((block, i) =>
    "table" in block ? table(block.table) : paragraph(
      block.text,
      block.byShape ? 0 : block.level ?? 0,
      i === 0 ? first : "",
      block.byShape ? block.level : 0,
    )
  );
  const section = `<?xml version="1.0" encoding="UTF-8"?><hs:sec xmlns:hs="${HS}" xmlns:hp="${HP}">` +
    `${body.join("")}</hs:sec>`;
  return zipSync({
    "mimetype": [strToU8("application/hwp+zip"), { level: 0 }],
    "META-INF/container.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><ocf:container xmlns:ocf="urn:oasis:names:tc:opendocument:xmlns:` +
        `container"><ocf:rootfiles><ocf:rootfile full-path="Contents/content.hpf" media-type="application/` +
        `hwpml-package+xml"/></ocf:rootfiles></ocf:container>`,
    ),
    "Contents/header.xml": strToU8(header),
    "Contents/section0.xml": strToU8(section),
  });
}

const TAG = { paraShape: 25, style: 26, paraHeader: 66, paraText: 67, ctrlHeader: 71, listHeader: 72, table: 77 };

/** One record: header (tag, level, size; 0xfff and a 32-bit size for long ones) and data. */
export function hwpRecord(tag: number, level: number, data: Uint8Array): Uint8Array {
  const long = data.byteLength >= 0xfff;
  const out = new Uint8Array((long ? 8 : 4) + data.byteLength);
  const view = new DataView(out.buffer);
  view.setUint32(0, (tag | (level << 10) | ((long ? 0xfff : data.byteLength) << 20)) >>> 0, true);
  if (long) view.setUint32(4, data.byteLength, true);
  out.set(data, long ? 8 : 4);
  return out;
}

function bytes(...pieces: Array<Uint8Array | number[]>): Uint8Array {
  return new Uint8Array(pieces.flatMap((piece) => [...piece]));
}

function utf16(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, "utf16le"));
}

function u16(...values: number[]): number[] {
  return values.flatMap((v) => [v & 0xff, (v >>> 8) & 0xff]);
}

function u32(...values: number[]): number[] {
  return values.flatMap((v) => [...u16(v & 0xffff), ...u16(v >>> 16)]);
}

/** A control character of eight code units: the code, the control's id or data (6 units), the code again. */
function extendedControl(code: number, id: string): Uint8Array {
  return bytes(u16(code), [...id].reverse().map((c) => c.charCodeAt(0)), u16(0, 0, 0, 0, code));
}

/** A paragraph header, its text (ending in the paragraph mark), and `controls` records below it. */
function hwpParagraph(
  level: number,
  style: number,
  text: Uint8Array,
  controls: Uint8Array[] = [],
  shape = 0,
): Uint8Array[] {
  const header = bytes(u32(text.byteLength / 2 + 1, 0), u16(shape), [style, 0], u16(1, 0, 1), u32(0), u16(0));
  return [
    hwpRecord(TAG.paraHeader, level, header),
    hwpRecord(TAG.paraText, level + 1, bytes(text, u16(13))),
    ...controls,
  ];
}

function hwpTable(rows: string[][]): Uint8Array[] {
  const control = hwpRecord(TAG.ctrlHeader, 1, bytes(u32(0x74626c20), new Array(40).fill(0)));
  const table = hwpRecord(TAG.table, 2, bytes(u32(0), u16(rows.length, rows[0].length), new Array(10).fill(0)));
  const cells = rows.flatMap((row, r) =>
    row.flatMap((cell, c) => [
      hwpRecord(TAG.listHeader, 2, bytes(u16(1, 0), u32(0), u16(c, r, 1, 1), u32(1000, 1000), u16(0, 0, 0, 0, 1))),
      ...hwpParagraph(2, 0, utf16(cell)),
    ])
  );
  return hwpParagraph(0, 0, extendedControl(11, "tbl "), [control, table, ...cells]);
}

/** The records of a DocInfo stream: paragraph shapes, and the styles 바탕글, 개요 1 and 개요 2 (indexes 0, 1, 2). */
function docInfo(): Uint8Array {
  const style = (name: string, english: string) =>
    hwpRecord(
      TAG.style,
      0,
      bytes(u16(name.length), utf16(name), u16(english.length), utf16(english), [0, 0], u16(1042, 0, 0, 0)),
    );
  // Paragraph shapes 0 (no heading), 1 and 2 (outline levels 0 and 1): property bits 23-24 heading type, 25-27 level.
  const shape = (property: number) => hwpRecord(TAG.paraShape, 0, bytes(u32(property >>> 0), new Array(50).fill(0)));
  return bytes(
    shape(0),
    shape((1 << 23) | (0 << 25)),
    shape((1 << 23) | (1 << 25)),
    style("바탕글", "Normal"),
    style("개요 1", "Outline 1"),
    style("개요 2", "Outline 2"),
  );
}

/** Options of an HWP 5 file: the FileHeader flags (1 deflated, 2 password); bytes cut off the body's end. */
export interface HwpOptions {
  flags?: number;
  cutBody?: number;
}

/** An HWP 5 compound file of `blocks`, streams deflated (flag 1) unless `flags` says otherwise. */
export function hwpDocument(blocks: HangulBlock[], { flags = 1, cutBody = 0 }: HwpOptions = {}): Uint8Array {
  const section = blocks.flatMap((block, i) => {
    if ("table" in block) return hwpTable(block.table);
    const [style, shape] = block.byShape ? [0, block.level ?? 0] : [block.level ?? 0, 0];
    if (i > 0) return hwpParagraph(0, style, withTabs(block.text), [], shape);
    // The first paragraph opens with the section definition and a page header, as in every HWP body.
    const text = bytes(extendedControl(2, "secd"), extendedControl(16, "head"), withTabs(block.text));
    const header = hwpRecord(TAG.ctrlHeader, 1, bytes(u32(0x68656164), u32(0)));
    const list = hwpRecord(TAG.listHeader, 2, bytes(u16(1, 0), u32(0), new Array(10).fill(0)));
    return hwpParagraph(0, style, text, [header, list, ...hwpParagraph(2, 0, utf16(PAGE_HEADER))], shape);
  });
  const pack = (stream: Uint8Array) => flags & 1 ? new Uint8Array(deflateRawSync(stream)) : stream;
  const header = new Uint8Array(256);
  header.set(new TextEncoder().encode("HWP Document File"));
  new DataView(header.buffer).setUint32(32, 0x05010000, true);
  new DataView(header.buffer).setUint32(36, flags, true);
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, "/FileHeader", header);
  CFB.utils.cfb_add(container, "/DocInfo", pack(docInfo()));
  CFB.utils.cfb_add(
    container,
    "/BodyText/Section0",
    pack(bytes(...section).slice(0, cutBody > 0 ? -cutBody : undefined)),
  );
  return new Uint8Array(CFB.write(container, { type: "buffer" }) as Uint8Array);
}

/** A tab is an inline control of eight units in HWP text. */
function withTabs(text: string): Uint8Array {
  return bytes(
    ...text.split("\t").flatMap((part, i) =>
      i === 0 ? [utf16(part)] : [bytes(u16(9), new Array(12).fill(0), u16(9)), utf16(part)]
    ),
  );
}
