/**
 * DOCX to sections: mammoth turns heading styles into h1-h6 and the rest into
 * plain HTML, which the HTML extractor then cuts at those headings.
 *
 * mammoth stays on 1.12: 1.13 assigns `__proto__`, which Deno disables, so
 * every conversion fails there unless the whole process runs --unsafe-proto.
 */
import { Buffer } from "node:buffer";
import mammoth from "mammoth";
import { type ExtractedDocument, ExtractionError, type ExtractLimits } from "@/domain/rag/extract/document.ts";
import { extractHtml } from "@/domain/rag/extract/html.ts";
import { checkZipLimits } from "@/domain/rag/extract/zip_limits.ts";

/**
 * The Title style, and heading styles named in Korean ("제목 1", as some Korean
 * editors and templates name them), count as headings too.
 */
const STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  ...[1, 2, 3, 4, 5, 6].map((level) => `p[style-name='제목 ${level}'] => h${level}:fresh`),
];

/**
 * Extracts the sections of a DOCX body; images are left out rather than inlined as data URIs. The archive's
 * directory is checked against `limits` before mammoth inflates anything.
 */
export async function extractDocx(body: Uint8Array, limits: ExtractLimits): Promise<ExtractedDocument> {
  checkZipLimits(body, limits.maxExtractedBytes);
  let html: string;
  try {
    // mammoth's Node entry point reads a Buffer; this one is a view, not a copy.
    const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    const result = await mammoth.convertToHtml({ buffer }, {
      styleMap: STYLE_MAP,
      convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: "" })),
      externalFileAccess: false,
    });
    html = result.value;
  } catch (cause) {
    throw new ExtractionError("corrupt", "the body is not a readable DOCX document", { cause });
  }
  return extractHtml(html);
}
