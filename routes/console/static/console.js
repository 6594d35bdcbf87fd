// The directory console's only script. The admin key lives in this tab's sessionStorage
// and travels only as the x-directory-admin-key header: no cookie, no URL, no other storage.
// Screens are HTML rendered (and escaped) by the server; this script fetches them with the
// key, and sends forms to the JSON admin API.
(() => {
  const STORE = "directory-admin-key";
  const lang = document.body.dataset.lang;
  const $ = (id) => document.getElementById(id);
  const main = $("main"), keyForm = $("key-form"), nav = $("nav"), message = $("message"), signOut = $("sign-out");
  const key = () => sessionStorage.getItem(STORE);

  function say(text, isError) {
    message.textContent = text || "";
    message.className = text ? (isError ? "error" : "ok") : "";
  }

  function showKeyForm() {
    keyForm.hidden = false;
    nav.hidden = true;
    signOut.hidden = true;
    main.innerHTML = "";
  }

  async function call(method, url, body) {
    const headers = { "x-directory-admin-key": key() || "" };
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (res.status === 401) {
      sessionStorage.removeItem(STORE);
      showKeyForm();
      throw new Error((await res.json()).detail);
    }
    return res;
  }

  async function problem(res) {
    const p = await res.json().catch(() => ({}));
    const fields = (p.errors || []).map((e) => `${e.path}: ${e.message}`).join("; ");
    return `${p.detail || res.statusText}${fields ? ` (${fields})` : ""}`;
  }

  function localize() {
    for (const el of main.querySelectorAll("time[datetime]")) {
      el.textContent = new Date(el.dateTime).toLocaleString(lang === "en" ? "en-US" : "ko-KR");
    }
  }

  async function load(view) {
    const [name, query] = view.split("?");
    const params = new URLSearchParams(query || "");
    params.set("lang", lang);
    const res = await call("GET", `/console/views/${name}?${params}`);
    if (!res.ok) throw new Error(await problem(res));
    main.innerHTML = await res.text();
    main.dataset.current = view;
    localize();
    history.replaceState(null, "", `?lang=${lang}#${view}`);
  }

  function start() {
    keyForm.hidden = true;
    nav.hidden = false;
    signOut.hidden = false;
    load(location.hash.slice(1) || "users").catch((e) => say(e.message, true));
  }

  /** Reads a form into the JSON the admin API expects, typed by each field's data-type. */
  function formJson(form) {
    const body = {};
    for (const el of form.elements) {
      if (!el.name || el.disabled) continue;
      const type = el.dataset.type || "string";
      if (type === "bool") body[el.name] = el.checked;
      else if (type === "list") body[el.name] = el.value.split(",").map((v) => v.trim()).filter((v) => v !== "");
      else if (el.value === "" && el.dataset.empty === "omit") continue;
      else if (el.value === "" && el.dataset.empty === "null") body[el.name] = null;
      else if (type === "number") body[el.name] = Number(el.value);
      else body[el.name] = el.value;
    }
    return body;
  }

  keyForm.addEventListener("submit", (e) => {
    e.preventDefault();
    sessionStorage.setItem(STORE, keyForm.elements.key.value);
    keyForm.reset();
    start();
  });

  signOut.addEventListener("click", () => {
    sessionStorage.removeItem(STORE);
    showKeyForm();
  });

  document.addEventListener("click", async (e) => {
    const langLink = e.target.closest("[data-lang-link]");
    if (langLink) {
      e.preventDefault();
      location.assign(`?lang=${langLink.dataset.langLink}${location.hash}`);
      return;
    }
    const link = e.target.closest("[data-view]");
    if (link) {
      e.preventDefault();
      say("");
      load(link.dataset.view).catch((err) => say(err.message, true));
      return;
    }
    const button = e.target.closest("[data-action]");
    if (button) {
      e.preventDefault();
      if (button.dataset.confirm && !confirm(button.dataset.confirm)) return;
      const [method, url] = button.dataset.action.split(" ");
      const res = await call(method, url).catch((err) => ({ ok: false, error: err }));
      if (!res.ok) return say(res.error ? res.error.message : await problem(res), true);
      await load(button.dataset.then || main.dataset.current);
      say(button.dataset.done || "");
    }
  });

  document.addEventListener("submit", async (e) => {
    const form = e.target;
    if (form === keyForm) return;
    e.preventDefault();
    if (form.dataset.viewForm) {
      const params = new URLSearchParams();
      for (const [k, v] of new FormData(form)) if (v !== "") params.set(k, String(v));
      return load(`${form.dataset.viewForm}?${params}`).catch((err) => say(err.message, true));
    }
    const [method, url] = form.dataset.api.split(" ");
    const res = await call(method, url, formJson(form)).catch((err) => ({ ok: false, error: err }));
    if (!res.ok) return say(res.error ? res.error.message : await problem(res), true);
    await load(form.dataset.then || main.dataset.current);
    say(form.dataset.done || "");
  });

  if (key()) start();
  else showKeyForm();
})();
