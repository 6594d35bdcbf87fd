/** A one-line progress bar on stderr for operator scripts. */

/**
 * Draws `done` of `total` with a rate. On a terminal it redraws in place at most ten times a second,
 * clearing the line first so a shorter line leaves nothing of a longer one; into a file or a pipe it
 * writes only the final line, not hundreds of carriage returns.
 */
export function progressBar(label: string, total: number) {
  const started = performance.now();
  const live = Deno.stderr.isTerminal();
  let last = 0;
  const enc = new TextEncoder();
  const draw = (done: number, final = false) => {
    const now = performance.now();
    if (!final && (!live || now - last < 100)) return;
    last = now;
    const ratio = total === 0 ? 1 : Math.min(1, done / total);
    const width = 30;
    const filled = Math.round(ratio * width);
    const rate = done / Math.max(0.001, (now - started) / 1000);
    const line =
      `${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ` +
      `${done}/${total}  ${rate.toFixed(0)}/s`;
    Deno.stderr.writeSync(enc.encode(`${live ? "\r\x1b[2K" : ""}${line}${final ? "\n" : ""}`));
  };
  return { update: (done: number) => draw(done), finish: (done: number) => draw(done, true) };
}
