// The consoles' script, an ES module importing credential.js, forms.js, tables.js and diff.js.
// The body's data attributes configure it:
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
// The URL's hash names the screen with its filters and page (`#users?q=kim&limit=20`): opening a
// screen adds a history entry, so back, forward and reload show it again, at the scroll position
// the entry was left at (kept in history.state).
import { clearFieldErrors, formJson, problemText, showFieldErrors } from "./forms.js";
import { sortableTables } from "./tables.js";
import { consoleCredential } from "./credential.js";
import { previewDiff } from "./diff.js";

const body = document.body;
const mode = body.dataset.credential;
const views = body.dataset.views;
const screens = new Set((body.dataset.screens || "").split(" ").filter((s) => s !== ""));
const apiBase = body.dataset.apiBase;
const defaultView = body.dataset.defaultView;
let lang = body.dataset.lang;
let loading = 0;
let busy = 0;
let savingScroll = 0;
const $ = (id) => document.getElementById(id);
const main = $("main"), message = $("message"), keyForm = $("key-form");
history.scrollRestoration = "manual";

const credential = consoleCredential(body);

function say(text, isError) {
  message.textContent = text || "";
  message.className = text ? (isError ? "error" : "ok") : "";
}

const signedIn = () => !$("nav").hidden;

function showChrome(on) {
  if (keyForm) keyForm.hidden = on;
  $("nav").hidden = !on;
  if ($("sign-out")) $("sign-out").hidden = !on;
  if (!on) main.replaceChildren();
}

/** Shows the loading line and marks <main> busy while any screen is on its way. */
function setBusy(delta) {
  busy += delta;
  main.setAttribute("aria-busy", busy > 0 ? "true" : "false");
  if ($("loading")) $("loading").hidden = busy === 0;
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
    throw new Error(problemText(await res.json().catch(() => ({})), res.statusText));
  }
  return res;
}

/** Shows a problem: field errors beside their fields in `form` when it has them, the rest as the message. */
async function showProblem(res, form) {
  const p = await res.json().catch(() => ({}));
  const rest = showFieldErrors(form, p.errors);
  say(`${problemText(p, res.statusText)}${rest.length ? ` (${rest.join("; ")})` : ""}`, true);
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

/** A view as `name?query`, its name one of the console's screens (anything else is refused). */
function parseView(view) {
  const at = view.indexOf("?");
  const name = at < 0 ? view : view.slice(0, at);
  if (!screens.has(name)) throw new Error(`${name.slice(0, 60)}: no such screen`);
  return { name, query: new URLSearchParams(at < 0 ? "" : view.slice(at + 1)) };
}

const urlOf = (view) => `?lang=${lang}#${view}`;

/** The view with the table order `sort` in its query (or none). */
function withSort(view, sort) {
  const { name, query } = parseView(view);
  if (sort === null) query.delete("sort");
  else query.set("sort", sort);
  return `${name}${query.size ? `?${query}` : ""}`;
}

/**
 * Swaps a screen's HTML into <main>; a response to an older request than the latest is dropped.
 * `how` is "push" (a new history entry, at the top), "replace" (this entry, same scroll) or
 * "restore" (this entry, at the scroll position it was left at: back, forward, reload).
 */
async function show(view, res, how) {
  const mine = res.seq;
  if (!res.ok) throw Object.assign(new Error(""), { res });
  if (!isScreen(res)) throw new Error(`${view}: not a screen of this console`);
  const html = await res.text();
  if (mine !== loading) return;
  const leftAt = scrollY;
  main.innerHTML = html;
  main.dataset.current = view;
  localize();
  sortableTables(main, {
    lang,
    sort: parseView(view).query.get("sort"),
    onSort: (sort) => {
      main.dataset.current = withSort(main.dataset.current, sort);
      history.replaceState(history.state, "", urlOf(main.dataset.current));
    },
  });
  if (how === "push" && new URL(urlOf(view), location.href).hash !== location.hash) {
    clearTimeout(savingScroll);
    history.replaceState({ ...history.state, scroll: leftAt }, "");
    history.pushState({ scroll: 0 }, "", urlOf(view));
    scrollTo(0, 0);
  } else {
    history.replaceState(history.state, "", urlOf(view));
    if (how === "restore") scrollTo(0, (history.state && history.state.scroll) || 0);
  }
}

async function fetchView(method, view, json) {
  const { name, query } = parseView(view);
  query.delete("sort"); // the table's order is the page's own
  query.set("lang", lang);
  const seq = ++loading;
  const res = await call(method, `${views}${name}?${query}`, json);
  res.seq = seq;
  return res;
}

async function busyWhile(work) {
  setBusy(1);
  try {
    return await work();
  } finally {
    setBusy(-1);
  }
}

const load = (view, how = "push") => busyWhile(async () => await show(view, await fetchView("GET", view), how));

/** A screen that takes a body (a question, say): posted, so it stays out of the URL and history. */
const post = (name, json) => busyWhile(async () => await show(name, await fetchView("POST", name, json), "replace"));

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
  return report(load(hashView(), "restore"));
}

/** Re-renders the chrome (title, navigation, credential form) in another language, keeping the credential. */
async function switchLanguage(next) {
  const nav = $("nav"), wasIn = signedIn();
  nav.hidden = true; // until the screen is back in the new language
  const res = await fetch(`${location.pathname}?lang=${next}`).catch((err) => ({
    ok: false,
    statusText: err.message,
  }));
  const type = res.ok ? (res.headers.get("content-type") || "").split(";")[0].trim().toLowerCase() : "";
  if (!res.ok || type !== "text/html" || new URL(res.url).origin !== location.origin) {
    nav.hidden = !wasIn;
    throw new Error(res.statusText || "not this console's page");
  }
  const doc = new DOMParser().parseFromString(await res.text(), "text/html");
  // The shell's own header and form, moved over as nodes (a parsed document runs no script).
  const adopt = (from, to) => to.replaceChildren(...[...from.childNodes].map((n) => document.adoptNode(n)));
  adopt(doc.querySelector("header"), document.querySelector("header"));
  if (keyForm && doc.getElementById("key-form")) adopt(doc.getElementById("key-form"), keyForm);
  document.querySelector(".skip").textContent = doc.querySelector(".skip").textContent;
  document.title = doc.title;
  document.documentElement.lang = next;
  body.dataset.lang = lang = next;
  history.replaceState(history.state, "", `?lang=${next}${location.hash}`);
  if (!wasIn) return showChrome(false);
  if (main.dataset.current) await report(load(main.dataset.current, "replace"));
  if (mode === "gateway" || credential.get()) showChrome(true);
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
  const then = source.dataset.then || main.dataset.current;
  await load(then, then === main.dataset.current ? "replace" : "push");
  say(source.dataset.done || "");
}

addEventListener("scroll", () => {
  clearTimeout(savingScroll);
  savingScroll = setTimeout(() => history.replaceState({ ...history.state, scroll: scrollY }, ""), 150);
}, { passive: true });

addEventListener("popstate", () => {
  clearTimeout(savingScroll); // that position belongs to the entry just left
  if (signedIn()) report(load(hashView(), "restore"));
});

document.addEventListener("click", (e) => {
  const langLink = e.target.closest("[data-lang-link]");
  if (langLink) {
    e.preventDefault();
    return report(switchLanguage(langLink.dataset.langLink));
  }
  if (e.target.closest("a.skip")) {
    e.preventDefault(); // the hash names the screen: moving to <main> must not change it
    return main.focus();
  }
  if (e.target.closest("#sign-out")) {
    if (mode === "cookie-session") return report(call("POST", "/auth/logout").then(() => location.reload()));
    credential.forget();
    return showChrome(false);
  }
  const link = e.target.closest("[data-view]");
  if (link) {
    e.preventDefault();
    say("");
    return report(load(link.dataset.view));
  }
  // A row that stands for a record opens it, unless the click was on a control of its own.
  const row = e.target.closest("tr[data-row-view]");
  if (row && !e.target.closest("a, button, input, select, textarea, label")) {
    say("");
    return report(load(row.dataset.rowView));
  }
  const button = e.target.closest("button[data-action]");
  if (button) {
    e.preventDefault();
    if (button.dataset.confirm && !confirm(button.dataset.confirm)) return;
    return report(send(button.dataset.action, undefined, button));
  }
});

// A text edited beside a preview of its changes (a term's definition) updates the preview as it is typed.
document.addEventListener("input", (e) => {
  if (e.target.matches("textarea[data-diff-preview]")) previewDiff(e.target);
});

// A screen's page-size choice applies at once.
document.addEventListener("change", (e) => {
  const form = e.target.closest("form[data-view-form]");
  if (form && e.target.dataset.submitOnChange !== undefined) form.requestSubmit();
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
