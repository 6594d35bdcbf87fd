// A word diff of two texts, for the screens that show what an approval would change and for the live preview
// beside a definition being edited: the texts split into words and the spaces between them (line breaks
// included), the longest common subsequence kept, and the rest reported as removed or added runs. One module
// serves both: the server renders with it (through diff.ts) and the browser imports it.

/** Past this many word pairs the table would be too large for a screen: the middle is shown as one change. */
const MAX_CELLS = 250_000;

const words = (s) => s.split(/(\s+)/).filter((w) => w !== "");

function push(parts, op, text) {
  const last = parts[parts.length - 1];
  if (last && last.op === op) last.text += text;
  else parts.push({ op, text });
}

/**
 * The runs (`{ op: "=" | "-" | "+", text }`) that turn `before` into `after`, word by word; adjacent runs of
 * one kind are merged.
 */
export function wordDiff(before, after) {
  const [a, b] = [words(before), words(after)];
  const parts = [];
  if (a.length * b.length > MAX_CELLS) {
    if (before) push(parts, "-", before);
    if (after) push(parts, "+", after);
    return parts;
  }
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push(parts, "=", a[i]);
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) push(parts, "-", a[i++]);
    else push(parts, "+", b[j++]);
  }
  return parts;
}

/** `parts` as DOM nodes: kept text plain, removed text in <del>, added text in <ins> (text only, never markup). */
export function diffNodes(parts) {
  return parts.map((p) => {
    if (p.op === "=") return document.createTextNode(p.text);
    const node = document.createElement(p.op === "-" ? "del" : "ins");
    node.textContent = p.text;
    return node;
  });
}

/**
 * Shows, in the element `box.dataset.diffPreview` names, how the text being edited in `box` differs from the
 * text it was loaded with (its default value: the saved text), word by word; hidden while they are the same.
 */
export function previewDiff(box) {
  const preview = document.getElementById(box.dataset.diffPreview);
  const out = preview && preview.querySelector(".diff");
  if (!out) return;
  const changed = box.value !== box.defaultValue;
  preview.hidden = !changed;
  out.replaceChildren(...(changed ? diffNodes(wordDiff(box.defaultValue, box.value)) : []));
}
