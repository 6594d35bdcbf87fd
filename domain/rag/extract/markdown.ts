/**
 * Markdown to sections: marked renders it to HTML (ATX and setext headings
 * become h1-h6, inline syntax disappears), which the HTML extractor then cuts
 * at those headings; raw HTML inside the Markdown gets the same filtering.
 */
import { Marked } from "marked";
import type { ExtractedDocument } from "@/domain/rag/extract/document.ts";
import { extractHtml } from "@/domain/rag/extract/html.ts";

const markdown = new Marked({ gfm: true, async: false });

/** Extracts the sections of a Markdown document already decoded to a string. */
export function extractMarkdown(text: string): ExtractedDocument {
  return extractHtml(markdown.parse(text, { async: false }));
}
