/** Task `source-deleted`: a portal deleted a source document (stream `rag:source-deleted`). */
import { applySourceDelete } from "@/domain/rag/mod.ts";
import { PermanentJobError } from "../worker.ts";
import type { Task } from "../task.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Purges (or hides, without cascade) the document; entries need portalId and sourceDocumentId, and may name
 * the tenant (`tenantId`): without it the portal's document of that id goes in every tenant.
 */
export const sourceDeleted: Task = {
  name: "source-deleted",
  service: "rag",
  async handle(deps, entry) {
    const { tenantId, portalId, sourceDocumentId, sourceVersion } = entry.fields;
    if (!portalId || !UUID.test(sourceDocumentId ?? "")) {
      throw new PermanentJobError("a source-deleted entry needs portalId and a UUID sourceDocumentId");
    }
    if (tenantId && !UUID.test(tenantId)) throw new PermanentJobError("a source-deleted tenantId must be a UUID");
    const done = await applySourceDelete(deps.rag!, {
      tenantId: tenantId ? tenantId.toLowerCase() : undefined,
      portalId,
      sourceDocumentId,
      sourceVersion: sourceVersion || undefined,
    });
    deps.log.info("source delete applied", { tenantId, portalId, sourceDocumentId, result: done });
  },
};
