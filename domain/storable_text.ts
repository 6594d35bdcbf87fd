/**
 * Text PostgreSQL cannot store: U+0000 (in text and jsonb) and an unpaired UTF-16
 * surrogate (in json and jsonb). Requests carrying either are refused at the edge with
 * a 400 naming the field, rather than failing in the database.
 */

/** The validation message for such a field. */
export const UNSTORABLE_TEXT = "holds U+0000 or an unpaired surrogate, which cannot be stored";

const unstorable = (s: string) => s.includes("\u0000") || !s.isWellFormed();

/** The dotted path of the first string (or object key) in `value` that cannot be stored, or null. */
export function unstorableTextPath(value: unknown, path = ""): string | null {
  if (typeof value === "string") return unstorable(value) ? path : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (unstorable(key)) return at;
    const found = unstorableTextPath(item, at);
    if (found !== null) return found;
  }
  return null;
}
