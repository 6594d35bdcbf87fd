/**
 * The XML parts of office packages (OOXML, OWPML) as small trees, built with htmlparser2 in XML mode, the parser
 * the HTML extractor already uses. Names are matched by their local part: the prefixes a package binds to a
 * namespace vary between writers (`hp:` or `hp10:`, `a:` or none), the local names do not.
 */
import { Parser } from "htmlparser2";

/** One element: its local name, attributes (see localAttributes), and children in document order. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}

/** An element or a run of character data. */
export type XmlNode = XmlElement | string;

/** Parses `xml` into the tree under a synthetic root named "#document"; malformed markup is read leniently. */
export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: "#document", attributes: {}, children: [] };
  const stack = [root];
  const parser = new Parser({
    onopentag(name, attributes) {
      const element: XmlElement = { name: localName(name), attributes: localAttributes(attributes), children: [] };
      stack[stack.length - 1].children.push(element);
      stack.push(element);
    },
    onclosetag() {
      if (stack.length > 1) stack.pop();
    },
    ontext(text) {
      stack[stack.length - 1].children.push(text);
    },
  }, { xmlMode: true, decodeEntities: true });
  parser.end(xml);
  return root;
}

function localName(name: string): string {
  return name.slice(name.indexOf(":") + 1);
}

/**
 * Attributes by local name, an unprefixed one winning over a prefixed one of the same local name, and prefixed
 * ones also by their full name: `<p:sldId id="256" r:id="rId2"/>` has both an `id` and an `r:id`.
 */
function localAttributes(attributes: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    const local = localName(name);
    if (local !== name) out[name] = value;
    if (local === name || !Object.hasOwn(attributes, local)) out[local] = value;
  }
  return out;
}

/** The relationship id an OOXML element names (`r:id`, whatever the prefix), or "". */
export function relationshipId(element: XmlElement): string {
  return Object.entries(element.attributes).find(([name]) => name.endsWith(":id"))?.[1] ?? "";
}

/** The element children of `node` named `name`. */
export function childElements(node: XmlElement, name: string): XmlElement[] {
  return node.children.filter((child): child is XmlElement => typeof child !== "string" && child.name === name);
}

/** The first descendant of `node` named `name`, depth first, or null. */
export function findElement(node: XmlElement, name: string): XmlElement | null {
  for (const child of node.children) {
    if (typeof child === "string") continue;
    if (child.name === name) return child;
    const found = findElement(child, name);
    if (found) return found;
  }
  return null;
}

/** Every descendant of `node` named `name`, in document order, not looking inside a match. */
export function findElements(node: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const child of node.children) {
    if (typeof child === "string") continue;
    if (child.name === name) out.push(child);
    else findElements(child, name, out);
  }
  return out;
}

/** The character data of the elements named `textName` under `node`, concatenated in document order. */
export function textOf(node: XmlElement, textName: string): string {
  return findElements(node, textName).map(allText).join("");
}

function allText(node: XmlElement): string {
  return node.children.map((child) => typeof child === "string" ? child : allText(child)).join("");
}
