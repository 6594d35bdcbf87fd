/** The small pieces every console screen shares. */
import type { Child } from "hono/jsx";
import { kitLabel, type Lang } from "./i18n.ts";
import { statusLabel } from "./words.ts";
import { wordDiff } from "./diff.ts";

/** A screen's heading. */
export function Title({ children }: { children: Child }) {
  return <h2>{children}</h2>;
}

/** A link that loads another screen (the console script fetches it with the console's credential). */
export function ViewLink({ view, children }: { view: string; children: Child }) {
  return <a href={`#${view}`} data-view={view}>{children}</a>;
}

/** A state word in the screen's language, with a class the stylesheet colours (HEALTHY, FAILED, ...). */
export function Badge({ lang, value }: { lang: Lang; value: string }) {
  return <span class={`badge badge-${value.toLowerCase()}`} data-value={value}>{statusLabel(lang, value)}</span>;
}

/** A timestamp shown in the viewer's time zone by the script, with the ISO value as fallback. */
export function Time({ value }: { value: string | null | undefined }) {
  return value ? <time datetime={value}>{value}</time> : <span class="none">-</span>;
}

/**
 * The foot of a list: how many rows it shows (or that it is empty), for a list that counts them how many
 * match its filters in all (`total`; `capped` when counting stopped at `count`), and, for a cursor list,
 * whether and where more follow. `params` are the list's filters, carried to the next page.
 */
export function Pager(
  { lang, view, params, shown, next, total }: {
    lang: Lang;
    view: string;
    params: Record<string, string>;
    shown: number;
    next?: string | null;
    total?: { count: number; capped: boolean };
  },
) {
  if (shown === 0) return <p class="empty">{kitLabel(lang, "empty")}</p>;
  const q = new URLSearchParams({ ...params, cursor: next ?? "" });
  const space = lang === "ko" ? "" : " ";
  return (
    <p class="pager">
      {total && (
        <span class="list-total" data-total={String(total.count)} data-capped={String(total.capped)}>
          {kitLabel(lang, "total")} {total.count.toLocaleString("en-US")}
          {total.capped ? "+" : ""}
          {space}
          {kitLabel(lang, "rows")} ·{" "}
        </span>
      )}
      <span class="list-count" data-shown={String(shown)}>
        {shown}
        {space}
        {kitLabel(lang, "shown")}
        {next ? ` · ${kitLabel(lang, "more")}` : ""}
      </span>{" "}
      {next && <ViewLink view={`${view}?${q}`}>{kitLabel(lang, "next")} →</ViewLink>}
    </p>
  );
}

/** The page sizes a list offers. */
export const PAGE_SIZES = [20, 50, 100] as const;

/** The page size the query names (`limit`), or `fallback` when it names none of PAGE_SIZES. */
export function pageSizeOf(q: URLSearchParams, fallback: number = 50): number {
  const n = Number(q.get("limit"));
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : fallback;
}

/** The page-size choice of a list's filter form (applied as soon as it changes). */
export function PageSize({ lang, value }: { lang: Lang; value: number }) {
  return (
    <label>
      {kitLabel(lang, "pageSize")}{" "}
      <select name="limit" data-submit-on-change="">
        {PAGE_SIZES.map((n) => <option key={n} value={String(n)} selected={n === value}>{n}</option>)}
      </select>
    </label>
  );
}

/**
 * Where the script writes a field's validation message from a 400's `errors[]` (its `path`
 * matches `field`, the input's dotted name).
 */
export function FieldError({ field }: { field: string }) {
  return <small class="field-error" data-error-for={field}></small>;
}

/** Two texts as one, word by word: kept words plain, removed ones struck out, added ones inserted. */
export function TextDiff({ before, after }: { before: string; after: string }) {
  return (
    <span class="diff">
      {wordDiff(before, after).map((p, i) =>
        p.op === "=" ? p.text : p.op === "-" ? <del key={i}>{p.text}</del> : <ins key={i}>{p.text}</ins>
      )}
    </span>
  );
}
