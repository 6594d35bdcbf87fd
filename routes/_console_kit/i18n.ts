/** The consoles' languages (`?lang=ko|en`, Korean by default) and the kit's own labels. */

/** A console language. */
export type Lang = "ko" | "en";

/** Reads the language from a query value (Korean by default). */
export function langOf(value: string | undefined): Lang {
  return value === "en" ? "en" : "ko";
}

/** Turns a table of `[Korean, English]` labels into a lookup by language and key. */
export function translator<K extends string>(labels: Record<K, readonly [string, string]>) {
  return (lang: Lang, key: K): string => labels[key][lang === "ko" ? 0 : 1];
}

/** Labels the kit's own parts use. */
export const kitLabel = translator({
  next: ["다음", "Next"],
});
