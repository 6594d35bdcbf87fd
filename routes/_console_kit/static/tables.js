// Sorting of the screens' tables: a table with `data-sortable` gets a button in each titled column
// header; a click sorts the shown rows by that column (numbers as numbers, text in the page's
// language's order) and reports the order as `sort` (column index, `-` first when descending), which
// the console keeps in the URL so reload, back and forward show the same order. A list ordered by the
// server across its pages (ordering.tsx's OrderHeader: users, documents) has links in its headers instead.

function cellValue(row, index) {
  const cell = row.cells[index];
  if (!cell) return "";
  const time = cell.querySelector("time[datetime]");
  return cell.dataset.sort ?? (time ? time.dateTime : cell.textContent.trim());
}

/** Sorts `table` by column `index`, ascending unless `descending`, and marks the header with aria-sort. */
export function sortTable(table, index, descending, lang) {
  const body = table.tBodies[0];
  if (!body) return;
  const collator = new Intl.Collator(lang === "en" ? "en" : "ko", { numeric: true });
  const rows = [...body.rows].sort((a, b) => {
    const [x, y] = [cellValue(a, index), cellValue(b, index)];
    const [nx, ny] = [Number(x), Number(y)];
    const order = x !== "" && y !== "" && !isNaN(nx) && !isNaN(ny) ? nx - ny : collator.compare(x, y);
    return descending ? -order : order;
  });
  body.append(...rows);
  [...table.tHead.rows[0].cells].forEach((th, i) => {
    if (i === index) th.setAttribute("aria-sort", descending ? "descending" : "ascending");
    else th.removeAttribute("aria-sort");
  });
}

/**
 * Gives each sortable table of `root` its header buttons; `onSort(sort)` hears each new order.
 * `sort` is the order the URL holds, applied at once.
 */
export function sortableTables(root, { lang, sort, onSort }) {
  const tables = [...root.querySelectorAll("table[data-sortable]")].filter((t) => t.tHead && t.tBodies[0]);
  tables.forEach((table, t) => {
    [...table.tHead.rows[0].cells].forEach((th, i) => {
      if (th.textContent.trim() === "") return;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      button.append(...th.childNodes);
      th.append(button);
      button.addEventListener("click", () => {
        const descending = th.getAttribute("aria-sort") === "ascending";
        sortTable(table, i, descending, lang);
        onSort(t === 0 ? `${descending ? "-" : ""}${i}` : null);
      });
    });
  });
  const m = /^(-?)(\d+)$/.exec(sort || "");
  if (m && tables[0]) sortTable(tables[0], Number(m[2]), m[1] === "-", lang);
}
