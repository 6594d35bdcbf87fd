/**
 * The one page shell of every console: header with navigation and language links, the
 * credential entry its mode needs, and the `<main>` the script swaps screens into. The
 * body's data attributes tell the shared script where the screens are and how the
 * credential travels.
 */
import type { Context } from "hono";
import { kitLabel, type Lang } from "./i18n.ts";
import { FIELD_MESSAGES_KO, PROBLEMS } from "./words.ts";

/** The words of a credential entry form. */
export interface CredentialLabels {
  field: string;
  signIn: string;
  signOut: string;
  hint: string;
}

/**
 * How the console's calls carry their credential:
 * - `session-key`: a key typed once, kept in this tab's sessionStorage under `store`, sent as `header`;
 * - `memory-bearer`: a bearer token typed in, kept in a script variable only (a reload forgets it);
 * - `gateway`: nothing in the page; a session gateway in front adds `Authorization` to every request;
 * - `cookie-session`: the sign-in's HttpOnly cookie; the page holds only the session's CSRF token, and calls
 *   under the API base go through the console's own path `apiVia` (API routes never read the cookie).
 */
export type Credential =
  | { mode: "session-key"; header: string; store: string; labels: CredentialLabels }
  | { mode: "memory-bearer"; labels: CredentialLabels }
  | { mode: "gateway" }
  | { mode: "cookie-session"; csrf: string; person: string; signOut: string; apiVia: string };

/** What a console's shell shows. */
export interface ShellProps {
  lang: Lang;
  title: string;
  /** The path the screens' fragments are fetched from, ending in `/` (`/console/views/`). */
  views: string;
  /** Every screen's name: the script loads no other view, whatever a link or the URL's hash names. */
  screens: readonly string[];
  /** The path every button and form of the screens calls under (`/api/directory/v1/admin/`). */
  apiBase: string;
  /** The screen shown when the URL names none. */
  defaultView: string;
  nav: readonly { view: string; label: string }[];
  credential: Credential;
}

/** Where the kit's script and stylesheet are served (by `consoleKitRoutes`). */
export const CONSOLE_KIT_BASE = "/_console";

function CredentialForm({ credential }: { credential: Credential }) {
  if (credential.mode === "gateway" || credential.mode === "cookie-session") return null;
  const l = credential.labels;
  return (
    <form id="key-form" hidden>
      <label>
        {l.field} <input type="password" name="key" autocomplete="off" required />
      </label>
      <button type="submit">{l.signIn}</button>
      <p class="hint">{l.hint}</p>
    </form>
  );
}

/** The page every console URL serves. */
export function Shell(p: ShellProps) {
  const c = p.credential;
  return (
    <html lang={p.lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{p.title}</title>
        <link rel="stylesheet" href={`${CONSOLE_KIT_BASE}/console.css`} />
        <script type="module" src={`${CONSOLE_KIT_BASE}/console.js`}></script>
      </head>
      <body
        data-lang={p.lang}
        data-views={p.views}
        data-screens={p.screens.join(" ")}
        data-api-base={p.apiBase}
        data-default-view={p.defaultView}
        data-credential={c.mode}
        data-credential-header={c.mode === "session-key" ? c.header : undefined}
        data-credential-store={c.mode === "session-key" ? c.store : undefined}
        data-csrf={c.mode === "cookie-session" ? c.csrf : undefined}
        data-api-via={c.mode === "cookie-session" ? c.apiVia : undefined}
      >
        <a class="skip" href="#main">{kitLabel(p.lang, "skip")}</a>
        <header>
          <h1>{p.title}</h1>
          <nav id="nav" aria-label={kitLabel(p.lang, "navigation")} hidden>
            {p.nav.map(({ view, label }) => <a key={view} href={`#${view}`} data-view={view}>{label}</a>)}
          </nav>
          <div class="lang" role="group" aria-label={kitLabel(p.lang, "language")}>
            <a href="?lang=ko" data-lang-link="ko" lang="ko">한국어</a> ·{" "}
            <a href="?lang=en" data-lang-link="en" lang="en">English</a>
            {c.mode === "cookie-session" && <span id="person">{c.person}</span>}
            {c.mode !== "gateway" && (
              <button type="button" id="sign-out" hidden>
                {c.mode === "cookie-session" ? c.signOut : c.labels.signOut}
              </button>
            )}
          </div>
          <template id="problem-texts">
            {Object.entries(PROBLEMS).map(([code, words]) => (
              <span key={code} data-code={code}>{words[p.lang === "ko" ? 0 : 1]}</span>
            ))}
            {p.lang === "ko" &&
              FIELD_MESSAGES_KO.map(([pattern, words]) => <span key={pattern} data-pattern={pattern}>{words}</span>)}
          </template>
          <p id="loading" hidden>{kitLabel(p.lang, "loading")}</p>
        </header>
        <CredentialForm credential={c} />
        <p id="message" role="status"></p>
        <main id="main" tabindex={-1}></main>
      </body>
    </html>
  );
}

/** Answers with the shell as a whole HTML document. */
export function shellPage(c: Context, props: ShellProps) {
  return c.html(`<!DOCTYPE html>${<Shell {...props} />}`);
}
