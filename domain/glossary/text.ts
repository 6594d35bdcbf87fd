/**
 * A content body's text as a reader sees it, for term linking. Block elements and line
 * breaks become newlines, while inline elements leave nothing behind, so "<b>인공지능</b>은"
 * stays "인공지능은" and its particle still follows the term. Markdown is rendered by marked
 * and then read as HTML, so emphasis, links and raw HTML inside it go the same way.
 */
import { Parser } from "htmlparser2";
import { Marked } from "marked";

/** The body formats the term-linking worker reads (CONTRACT 1.3, POST /content-bodies). */
export type MarkupType = "text/html" | "text/markdown" | "text/plain";

/** Elements whose content is never read: code, styling and embedded objects. */
const UNREAD = new Set(["script", "style", "template", "noscript", "svg", "math", "iframe", "object", "canvas"]);

/** Elements that separate what comes before them from what comes after. */
const BLOCKS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "br",
  "caption",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "option",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "td",
  "th",
  "title",
  "tr",
  "ul",
]);

const markdown = new Marked({ gfm: true, async: false });

/** The readable text of a body: markup removed, entities decoded, blocks kept apart by newlines. */
export function stripMarkup(body: string, type: MarkupType): string {
  if (type === "text/plain") return body;
  return htmlText(type === "text/markdown" ? markdown.parse(body, { async: false }) : body);
}

function htmlText(html: string): string {
  const parts: string[] = [];
  let unreadDepth = 0;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (UNREAD.has(name)) unreadDepth++;
      if (unreadDepth > 0) return;
      if (BLOCKS.has(name)) parts.push("\n");
      // An image's alternative text is what stands in its place for a reader.
      else if (name === "img" && attributes.alt) parts.push(" ", attributes.alt, " ");
    },
    onclosetag(name) {
      if (UNREAD.has(name)) unreadDepth--;
      else if (unreadDepth === 0 && BLOCKS.has(name)) parts.push("\n");
    },
    ontext(text) {
      if (unreadDepth === 0) parts.push(text);
    },
  }, { decodeEntities: true, lowerCaseTags: true });
  parser.end(html);
  return parts.join("");
}
