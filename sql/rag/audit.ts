/** Statements on the retrieval audit log. */
import { loadQueries } from "@/sql/mod.ts";
import type { PrincipalTx, RagTx } from "./session.ts";

const q = loadQueries(new URL("./audit.sql", import.meta.url), {
  insert_audit: {
    params: [
      "text",
      "text",
      "uuid?",
      "uuid?",
      "int2?",
      "bool",
      "text?",
      "jsonb",
      "int8?",
      "int8?",
      "int4?",
      "text",
      "jsonb",
    ],
  },
  organization_known: { params: ["uuid"], columns: { known: "bool" } },
});

/** One audit row. */
export interface RagAuditRow {
  action: string;
  sub: string;
  tenantId: string | null;
  organizationId: string | null;
  clearance: number | null;
  isAdmin: boolean;
  questionHash?: string | null;
  results?: unknown[];
  settingsVersion?: number | null;
  directoryVersion?: number | null;
  latencyMs?: number | null;
  outcome?: "success" | "refused" | "failed";
  details?: Record<string, unknown>;
}

/** Appends a row. */
export async function insertRagAudit(tx: RagTx, r: RagAuditRow): Promise<void> {
  await q.insert_audit(tx, [
    r.action,
    r.sub,
    r.tenantId,
    r.organizationId,
    r.clearance,
    r.isAdmin,
    r.questionHash ?? null,
    r.results ?? [],
    r.settingsVersion ?? null,
    r.directoryVersion ?? null,
    r.latencyMs ?? null,
    r.outcome ?? "success",
    r.details ?? {},
  ]);
}

/** Whether an organization is synced. */
export async function organizationKnown(tx: PrincipalTx, id: string): Promise<boolean> {
  const [row] = await q.organization_known(tx, [id]);
  return row.known;
}
