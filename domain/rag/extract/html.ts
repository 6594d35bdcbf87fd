/**
 * HTML to sections with htmlparser2's streaming parser: h1-h6 open sections,
 * block elements become paragraph and line breaks, table cells are joined
 * with " | ", and page furniture is dropped: scripts, styles, forms, navigation,
 * and the boilerplate every page of a portal repeats (the site's header and
 * footer, sidebars, breadcrumbs, skip links, cookie notices), recognised by
 * element, ARIA role or the class and id names such pages use (gnb, lnb, ...).
 * Boilerplate in a search index is worse than noise: it matches every question
 * about "공지" or "고객센터" on every page.
 */
import { Parser } from "htmlparser2";
import {
  appendText,
  closeBuilder,
  type ExtractedDocument,
  newSectionBuilder,
  oneLine,
  openSection,
  type SectionBuilder,
} from "@/domain/rag/extract/document.ts";

/** Elements whose content is never document text. */
const SKIPPED = new Set([
  "head",
  "title",
  "script",
  "style",
  "noscript",
  "template",
  "nav",
  "svg",
  "math",
  "iframe",
  "object",
  "embed",
  "canvas",
  "select",
  "button",
  "textarea",
]);

/** Landmarks that hold a site's furniture, not a document's text. */
const BOILERPLATE_ROLES = new Set(["navigation", "banner", "contentinfo", "complementary", "search"]);

/** Class and id names of portal furniture (Korean portals name their menus gnb, lnb, snb). */
const BOILERPLATE_NAMES = new Set([
  "gnb",
  "lnb",
  "snb",
  "tnb",
  "breadcrumb",
  "breadcrumbs",
  "skip",
  "skipnav",
  "skip-nav",
  "skip-link",
  "skip-links",
  "accessibility",
  "cookie",
  "cookie-banner",
  "cookie-notice",
  "cookie-consent",
  "sitemap",
  "quick",
  "quickmenu",
  "quick-menu",
  "familysite",
  "family-site",
  "sidebar",
  "side-menu",
  "sub-menu",
  "submenu",
  "util",
  "utility",
  "top-menu",
  "footer",
  "site-footer",
  "header",
  "site-header",
]);

/** Elements whose page-level occurrence is furniture; inside an article or main they belong to the text. */
const PAGE_FURNITURE = new Set(["header", "footer", "aside"]);
const CONTENT_ROOTS = new Set(["article", "main"]);

/** Elements that stand as paragraphs of their own. */
const PARAGRAPHS = new Set([
  "p",
  "div",
  "section",
  "article",
  "main",
  "header",
  "footer",
  "aside",
  "blockquote",
  "pre",
  "table",
  "ul",
  "ol",
  "dl",
  "figure",
  "hr",
  "address",
  "details",
  "form",
  "fieldset",
]);

/** Elements that start a new line but not a new paragraph. */
const LINES = new Set(["li", "tr", "dt", "dd", "caption", "figcaption", "summary", "option"]);

const HEADING = /^h([1-6])$/;

/** A stronger owed break replaces a weaker one: a paragraph beats a line beats a space. */
const BREAK_RANK = { "": 0, " ": 1, "\n": 2, "\n\n": 3 } as const;

interface HtmlWalk {
  builder: SectionBuilder;
  /** For each open element, whether it began a skipped subtree (closings pop it). */
  open: boolean[];
  skipDepth: number;
  /** Open article and main elements. */
  contentDepth: number;
  preDepth: number;
  /** Inside a table cell blocks are words apart, so a row stays on one line. */
  cellDepth: number;
  heading: { level: number; parts: string[] } | null;
  /** The break owed before the next text: nested blocks owe one break, not one per element. */
  owedBreak: keyof typeof BREAK_RANK;
}

/** Extracts the sections of an HTML document already decoded to a string. */
export function extractHtml(html: string): ExtractedDocument {
  const walk: HtmlWalk = {
    builder: newSectionBuilder(),
    open: [],
    skipDepth: 0,
    contentDepth: 0,
    preDepth: 0,
    cellDepth: 0,
    heading: null,
    owedBreak: "",
  };
  const parser = new Parser({
    onopentag: (name, attributes) => openTag(walk, name, attributes),
    onclosetag: (name) => closeTag(walk, name),
    ontext: (text) => addText(walk, text),
  }, { decodeEntities: true, lowerCaseTags: true });
  parser.end(html);
  return closeBuilder(walk.builder);
}

/** Whether the element opens a subtree that is never document text. */
function skipped(walk: HtmlWalk, name: string, attributes: Record<string, string>): boolean {
  if (SKIPPED.has(name)) return true;
  if (BOILERPLATE_ROLES.has((attributes.role ?? "").toLowerCase())) return true;
  if (PAGE_FURNITURE.has(name) && walk.contentDepth === 0) return true;
  const names = `${attributes.class ?? ""} ${attributes.id ?? ""}`.toLowerCase().split(/\s+/);
  return names.some((n) => BOILERPLATE_NAMES.has(n));
}

function openTag(walk: HtmlWalk, name: string, attributes: Record<string, string>): void {
  const skip = walk.skipDepth === 0 && skipped(walk, name, attributes);
  walk.open.push(skip);
  if (skip) walk.skipDepth++;
  if (walk.skipDepth > 0) return;
  if (CONTENT_ROOTS.has(name)) walk.contentDepth++;
  if (name === "pre") walk.preDepth++;
  if (name === "td" || name === "th") walk.cellDepth++;
  const level = HEADING.exec(name)?.[1];
  if (level && walk.heading === null) walk.heading = { level: Number(level), parts: [] };
  else if (name === "br") emit(walk, "\n");
  else oweBreak(walk, name);
}

function closeTag(walk: HtmlWalk, name: string): void {
  // The parser closes every element it opened, void and implied ones included, so the stack pairs them.
  if (walk.open.pop()) {
    walk.skipDepth--;
    return;
  }
  if (walk.skipDepth > 0) return;
  if (CONTENT_ROOTS.has(name)) walk.contentDepth--;
  if (name === "pre") walk.preDepth--;
  if (name === "td" || name === "th") {
    walk.cellDepth = Math.max(0, walk.cellDepth - 1);
    emit(walk, "\u001f");
  } else if (name === `h${walk.heading?.level}`) closeHeading(walk);
  else oweBreak(walk, name);
}

function closeHeading(walk: HtmlWalk): void {
  const { level, parts } = walk.heading!;
  walk.heading = null;
  const text = oneLine(parts.join(""));
  if (text !== "") openSection(walk.builder, level, text);
}

function oweBreak(walk: HtmlWalk, name: string): void {
  if (!PARAGRAPHS.has(name) && !LINES.has(name)) return;
  const wanted = walk.cellDepth > 0 ? " " : PARAGRAPHS.has(name) ? "\n\n" : "\n";
  if (BREAK_RANK[wanted] > BREAK_RANK[walk.owedBreak]) walk.owedBreak = wanted;
}

function addText(walk: HtmlWalk, text: string): void {
  if (walk.skipDepth > 0) return;
  if (walk.preDepth > 0) return emit(walk, text);
  const collapsed = text.replace(/\s+/g, " ");
  // Whitespace between blocks is layout; the owed break already separates them.
  if (collapsed !== " " || walk.owedBreak === "") emit(walk, collapsed);
}

/** Text inside a heading belongs to the heading, everything else to the open section. */
function emit(walk: HtmlWalk, text: string): void {
  const owed = walk.owedBreak;
  walk.owedBreak = "";
  if (walk.heading) walk.heading.parts.push(owed === "" ? "" : " ", text);
  else appendText(walk.builder, owed + text);
}
