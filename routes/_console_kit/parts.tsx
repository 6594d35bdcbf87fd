/** The small pieces every console screen shares. */
import type { Child } from "hono/jsx";
import { kitLabel, type Lang } from "./i18n.ts";

/** A screen's heading. */
export function Title({ children }: { children: Child }) {
  return <h2>{children}</h2>;
}

/** A link that loads another screen (the console script fetches it with the console's credential). */
export function ViewLink({ view, children }: { view: string; children: Child }) {
  return <a href={`#${view}`} data-view={view}>{children}</a>;
}

/** A state word with a class the stylesheet colours (HEALTHY, FAILED, ...). */
export function Badge({ value }: { value: string }) {
  return <span class={`badge badge-${value.toLowerCase()}`}>{value}</span>;
}

/** A timestamp shown in the viewer's time zone by the script, with the ISO value as fallback. */
export function Time({ value }: { value: string | null | undefined }) {
  return value ? <time datetime={value}>{value}</time> : <span class="none">-</span>;
}

/** The "next page" link of a cursor list. */
export function Pager(
  { lang, view, params, next }: { lang: Lang; view: string; params: Record<string, string>; next: string | null },
) {
  if (!next) return null;
  const q = new URLSearchParams({ ...params, cursor: next });
  return (
    <p class="pager">
      <ViewLink view={`${view}?${q}`}>{kitLabel(lang, "next")} →</ViewLink>
    </p>
  );
}

/**
 * Where the script writes a field's validation message from a 400's `errors[]` (its `path`
 * matches `field`, the input's dotted name).
 */
export function FieldError({ field }: { field: string }) {
  return <small class="field-error" data-error-for={field}></small>;
}
