/** The console's page shell and the small pieces every screen shares. */
import type { Child } from "hono/jsx";
import { type Lang, t } from "./_i18n.ts";

const NAV = [
  ["companies", "companies"],
  ["departments", "departments"],
  ["users", "users"],
  ["groups", "groups"],
  ["terms", "glossary"],
  ["links", "links"],
  ["dashboard", "dashboard"],
  ["sync-status", "syncStatus"],
  ["audit-log", "auditLog"],
] as const;

/** The page every console URL serves: key entry, navigation, and the place screens load into. */
export function Shell({ lang }: { lang: Lang }) {
  return (
    <html lang={lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{t(lang, "title")}</title>
        <link rel="stylesheet" href="/console/console.css" />
        <script src="/console/console.js" defer></script>
      </head>
      <body data-lang={lang}>
        <header>
          <h1>{t(lang, "title")}</h1>
          <nav id="nav" hidden>
            {NAV.map(([view, label]) => <a key={view} href={`#${view}`} data-view={view}>{t(lang, label)}</a>)}
          </nav>
          <div class="lang">
            <a href="?lang=ko" data-lang-link="ko">한국어</a> · <a href="?lang=en" data-lang-link="en">English</a>
            <button type="button" id="sign-out" hidden>{t(lang, "signOut")}</button>
          </div>
        </header>
        <form id="key-form" hidden>
          <label>
            {t(lang, "adminKey")} <input type="password" name="key" autocomplete="off" required />
          </label>
          <button type="submit">{t(lang, "signIn")}</button>
          <p class="hint">{t(lang, "keyHint")}</p>
        </form>
        <p id="message" role="status"></p>
        <main id="main"></main>
      </body>
    </html>
  );
}

/** A screen's heading. */
export function Title({ children }: { children: Child }) {
  return <h2>{children}</h2>;
}

/** A link that loads another screen (the console script fetches it with the admin key). */
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
      <ViewLink view={`${view}?${q}`}>{t(lang, "next")} →</ViewLink>
    </p>
  );
}
