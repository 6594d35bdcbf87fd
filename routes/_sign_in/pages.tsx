/**
 * The sign-in pages a browser sees: the invitation to sign in (answered 401 instead of a raw JSON problem),
 * a refusal (with its stable code), and the page that carries the browser on once the session is set. Plain
 * HTML under the consoles' content security policy: no script, the kit's stylesheet only.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { CONSOLE_KIT_BASE } from "../_console_kit/mod.ts";

function Page(p: { title: string; children: unknown; refresh?: string }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {p.refresh && <meta http-equiv="refresh" content={`0;url=${p.refresh}`} />}
        <title>{p.title}</title>
        <link rel="stylesheet" href={`${CONSOLE_KIT_BASE}/console.css`} />
      </head>
      <body>
        <header>
          <h1>{p.title}</h1>
        </header>
        <main id="sign-in">{p.children}</main>
      </body>
    </html>
  );
}

const html = (c: Context, status: ContentfulStatusCode, page: unknown) =>
  c.html(`<!DOCTYPE html>${page}`, status, { "cache-control": "no-store" });

/**
 * 401 with a sign-in link to the provider when sign-in is configured (`to` is where the console is),
 * else what the operator must set up for the browser to get in.
 */
export function signInPage(c: Context, to: string, configured: boolean) {
  return html(
    c,
    401,
    <Page title="Sign in">
      {configured
        ? (
          <p>
            <a id="sign-in-link" href={`/auth/login?to=${encodeURIComponent(to)}`}>Sign in with your company account</a>
          </p>
        )
        : (
          <p data-code="unauthorized">
            This screen needs a signed-in administrator. Set CONSOLE_OIDC_ISSUER (see the README's sign-in section), or
            reach it through the session gateway.
          </p>
        )}
    </Page>,
  );
}

/** A refused sign-in or console: the status and stable code of the problem, and a way to try again. */
export function refusalPage(c: Context, status: ContentfulStatusCode, code: string, detail: string, to: string) {
  return html(
    c,
    status,
    <Page title="Not signed in">
      <p id="refusal" data-code={code}>{detail}</p>
      <p>
        <a href={`/auth/login?to=${encodeURIComponent(to)}`}>Sign in again</a>
      </p>
    </Page>,
  );
}

/**
 * Carries the browser to the console from our own page: the provider's redirect is a cross-site navigation,
 * so a redirect straight to the console would go without the SameSite=Strict cookie just set.
 */
export function continuePage(c: Context, to: string) {
  const page = (
    <Page title="Signed in" refresh={to}>
      <p>
        <a href={to}>Continue</a>
      </p>
    </Page>
  );
  return html(c, 200, page);
}
