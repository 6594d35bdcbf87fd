/**
 * Tables of spreadsheets, slides and Hangul documents as lines of text: each row on its own line, and each
 * cell of a data row prefixed with its column's header ("부서: 인사팀 | 내선: 1234"), so a chunk that holds a
 * cell holds what the cell means, and a question naming the column finds the row.
 */

/** Cells longer than this are prose, not a label: a row of them is never taken for a header. */
const MAX_HEADER_CELL = 40;

/**
 * The lines of a table given as rows of cell texts (empty for an empty cell). The first row with text is the
 * header when it has at least two cells, all short; with no such row, rows are plain " | "-separated lines.
 */
export function tableText(rows: string[][]): string {
  const cleaned = rows.map((row) => row.map((cell) => cell.replace(/\s+/g, " ").trim()));
  const filled = cleaned.filter((row) => row.some((cell) => cell !== ""));
  if (filled.length === 0) return "";
  const [first, ...rest] = filled;
  const labels = first.filter((cell) => cell !== "");
  const isHeader = rest.length > 0 && labels.length >= 2 && labels.every((cell) => cell.length <= MAX_HEADER_CELL);
  if (!isHeader) return filled.map(plainRow).join("\n");
  return [plainRow(first), ...rest.map((row) => labelledRow(first, row))].join("\n");
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
