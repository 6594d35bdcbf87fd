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
  loading: ["불러오는 중…", "Loading…"],
  empty: ["표시할 항목이 없습니다.", "Nothing to show."],
  shown: ["건 표시", "shown"],
  total: ["전체", "Total"],
  rows: ["건", "rows"],
  more: ["다음 페이지가 있습니다", "more on the next page"],
  pageSize: ["페이지당", "Per page"],
  skip: ["본문으로 건너뛰기", "Skip to content"],
  navigation: ["화면 목록", "Screens"],
  language: ["언어", "Language"],
  sortBy: ["정렬", "Sort"],
});
