/** Task `source-deleted`: a portal deleted a source document (stream `rag:source-deleted`). */
import { applySourceDelete } from "@/domain/rag/documents.ts";
import { PermanentJobError } from "../worker.ts";
import type { Task } from "../task.ts";

/** Purges (or hides, without cascade) the document; entries need portalId and sourceDocumentId. */
export const sourceDeleted: Task = {
  name: "source-deleted",
  service: "rag",
  async handle(deps, entry) {
    const { portalId, sourceDocumentId, sourceVersion } = entry.fields;
    if (!portalId || !/^[0-9a-f-]{36}$/i.test(sourceDocumentId ?? "")) {
      throw new PermanentJobError("a source-deleted entry needs portalId and a UUID sourceDocumentId");
    }
    const done = await applySourceDelete(deps.rag!, {
      portalId,
      sourceDocumentId,
      sourceVersion: sourceVersion || undefined,
    });
    deps.log.info("source delete applied", { portalId, sourceDocumentId, result: done });
  },
};
