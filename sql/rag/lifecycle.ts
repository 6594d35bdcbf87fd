/** Statements of the per-tenant lifecycle rules: which tenants a rule runs for, and a tenant's expired documents. */
import { loadQueries } from "@/sql/mod.ts";
import type { SystemTx } from "./session.ts";

const q = loadQueries(new URL("./lifecycle.sql", import.meta.url), {
  document_tenants: { columns: { tenantId: "uuid" } },
  source_tenants: { params: ["text", "uuid"], columns: { tenantId: "uuid" } },
  expired_documents: {
    params: ["uuid", "int4", "int4"],
    columns: { portalId: "text", sourceDocumentId: "uuid" },
  },
});

/** The tenants holding documents. */
export async function documentTenants(tx: SystemTx): Promise<string[]> {
  return (await q.document_tenants(tx)).map((r) => r.tenantId);
}

/** The tenants holding a source document. */
export async function sourceTenants(
  tx: SystemTx,
  ref: { portalId: string; sourceDocumentId: string },
): Promise<string[]> {
  return (await q.source_tenants(tx, [ref.portalId, ref.sourceDocumentId])).map((r) => r.tenantId);
}

/** A tenant's documents past its retention (`days` since their last ingestion), at most `limit`. */
export function expiredDocuments(tx: SystemTx, a: { tenantId: string; days: number; limit: number }) {
  return q.expired_documents(tx, [a.tenantId, a.days, a.limit]);
}
