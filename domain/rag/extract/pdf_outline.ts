/**
 * A PDF's outline (bookmarks) flattened to entries with their depth and the
 * page they point to, in document order. Entries that point nowhere (links,
 * broken destinations) are left out: they cannot place a heading.
 */
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { oneLine } from "@/domain/rag/extract/document.ts";

/** One bookmark: its title, depth (1 outermost) and zero-based page. */
export interface OutlineEntry {
  title: string;
  level: number;
  pageIndex: number;
}

interface OutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineNode[];
}

/** The outline's entries sorted by page, keeping outline order within a page. */
export async function outlineEntries(doc: PDFDocumentProxy): Promise<OutlineEntry[]> {
  const entries: OutlineEntry[] = [];
  await collect(doc, (await doc.getOutline()) ?? [], 1, entries);
  return entries.map((entry, order) => ({ entry, order }))
    .sort((a, b) => a.entry.pageIndex - b.entry.pageIndex || a.order - b.order)
    .map(({ entry }) => entry);
}

async function collect(doc: PDFDocumentProxy, nodes: OutlineNode[], level: number, out: OutlineEntry[]) {
  for (const node of nodes) {
    const title = oneLine(node.title ?? "");
    const pageIndex = await destinationPage(doc, node.dest);
    if (title !== "" && pageIndex !== null) out.push({ title, level, pageIndex });
    await collect(doc, node.items ?? [], level + 1, out);
  }
}

/** The zero-based page a destination names, or null when it cannot be resolved. */
async function destinationPage(doc: PDFDocumentProxy, dest: OutlineNode["dest"]): Promise<number | null> {
  try {
    const explicit = typeof dest === "string" ? await doc.getDestination(dest) : dest;
    const target = explicit?.[0];
    if (Number.isInteger(target)) return target as number;
    if (target && typeof target === "object") return await doc.getPageIndex(target as { num: number; gen: number });
    return null;
  } catch {
    // A dangling reference in a bookmark must not fail the whole document.
    return null;
  }
}
