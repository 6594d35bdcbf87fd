/** The retrieval audit log: searches, answers and refusals, with enough to replay why each chunk was visible. */
import { insertRagAudit } from "@/sql/rag/audit.ts";
import { withSystem } from "@/sql/rag/session.ts";
import type { RagContext } from "./context.ts";

/** Records a refused call (who the caller proved to be, never what it presented). */
export async function recordRagRefusal(
  ctx: RagContext,
  actor: { kind: string; id: string | null },
  details: { code: string; method: string; path: string; detail: string; refusals?: number },
): Promise<void> {
  await withSystem(ctx.system, (tx) =>
    insertRagAudit(tx, {
      action: "access.refused",
      sub: actor.id ?? "anonymous",
      tenantId: null,
      organizationId: null,
      clearance: null,
      isAdmin: false,
      outcome: "refused",
      details: { ...details, actorKind: actor.kind },
    }));
}
