// The consoles' only script. The body's data attributes configure it:
//   data-views          where the screens' HTML fragments are fetched from (".../views/");
//   data-screens        the names of the console's screens, space separated: the only views it loads;
//   data-api-base       the path every button and form of a screen must call under (".../admin/");
//   data-default-view   the screen shown when the URL names none;
//   data-credential     how calls carry the credential:
//     session-key    a key kept in this tab's sessionStorage (data-credential-store) and sent as the
//                    data-credential-header header;
//     memory-bearer  a bearer token kept in a variable of this script only: never in any storage,
//                    cookie or URL, so a reload forgets it;
//     gateway        nothing: a session gateway in front adds Authorization to every request;
//     cookie-session the HttpOnly session cookie of a sign-in; every call echoes the session's CSRF
//                    token (data-csrf) in x-csrf-token, a call under the API base goes through the
//                    console's own path data-api-via instead, and a 401 reloads into the sign-in page.
// Screens are HTML rendered (and escaped) by the server; this script swaps them into <main>,
// sends forms and buttons to the JSON APIs, and shows problem details (field errors beside
// their fields). What reaches the page as markup is only ever a screen: a view name must be one
// the console declares (a URL hash such as `#../../api/...` names none), and a response goes into
// <main> only when it is text/html from the views path. Everything else (API replies, problem
// details, messages) is set as text, and a button or form calls only under the console's API base.
(() => {
  const body = document.body;
  const mode = body.dataset.credential;
  const views = body.dataset.views;
  const screens = new Set((body.dataset.screens || "").split(" ").filter((s) => s !== ""));
  const apiBase = body.dataset.apiBase;
  const defaultView = body.dataset.defaultView;
  let lang = body.dataset.lang;
  let memoryToken = null;
  let loading = 0;
  const $ = (id) => document.getElementById(id);
  const main = $("main"), message = $("message"), keyForm = $("key-form");

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

  function say(text, isError) {
    message.textContent = text || "";
    message.className = text ? (isError ? "error" : "ok") : "";
  }

  function showChrome(signedIn) {
    if (keyForm) keyForm.hidden = signedIn;
    $("nav").hidden = !signedIn;
    if ($("sign-out")) $("sign-out").hidden = !signedIn;
    if (!signedIn) main.replaceChildren();
  }

  async function call(method, url, json) {
    const headers = credential.headers();
    if (json !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(url, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
    if (mode === "cookie-session" && res.status === 401) location.reload();
    // A refused credential is forgotten; a valid token without the administrator role is useless too.
    if (mode !== "gateway" && (res.status === 401 || (res.status === 403 && mode === "memory-bearer"))) {
      credential.forget();
      showChrome(false);
      throw new Error((await res.json().catch(() => ({}))).detail || res.statusText);
    }
    return res;
  }

  /** Shows a problem: field errors beside their fields in `form` when it has them, the rest as the message. */
  async function showProblem(res, form) {
    const p = await res.json().catch(() => ({}));
    const rest = [];
    for (const e of p.errors || []) {
      const slot = form && [...form.querySelectorAll("[data-error-for]")].find((el) => el.dataset.errorFor === e.path);
      if (!slot) {
        rest.push(`${e.path}: ${e.message}`);
        continue;
      }
      slot.textContent = e.message;
      const field = form.elements.namedItem(e.path);
      if (field && field.setAttribute) field.setAttribute("aria-invalid", "true");
    }
    say(`${p.detail || res.statusText}${rest.length ? ` (${rest.join("; ")})` : ""}`, true);
  }

  function clearFieldErrors(form) {
    for (const el of form.querySelectorAll("[data-error-for]")) el.textContent = "";
    for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
  }

  function localize() {
    for (const el of main.querySelectorAll("time[datetime]")) {
      el.textContent = new Date(el.dateTime).toLocaleString(lang === "en" ? "en-US" : "ko-KR");
    }
  }

  /** Whether a response is one of this console's screens: text/html, same origin, from the views path. */
  function isScreen(res) {
    const url = new URL(res.url);
    const type = (res.headers.get("content-type") || "").split(";")[0].trim().toLowerCase();
    return type === "text/html" && url.origin === location.origin && url.pathname.startsWith(views) &&
      !res.redirected;
  }

  /** Swaps a screen's HTML into <main>; a response to an older request than the latest is dropped. */
  async function show(view, res) {
    const mine = res.seq;
    if (!res.ok) throw Object.assign(new Error(""), { res });
    if (!isScreen(res)) throw new Error(`${view}: not a screen of this console`);
    const html = await res.text();
    if (mine !== loading) return;
    main.innerHTML = html;
    main.dataset.current = view;
    localize();
    history.replaceState(null, "", `?lang=${lang}#${view}`);
  }

  /** A view as `name?query`, its name one of the console's screens (anything else is refused). */
  function parseView(view) {
    const at = view.indexOf("?");
    const name = at < 0 ? view : view.slice(0, at);
    if (!screens.has(name)) throw new Error(`${name.slice(0, 60)}: no such screen`);
    return { name, query: at < 0 ? "" : view.slice(at + 1) };
  }

  async function fetchView(method, view, json) {
    const { name, query } = parseView(view);
    const params = new URLSearchParams(query);
    params.set("lang", lang);
    const seq = ++loading;
    const res = await call(method, `${views}${name}?${params}`, json);
    res.seq = seq;
    return res;
  }

  const load = async (view) => await show(view, await fetchView("GET", view));

  /** A screen that takes a body (a question, say): posted, so it stays out of the URL and history. */
  const post = async (name, json) => await show(name, await fetchView("POST", name, json));

  async function report(promise, form) {
    try {
      await promise;
    } catch (err) {
      if (err.res) await showProblem(err.res, form);
      else say(err.message, true);
    }
  }

  /** The screen the URL's hash names, or the default one when it names none of the console's screens. */
  function hashView() {
    const view = location.hash.slice(1);
    try {
      return view && parseView(view) ? view : defaultView;
    } catch {
      return defaultView;
    }
  }

  function start() {
    showChrome(true);
    return report(load(hashView()));
  }

  /** Re-renders the chrome (title, navigation, credential form) in another language, keeping the credential. */
  async function switchLanguage(next) {
    const nav = $("nav"), signedIn = !nav.hidden;
    nav.hidden = true; // until the screen is back in the new language
    const res = await fetch(`${location.pathname}?lang=${next}`).catch((err) => ({
      ok: false,
      statusText: err.message,
    }));
    const type = res.ok ? (res.headers.get("content-type") || "").split(";")[0].trim().toLowerCase() : "";
    if (!res.ok || type !== "text/html" || new URL(res.url).origin !== location.origin) {
      nav.hidden = !signedIn;
      throw new Error(res.statusText || "not this console's page");
    }
    const doc = new DOMParser().parseFromString(await res.text(), "text/html");
    // The shell's own header and form, moved over as nodes (a parsed document runs no script).
    const adopt = (from, to) => to.replaceChildren(...[...from.childNodes].map((n) => document.adoptNode(n)));
    adopt(doc.querySelector("header"), document.querySelector("header"));
    if (keyForm && doc.getElementById("key-form")) adopt(doc.getElementById("key-form"), keyForm);
    document.title = doc.title;
    document.documentElement.lang = next;
    body.dataset.lang = lang = next;
    history.replaceState(null, "", `?lang=${next}${location.hash}`);
    if (!signedIn) return showChrome(false);
    if (main.dataset.current) await report(load(main.dataset.current));
    if (mode === "gateway" || credential.get()) showChrome(true);
  }

  function put(json, name, value) {
    const path = name.split(".");
    let at = json;
    for (const key of path.slice(0, -1)) at = at[key] = at[key] || {};
    at[path[path.length - 1]] = value;
  }

  function changed(el) {
    if (el.type === "checkbox") return el.checked !== el.defaultChecked;
    if (el.tagName === "SELECT") return [...el.options].some((o) => o.selected !== o.defaultSelected);
    return el.value !== el.defaultValue;
  }

  /**
   * Reads a form into the JSON its API expects: dotted names nest (`retrieval.rrfK`), each
   * field is typed by data-type (string, number, bool, list, set), and with data-send="changed"
   * only the fields the user changed are sent (a field the server shows redacted is never sent back).
   */
  function formJson(form) {
    const json = {};
    const onlyChanged = form.dataset.send === "changed";
    for (const el of form.elements) {
      if (!el.name || el.disabled || (onlyChanged && !changed(el))) continue;
      const type = el.dataset.type || "string";
      if (type === "set") {
        const all = [...form.elements].filter((o) => o.name === el.name && o.checked).map((o) => o.value);
        if (all.length || el.dataset.empty !== "omit") put(json, el.name, all);
      } else if (type === "bool") put(json, el.name, el.checked);
      else if (type === "list") put(json, el.name, el.value.split(",").map((v) => v.trim()).filter((v) => v !== ""));
      else if (el.value === "" && el.dataset.empty === "omit") continue;
      else if (el.value === "" && el.dataset.empty === "null") put(json, el.name, null);
      else if (type === "number") put(json, el.name, Number(el.value));
      else put(json, el.name, el.value);
    }
    return json;
  }

  const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

  /** A button's or form's `METHOD /path`, refused unless it is a write under this console's API base. */
  function target(spec) {
    const [method, path] = (spec || "").split(" ");
    const url = new URL(path || "", location.href);
    if (!WRITES.has(method) || url.origin !== location.origin || !url.pathname.startsWith(apiBase)) {
      throw new Error(`${(spec || "").slice(0, 80)}: not an action of this console`);
    }
    const via = mode === "cookie-session" ? body.dataset.apiVia + url.pathname.slice(apiBase.length) : url.pathname;
    return [method, via + url.search];
  }

  async function send(spec, json, source) {
    const [method, url] = target(spec);
    const res = await call(method, url, json);
    if (!res.ok) throw Object.assign(new Error(""), { res });
    await load(source.dataset.then || main.dataset.current);
    say(source.dataset.done || "");
  }

  document.addEventListener("click", (e) => {
    const langLink = e.target.closest("[data-lang-link]");
    if (langLink) {
      e.preventDefault();
      return report(switchLanguage(langLink.dataset.langLink));
    }
    if (e.target.closest("#sign-out")) {
      if (mode === "cookie-session") {
        return report(call("POST", "/auth/logout").then(() => location.reload()));
      }
      credential.forget();
      return showChrome(false);
    }
    const link = e.target.closest("[data-view]");
    if (link) {
      e.preventDefault();
      say("");
      return report(load(link.dataset.view));
    }
    const button = e.target.closest("[data-action]");
    if (button) {
      e.preventDefault();
      if (button.dataset.confirm && !confirm(button.dataset.confirm)) return;
      return report(send(button.dataset.action, undefined, button));
    }
  });

  document.addEventListener("submit", (e) => {
    const form = e.target;
    e.preventDefault();
    say("");
    if (form === keyForm) {
      credential.set(keyForm.elements.key.value);
      keyForm.reset();
      return start();
    }
    clearFieldErrors(form);
    if (form.dataset.viewForm) {
      const params = new URLSearchParams();
      for (const [k, v] of new FormData(form)) if (v !== "") params.set(k, String(v));
      return report(load(`${form.dataset.viewForm}?${params}`), form);
    }
    if (form.dataset.viewPost) return report(post(form.dataset.viewPost, formJson(form)), form);
    return report(send(form.dataset.api, formJson(form), form), form);
  });

  if (mode === "gateway" || credential.get()) start();
  else showChrome(false);
})();
