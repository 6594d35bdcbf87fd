/** The paragraph styles Hangul (HWP and HWPX alike) uses for headings: "개요 1" to "개요 7" (Outline 1-7). */

/** The heading level (1 to 6; outline levels past 6 count as 6) of a style by its names, or null. */
export function headingLevelOfStyle(name: string, englishName: string): number | null {
  const match = /^개요\s*(\d+)$/.exec(name.trim()) ?? /^Outline\s*(\d+)$/i.exec(englishName.trim());
  if (!match) return null;
  const level = Number(match[1]);
  return level >= 1 ? Math.min(6, level) : null;
}
