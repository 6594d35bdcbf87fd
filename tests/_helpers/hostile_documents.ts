/**
 * Documents built to hurt an extractor, generated on the spot rather than committed: a DOCX whose
 * `document.xml` inflates to tens of MiB from a few dozen KiB, a small PDF whose one content stream
 * is shared by hundreds of pages (thousands of chunks), and a text that is one enormous word.
 */
import { deflateRawSync } from "node:zlib";
import { PDFDocument, PDFName, StandardFonts } from "pdf-lib";

/** The DOCX media type. */
export const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A ZIP archive of deflated parts, written by hand so the test controls every byte. */
export function zipArchive(parts: Array<{ name: string; data: Uint8Array }>): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = new TextEncoder().encode(part.name);
    const packed = deflateRawSync(part.data, { level: 9 });
    const sizes = { crc: crc32(part.data), compressed: packed.byteLength, inflated: part.data.byteLength };
    const local = header(30, 0x04034b50, name, sizes, 6);
    locals.push(local, name, packed);
    const central = header(46, 0x02014b50, name, sizes, 8);
    new DataView(central.buffer).setUint32(42, offset, true);
    centrals.push(central, name);
    offset += local.byteLength + name.byteLength + packed.byteLength;
  }
  const directorySize = centrals.reduce((sum, b) => sum + b.byteLength, 0);
  const end = new Uint8Array(22);
  const view = new DataView(end.buffer);
  view.setUint32(0, 0x06054b50, true);
  view.setUint16(8, parts.length, true);
  view.setUint16(10, parts.length, true);
  view.setUint32(12, directorySize, true);
  view.setUint32(16, offset, true);
  return concat([...locals, ...centrals, end]);
}

/** A local (30 bytes) or central (46 bytes) header; `at` is where its flags start, after the version fields. */
function header(
  size: number,
  signature: number,
  name: Uint8Array,
  s: { crc: number; compressed: number; inflated: number },
  at: number,
): Uint8Array {
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, signature, true);
  view.setUint16(4, 20, true);
  if (size === 46) view.setUint16(6, 20, true);
  view.setUint16(at + 2, 8, true); // deflate
  view.setUint32(at + 8, s.crc, true);
  view.setUint32(at + 12, s.compressed, true);
  view.setUint32(at + 16, s.inflated, true);
  view.setUint16(at + 20, name.byteLength, true);
  return out;
}

function concat(pieces: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((sum, p) => sum + p.byteLength, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.byteLength;
  }
  return out;
}

/** A DOCX whose word/document.xml holds `paragraphs` copies of one paragraph. */
export function docxWithParagraphs(paragraph: string, paragraphs: number): Uint8Array {
  const enc = (s: string) => new TextEncoder().encode(s);
  const w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
  const body = `<w:p><w:r><w:t>${paragraph}</w:t></w:r></w:p>`.repeat(paragraphs);
  return zipArchive([
    {
      name: "[Content_Types].xml",
      data: enc(
        `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ` +
          `ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
      ),
    },
    {
      name: "_rels/.rels",
      data: enc(
        `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Target="word/document.xml" Type="http://schemas.openxmlformats.org/` +
          `officeDocument/2006/relationships/officeDocument"/></Relationships>`,
      ),
    },
    {
      name: "word/document.xml",
      data: enc(`<?xml version="1.0"?><w:document xmlns:w="${w}"><w:body>${body}</w:body></w:document>`),
    },
  ]);
}

/** The zip bomb: about 60 MiB of document.xml in a file of a few dozen KiB. */
export function docxBomb(): Uint8Array {
  return docxWithParagraphs("폭탄 문단입니다. This paragraph repeats until the part is huge.", 600_000);
}

/**
 * A PDF of `pages` pages that all show one shared, deflated content stream of `lines` lines of six
 * sentences each: a file of a few KiB whose text runs to millions of characters (tens of thousands of
 * chunks at the default chunk size).
 */
export async function pdfSharedStream(pages = 500, lines = 100): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const sentence = "The shared stream says the same thing on every page of this document again.";
  const text = Array.from({ length: lines }, (_, n) => `(${n}: ${`${sentence} `.repeat(6)}) Tj T*`).join("\n");
  // Small type, so every line stays on the page (pdf.js drops text outside it).
  const stream = doc.context.flateStream(`BT /F1 1 Tf 8 TL 10 820 Td\n${text}\nET`);
  const contents = doc.context.register(stream);
  for (let n = 0; n < pages; n++) {
    const page = doc.addPage([595, 842]);
    page.node.setFontDictionary(PDFName.of("F1"), font.ref);
    page.node.set(PDFName.of("Contents"), contents);
  }
  return await doc.save({ useObjectStreams: true });
}

/** A text/plain body of `bytes` bytes with no space or sentence mark anywhere: one word. */
export function singleWord(bytes = 52_000_000): Uint8Array {
  return new Uint8Array(bytes).fill(0x61);
}
