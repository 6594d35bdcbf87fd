// Forms of the consoles' screens: reading a form into the JSON its API expects, and showing a
// problem's field errors beside their fields (linked with aria-describedby) and its code as words
// of the page's language (the shell's #problem-texts template holds them).

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
export function formJson(form) {
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

/** A problem's words in the page's language (by its `code`), else the server's detail, else `fallback`. */
export function problemText(problem, fallback) {
  const texts = document.getElementById("problem-texts");
  const known = texts && problem.code
    ? [...texts.content.querySelectorAll("[data-code]")].find((el) => el.dataset.code === problem.code)
    : null;
  return known ? known.textContent : problem.detail || fallback;
}

/** A field message in the page's language: the first #problem-texts pattern it matches, else as sent. */
function fieldText(message) {
  const texts = document.getElementById("problem-texts");
  for (const el of texts ? texts.content.querySelectorAll("[data-pattern]") : []) {
    const m = new RegExp(el.dataset.pattern).exec(message);
    if (m) return el.textContent.replace("$1", m[1] ?? "");
  }
  return message;
}

let slots = 0;

/** The element beside `path`'s field that holds its message (made after the field when the screen has none). */
function errorSlot(form, path) {
  const named = form.elements.namedItem(path);
  const field = named && named.setAttribute ? named : null;
  let slot = [...form.querySelectorAll("[data-error-for]")].find((el) => el.dataset.errorFor === path);
  if (!slot && field) {
    slot = document.createElement("small");
    slot.className = "field-error";
    slot.dataset.errorFor = path;
    (field.closest("label") || field).after(slot);
  }
  if (slot && field) {
    slot.id = slot.id || `field-error-${++slots}`;
    field.setAttribute("aria-invalid", "true");
    field.setAttribute("aria-describedby", slot.id);
  }
  return slot;
}

/**
 * Writes each field error beside its field in `form` and returns the rest as text; the first
 * field in error takes the focus, so a keyboard or screen-reader user lands on it.
 */
export function showFieldErrors(form, errors) {
  const rest = [];
  let first = null;
  for (const e of errors || []) {
    const slot = form ? errorSlot(form, e.path) : null;
    if (!slot) {
      rest.push(`${e.path}: ${fieldText(e.message)}`);
      continue;
    }
    slot.textContent = fieldText(e.message);
    first = first || form.elements.namedItem(e.path);
  }
  if (first && first.focus) first.focus();
  return rest;
}

/** Empties a form's field errors before it is sent again. */
export function clearFieldErrors(form) {
  for (const el of form.querySelectorAll("[data-error-for]")) el.textContent = "";
  for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
}
