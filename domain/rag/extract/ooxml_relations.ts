/** OOXML relationship parts (`_rels/*.rels`): which part an `r:id` in another part names. */
import { childElements, parseXml } from "@/domain/rag/extract/xml_tree.ts";
import { resolvePartName } from "@/domain/rag/extract/zip_parts.ts";

/** The relationships part of `partName` ("xl/workbook.xml" -> "xl/_rels/workbook.xml.rels"). */
export function relationshipsPartOf(partName: string): string {
  const slash = partName.lastIndexOf("/");
  return `${partName.slice(0, slash + 1)}_rels/${partName.slice(slash + 1)}.rels`;
}

/** Relationship ids of `partName` mapped to the part names they target (external targets left out). */
export function readRelationships(partName: string, rels: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (rels === undefined) return out;
  const root = parseXml(rels);
  for (const list of childElements(root, "Relationships")) {
    for (const rel of childElements(list, "Relationship")) {
      if (rel.attributes.TargetMode === "External" || !rel.attributes.Id || !rel.attributes.Target) continue;
      out.set(rel.attributes.Id, resolvePartName(partName, rel.attributes.Target));
    }
  }
  return out;
}
