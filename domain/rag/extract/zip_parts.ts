/**
 * The parts of a ZIP-based office package (XLSX, PPTX, HWPX) as text, inflated with fflate only after the
 * central directory passed checkZipLimits, and only the parts the extractor asks for. fflate inflates a part into
 * a buffer of the size the directory declares, so a part that lies about its size yields that many bytes, no more:
 * the directory check holds for these formats even against a lying archive.
 */
import { unzipSync } from "fflate";
import { ExtractionError, type ExtractLimits } from "@/domain/rag/extract/document.ts";
import { checkZipLimits } from "@/domain/rag/extract/zip_limits.ts";

/** The parts whose names `wanted` accepts, decoded as UTF-8, by name; throws ExtractionError. */
export function readZipParts(
  body: Uint8Array,
  limits: ExtractLimits,
  wanted: (name: string) => boolean,
  format: string,
): Map<string, string> {
  checkZipLimits(body, limits.maxExtractedBytes);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(body, { filter: (file) => wanted(file.name) });
  } catch (cause) {
    throw new ExtractionError("corrupt", `the body is not a readable ${format} package`, { cause });
  }
  const decoder = new TextDecoder("utf-8");
  return new Map(Object.entries(files).map(([name, bytes]) => [name, decoder.decode(bytes)]));
}

/** The part named `name`, or `corrupt` when the package lacks it. */
export function requirePart(parts: Map<string, string>, name: string, format: string): string {
  const part = parts.get(name);
  if (part === undefined) throw new ExtractionError("corrupt", `the ${format} package has no ${name}`);
  return part;
}

/** Resolves a relationship target against the folder of the part that names it ("worksheets/sheet1.xml"). */
export function resolvePartName(fromPart: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const segments = fromPart.split("/").slice(0, -1);
  for (const segment of target.split("/")) {
    if (segment === "..") segments.pop();
    else if (segment !== ".") segments.push(segment);
  }
  return segments.join("/");
}
