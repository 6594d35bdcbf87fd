/**
 * Turns the bytes of a text body into a string. Korean systems still send
 * EUC-KR/CP949, often with a missing or wrong label, so a label that does not
 * fit the bytes is not trusted blindly.
 */

const BOMS: Array<{ bytes: number[]; encoding: string }> = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: "utf-8" },
  { bytes: [0xfe, 0xff], encoding: "utf-16be" },
  { bytes: [0xff, 0xfe], encoding: "utf-16le" },
];

/** A media type's essence and its charset parameter, both lower-cased. */
export interface MediaType {
  essence: string;
  charset: string | null;
}

/** Splits `text/html; charset="EUC-KR"` into its essence and charset. */
export function parseMediaType(contentType: string): MediaType {
  const [essence, ...params] = contentType.split(";");
  let charset: string | null = null;
  for (const param of params) {
    const [name, value] = param.split("=", 2).map((part) => part.trim());
    if (name.toLowerCase() === "charset" && value) charset = value.replace(/^"(.*)"$/, "$1").toLowerCase();
  }
  return { essence: essence.trim().toLowerCase(), charset };
}

/**
 * Decodes `body`: a byte order mark wins, then the declared charset, then
 * UTF-8, then EUC-KR (which TextDecoder reads as the CP949 superset), each only
 * if the bytes are valid in it. A Latin-1/ASCII label comes last: every byte is
 * valid in it and servers send it by default, so it would hide the mislabelled
 * Korean text it usually is. Bytes valid in none
 * are decoded as the first candidate with U+FFFD for the bad sequences, as a
 * browser would.
 */
export function decodeText(body: Uint8Array, declared: string | null): string {
  const bom = BOMS.find((candidate) => candidate.bytes.every((byte, i) => body[i] === byte));
  if (bom) return new TextDecoder(bom.encoding).decode(body.subarray(bom.bytes.length));
  const label = encodingOf(declared);
  const candidates = label === "windows-1252" ? ["utf-8", "euc-kr", label] : [label, "utf-8", "euc-kr"];
  for (const candidate of candidates.filter((name): name is string => name !== null)) {
    try {
      return new TextDecoder(candidate, { fatal: true }).decode(body);
    } catch {
      // Not valid in this encoding: try the next candidate.
    }
  }
  return new TextDecoder(label ?? "utf-8").decode(body);
}

/** The charset an HTML document declares in a `<meta>` within its first 1024 bytes, if any. */
export function sniffHtmlCharset(body: Uint8Array): string | null {
  const head = new TextDecoder("latin1").decode(body.subarray(0, 1024));
  const match = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return match ? match[1].toLowerCase() : null;
}

/** The WHATWG name of a charset label, or null when absent or unknown (then the bytes decide). */
function encodingOf(label: string | null): string | null {
  if (label === null) return null;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}
