/**
 * Tables of spreadsheets, slides and Hangul documents as lines of text: each row on its own line, and, below a
 * header row, each cell prefixed with its column's header ("부서: 인사팀 | 담당자: 김민수 | 내선: 1234"), so a
 * chunk that holds a cell holds what the cell means, and a question naming the column finds the row.
 */

/** Cells longer than this are prose, not a label: a row of them is never taken for a header. */
const MAX_HEADER_CELL = 40;

/**
 * A cell of digits, dates, times and amounts is data ("2018. 9. 4.", "0000년 00월 00일", "200012345"), never a
 * column's name; nor is a form's placeholder ("○○○").
 */
const DATA_CELL = /^[\d\s.,:/\-()%~+○년월일시분초]+$/;

/** A title or a note may stand above a sheet's header row: the header is looked for in this many first rows. */
const HEADER_SEARCH_ROWS = 5;

/**
 * The lines of a table given as rows of cell texts (empty for an empty cell). A row among the first few with text
 * is taken for the header when it names at least three columns, each a short label, and rows follow it. Two-column
 * tables stay plain rows ("과목명 | 데이터베이스"): they are most often forms of label and value, where each row
 * already keeps the two together, and labelling them by their first row would pair every label with the first one.
 */
export function tableText(rows: string[][]): string {
  const cleaned = rows.map((row) => row.map((cell) => cell.replace(/\s+/g, " ").trim()));
  const filled = cleaned.filter((row) => row.some((cell) => cell !== ""));
  const at = filled.slice(0, HEADER_SEARCH_ROWS).findIndex((row, i) => i < filled.length - 1 && isHeader(row));
  if (at === -1) return filled.map(plainRow).join("\n");
  const header = filled[at];
  return [...filled.slice(0, at + 1).map(plainRow), ...filled.slice(at + 1).map((row) => labelledRow(header, row))]
    .join("\n");
}

function isHeader(row: string[]): boolean {
  const labels = row.filter((cell) => cell !== "");
  return labels.length >= 3 && labels.every((cell) => cell.length <= MAX_HEADER_CELL && !DATA_CELL.test(cell));
}

function plainRow(row: string[]): string {
  return row.filter((cell) => cell !== "").join(" | ");
}

function labelledRow(header: string[], row: string[]): string {
  return row.map((cell, column) => {
    if (cell === "") return "";
    const label = header[column] ?? "";
    return label === "" || label === cell ? cell : `${label}: ${cell}`;
  }).filter((cell) => cell !== "").join(" | ");
}
