/**
 * Text extraction for ingestion: picks the extractor by media type and
 * guarantees the caller either gets sections with text in reading order or an
 * ExtractionError it can answer with a 4xx.
 */
import { decodeText, parseMediaType, sniffHtmlCharset } from "@/domain/rag/extract/decode.ts";
import {
  DEFAULT_EXTRACT_LIMITS,
  type ExtractedDocument,
  ExtractionError,
  type ExtractLimits,
  normalizeText,
} from "@/domain/rag/extract/document.ts";
import { extractDocx } from "@/domain/rag/extract/docx.ts";
import { extractHtml } from "@/domain/rag/extract/html.ts";
import { extractHwp } from "@/domain/rag/extract/hwp.ts";
import { extractHwpx } from "@/domain/rag/extract/hwpx.ts";
import { extractMarkdown } from "@/domain/rag/extract/markdown.ts";
import { extractPdf } from "@/domain/rag/extract/pdf.ts";
import { extractPptx } from "@/domain/rag/extract/pptx.ts";
import { extractXlsx } from "@/domain/rag/extract/xlsx.ts";

export {
  DEFAULT_EXTRACT_LIMITS,
  type ExtractedDocument,
  ExtractionError,
  type ExtractionFailure,
  type ExtractLimits,
  type Section,
} from "@/domain/rag/extract/document.ts";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";
/** HWP 5 (binary) under the names Hancom, browsers and file stores give it. */
const HWP = ["application/x-hwp", "application/haansofthwp", "application/vnd.hancom.hwp"] as const;
/** HWPX (OWPML, KS X 6101) likewise. */
const HWPX = ["application/hwp+zip", "application/vnd.hancom.hwpx"] as const;

/** Media types (without parameters) that `extractText` reads. */
export const SUPPORTED_MEDIA_TYPES = [
  "text/html",
  "application/xhtml+xml",
  "text/plain",
  "text/markdown",
  "text/x-markdown",
  "application/pdf",
  DOCX,
  XLSX,
  PPTX,
  ...HWP,
  ...HWPX,
] as const;

/** Whether `extractText` reads this media type (parameters ignored). */
export function isSupportedMediaType(contentType: string): boolean {
  return (SUPPORTED_MEDIA_TYPES as readonly string[]).includes(parseMediaType(contentType).essence);
}

/**
 * Extracts the text of `body` as sections cut at its headings. `contentType`
 * may carry parameters; its charset decodes text formats (see decodeText).
 * Throws ExtractionError: unsupported_media_type, corrupt, encrypted, empty
 * when the body holds no text at all (a scanned PDF, for instance), or
 * over_limit when it inflates or yields more than `limits` allow.
 *
 * Untrusted bodies are extracted in a process of their own (domain/rag/isolate),
 * never in the one serving requests; this is the one dispatch by media type, so a
 * new format added here is isolated the same way.
 */
export async function extractText(
  body: Uint8Array,
  contentType: string,
  limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS,
): Promise<ExtractedDocument> {
  const { essence, charset } = parseMediaType(contentType);
  const doc = await extractByType(body, { essence, charset }, limits);
  const chars = doc.sections.reduce((sum, section) => sum + section.text.length, 0);
  if (chars > limits.maxExtractedBytes) {
    throw new ExtractionError(
      "over_limit",
      `the body yields ${chars} characters of text; at most ${limits.maxExtractedBytes}`,
    );
  }
  if (!doc.sections.some((section) => section.text !== "")) {
    throw new ExtractionError("empty", `the ${essence} body holds no extractable text`);
  }
  return doc;
}

function extractByType(
  body: Uint8Array,
  { essence, charset }: { essence: string; charset: string | null },
  limits: ExtractLimits,
): Promise<ExtractedDocument> {
  switch (essence) {
    case "text/html":
    case "application/xhtml+xml":
      return Promise.resolve(extractHtml(decodeText(body, charset ?? sniffHtmlCharset(body))));
    case "text/plain":
      return Promise.resolve(extractPlain(decodeText(body, charset)));
    case "text/markdown":
    case "text/x-markdown":
      return Promise.resolve(extractMarkdown(decodeText(body, charset)));
    case "application/pdf":
      return extractPdf(body, limits);
    case DOCX:
      return extractDocx(body, limits);
    case XLSX:
      return Promise.resolve(extractXlsx(body, limits));
    case PPTX:
      return Promise.resolve(extractPptx(body, limits));
    case HWP[0]:
    case HWP[1]:
    case HWP[2]:
      return Promise.resolve(extractHwp(body, limits));
    case HWPX[0]:
    case HWPX[1]:
      return Promise.resolve(extractHwpx(body, limits));
    default:
      throw new ExtractionError(
        "unsupported_media_type",
        `media type "${essence}" is not supported; supported: ${SUPPORTED_MEDIA_TYPES.join(", ")}`,
      );
  }
}

/** Plain text has no headings: one section, paragraphs as the author left them. */
function extractPlain(text: string): ExtractedDocument {
  return { sections: [{ heading: null, headingPath: [], text: normalizeText(text) }] };
}
