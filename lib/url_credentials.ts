/**
 * Credentials carried inside URLs: the user-info (`https://user:secret@host/`) and query parameters named like a
 * key or token (`?api_key=`, `?token=`, `?key=`, `?sig=`, `?code=` ...). An endpoint may need them to work, so they
 * are stored as given, but wherever a URL is shown (the API, the consoles, the settings history, error texts and
 * log lines) it goes through here first.
 */

/** The value that stands in for a credential in a shown URL. */
export const REDACTED = "REDACTED";

/** Query parameter names that carry a credential: anything naming a key, token, secret, password or signature. */
const CREDENTIAL_PARAM = /key|token|secret|passw(or)?d|^pwd$|^auth|credential|session|^sig$|signature|^code$/i;

/** Whether a query parameter of that name is shown redacted. */
export function isCredentialParam(name: string): boolean {
  return CREDENTIAL_PARAM.test(name);
}

/** A URL as it may be shown: no user-info, credential-like query values replaced. Not a URL: returned as is. */
export function redactUrl(url: string): string {
  const u = URL.parse(url);
  if (u === null) return withoutUrlCredentials(url);
  u.username = "";
  u.password = "";
  for (const name of new Set(u.searchParams.keys())) {
    if (isCredentialParam(name)) u.searchParams.set(name, REDACTED);
  }
  return u.toString();
}

const USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/\s@"'<>?#]+@/gi;
const QUERY_PARAM = /([?&;])([^=&#\s"'<>]+)=([^&#\s"'<>)\]]*)/g;

/** A text (an error message, a log line) with every URL's credentials cut out as `redactUrl` does. */
export function withoutUrlCredentials(text: string): string {
  if (!text.includes("://") && !text.includes("=")) return text;
  return text.replace(USER_INFO, "$1").replace(
    QUERY_PARAM,
    (whole, sep: string, name: string) => isCredentialParam(decodeName(name)) ? `${sep}${name}=${REDACTED}` : whole,
  );
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
