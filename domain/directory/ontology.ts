/**
 * The ontology: relations between concepts, where a target may also be a reference
 * node `<portalId>:<entityType>:<entityId>`; `broader` (and `narrower`, its inverse)
 * may never form a cycle. The approved pack is read by portals and the retrieval
 * service with a strong ETag.
 */
import { createHash } from "node:crypto";
import * as glossary from "@/sql/directory/glossary.ts";
import { type Actor, insertAudit } from "@/sql/directory/audit.ts";
import { AppError, notFound } from "@/domain/errors.ts";
import { type DirectoryContext, inLedger } from "./context.ts";
import { isUuid, type OntologyPack } from "./schemas.ts";

/** A relation type. */
export type RelationType = "broader" | "narrower" | "related" | "synonym" | "part_of" | "references";

/** Creates a relation; a `broader`/`narrower` edge that would close a cycle is 422. */
export function createRelation(
  ctx: DirectoryContext,
  actor: Actor,
  input: { sourceId: string; type: RelationType; targetId: string },
) {
  return inLedger(ctx, "glossary", async (tx, version) => {
    if (!await glossary.getTerm(tx, input.sourceId)) throw notFound("The source term");
    const toTerm = isUuid(input.targetId);
    if (toTerm && !await glossary.getTerm(tx, input.targetId)) throw notFound("The target term");
    if (toTerm && (input.type === "broader" || input.type === "narrower")) {
      const [child, parent] = input.type === "broader"
        ? [input.sourceId, input.targetId]
        : [input.targetId, input.sourceId];
      if (child === parent || await glossary.broaderPathExists(tx, { from: parent, to: child })) {
        throw new AppError("unprocessable", "This relation would make the broader hierarchy a cycle", {
          errors: [{ path: "targetId", message: "would close a cycle" }],
        });
      }
    }
    const relation = {
      sourceId: input.sourceId,
      type: input.type,
      targetTermId: toTerm ? input.targetId : null,
      targetRef: toTerm ? null : input.targetId,
    };
    const id = await glossary.insertRelation(tx, { relation, version: await version() });
    await insertAudit(tx, { actor, action: "relation.create", targetType: "relation", targetId: id, details: input });
    return { id, ...input };
  });
}

/** Deletes a relation. */
export function deleteRelation(ctx: DirectoryContext, actor: Actor, id: string) {
  return inLedger(ctx, "glossary", async (tx, version) => {
    if (!await glossary.deleteRelation(tx, { id, version: await version() })) throw notFound("The relation");
    await insertAudit(tx, { actor, action: "relation.delete", targetType: "relation", targetId: id });
    return { id, deleted: true as const };
  });
}

/** The ETag of a pack: its version and what narrowed it, so equal tags mean equal packs. */
export function packTag(version: number, scopes: string[], since: number): string {
  const narrowed = createHash("sha256").update(JSON.stringify([[...scopes].sort(), since])).digest("base64url").slice(
    0,
    16,
  );
  return `"pack-${version}-${narrowed}"`;
}

/** The current pack's tag, cheap to compute before deciding whether to build the pack at all. */
export async function currentPackTag(ctx: DirectoryContext, scopes: string[], since: number): Promise<string> {
  return packTag(await glossary.packVersion(ctx.sql), scopes, since);
}

/** Approved, active concepts and their live relations, narrowed by scope (and `since`). */
export async function ontologyPack(
  ctx: DirectoryContext,
  scopes: string[],
  since: number,
): Promise<{ pack: OntologyPack; etag: string }> {
  return await ctx.sql.begin("isolation level repeatable read read only", async (tx) => {
    const version = await glossary.packVersion(tx);
    const [concepts, relations] = [
      await glossary.packConcepts(tx, { scopes, since }),
      await glossary.packRelations(tx, { scopes, since }),
    ];
    return {
      pack: { version, generatedAt: new Date().toISOString(), concepts, relations },
      etag: packTag(version, scopes, since),
    };
  });
}
