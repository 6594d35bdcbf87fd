/**
 * Refuses a ZIP-based body (DOCX, XLSX, PPTX, HWPX) whose central directory promises more than extraction
 * may inflate, before any part is inflated: too many parts, too many inflated bytes in all, or a part that
 * inflates far beyond its compressed size (a zip bomb).
 *
 * The directory's sizes are what the archive claims; a part that lies about them is still caught
 * by the extraction process's heap limit, which this check only makes unnecessary for honest bombs.
 */
import { ExtractionError } from "@/domain/rag/extract/document.ts";

/** More parts than any office document holds: each part costs a parser object even when tiny. */
export const MAX_ZIP_PARTS = 5_000;

/**
 * Inflated bytes per compressed byte a part may reach once it inflates past `RATIO_FLOOR_BYTES`.
 * Office XML compresses 5 to 30 times; a repeated run of one paragraph gives hundreds.
 */
export const MAX_ZIP_RATIO = 100;

/** Small parts may compress as well as they like: they cannot inflate to much. */
const RATIO_FLOOR_BYTES = 1024 * 1024;

const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const ZIP64_EXTRA_ID = 0x0001;
const SATURATED = 0xffffffff;

/** One part as the central directory describes it. */
interface ZipPart {
  name: string;
  compressed: number;
  inflated: number;
}

/** Throws ExtractionError `over_limit` when the archive's directory breaks a limit, `corrupt` when it has none. */
export function checkZipLimits(body: Uint8Array, maxInflatedBytes: number): void {
  const parts = centralDirectory(body);
  if (parts.length > MAX_ZIP_PARTS) {
    throw new ExtractionError("over_limit", `the archive holds ${parts.length} parts; at most ${MAX_ZIP_PARTS}`);
  }
  let total = 0;
  for (const part of parts) {
    total += part.inflated;
    const ratio = part.inflated / Math.max(1, part.compressed);
    if (part.inflated > RATIO_FLOOR_BYTES && ratio > MAX_ZIP_RATIO) {
      throw new ExtractionError(
        "over_limit",
        `part ${part.name.slice(0, 100)} inflates ${Math.round(ratio)} times (${part.inflated} bytes); ` +
          `at most ${MAX_ZIP_RATIO} times`,
      );
    }
  }
  if (total > maxInflatedBytes) {
    throw new ExtractionError("over_limit", `the archive inflates to ${total} bytes; at most ${maxInflatedBytes}`);
  }
}

/** The parts the central directory lists, read from the end-of-central-directory record backwards. */
function centralDirectory(body: Uint8Array): ZipPart[] {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const eocd = findEndRecord(view);
  if (eocd === -1) throw new ExtractionError("corrupt", "the body is not a ZIP archive (no central directory)");
  const zip64 = eocd >= 20 && view.getUint32(eocd - 20, true) === ZIP64_LOCATOR_SIGNATURE;
  let count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  if (zip64) {
    const record = Number(view.getBigUint64(eocd - 12, true));
    if (record + 56 > body.byteLength) throw new ExtractionError("corrupt", "the ZIP64 directory record is missing");
    count = Number(view.getBigUint64(record + 32, true));
    offset = Number(view.getBigUint64(record + 48, true));
  }
  const parts: ZipPart[] = [];
  for (let i = 0; i < count; i++) {
    if (parts.length > MAX_ZIP_PARTS) break;
    if (offset + 46 > body.byteLength || view.getUint32(offset, true) !== CENTRAL_SIGNATURE) {
      throw new ExtractionError("corrupt", "the ZIP central directory is truncated");
    }
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const name = new TextDecoder().decode(body.subarray(offset + 46, offset + 46 + nameLength));
    const extra = body.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength);
    parts.push(partSizes(name, view.getUint32(offset + 20, true), view.getUint32(offset + 24, true), extra));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return parts;
}

/** The end record sits in the last 64 KiB (its comment is at most 65535 bytes); -1 when absent. */
function findEndRecord(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - EOCD_SIZE - 0xffff);
  for (let at = view.byteLength - EOCD_SIZE; at >= lowest; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

/** A part's sizes; saturated 32-bit fields are given in its ZIP64 extra field (inflated first, then compressed). */
function partSizes(name: string, compressed: number, inflated: number, extra: Uint8Array): ZipPart {
  if (compressed !== SATURATED && inflated !== SATURATED) return { name, compressed, inflated };
  const view = new DataView(extra.buffer, extra.byteOffset, extra.byteLength);
  for (let at = 0; at + 4 <= extra.byteLength;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA_ID) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + size) throw new ExtractionError("corrupt", "a ZIP64 size field is truncated");
        const value = Number(view.getBigUint64(field, true));
        field += 8;
        return value;
      };
      const big = inflated === SATURATED ? next() : inflated;
      return { name, inflated: big, compressed: compressed === SATURATED ? next() : compressed };
    }
    at += 4 + size;
  }
  throw new ExtractionError("corrupt", "a ZIP part has saturated sizes without a ZIP64 field");
}
