// Where a console keeps its credential and how calls carry it (the body's data-credential mode):
// a session key in this tab's sessionStorage, a bearer token in this module's memory only (never in
// any storage, cookie or URL, so a reload forgets it), the HttpOnly cookie of a sign-in (every call
// echoes the session's CSRF token, data-csrf, in x-csrf-token), or nothing when a session gateway in
// front adds Authorization itself.

/** The credential of the console whose <body> is `body`. */
export function consoleCredential(body) {
  const mode = body.dataset.credential;
  let memoryToken = null;
  const credential = {
    get() {
      if (mode === "cookie-session") return "cookie";
      if (mode === "session-key") return sessionStorage.getItem(body.dataset.credentialStore);
      return mode === "memory-bearer" ? memoryToken : null;
    },
    set(value) {
      if (mode === "session-key") sessionStorage.setItem(body.dataset.credentialStore, value);
      else if (mode === "memory-bearer") memoryToken = value;
    },
    forget() {
      if (mode === "session-key") sessionStorage.removeItem(body.dataset.credentialStore);
      else if (mode === "memory-bearer") memoryToken = null;
    },
    headers() {
      const value = credential.get();
      if (mode === "cookie-session") return { "x-csrf-token": body.dataset.csrf };
      if (mode === "session-key") return { [body.dataset.credentialHeader]: value || "" };
      if (mode === "memory-bearer" && value) return { authorization: `Bearer ${value}` };
      return {};
    },
  };
  return credential;
}
