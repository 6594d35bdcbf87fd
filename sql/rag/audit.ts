/** Statements on the retrieval audit log. */
import { type Db, loadQueries } from "@/sql/mod.ts";

const q = loadQueries(new URL("./audit.sql", import.meta.url), ["insert_audit", "organization_known"]);

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
export async function insertRagAudit(db: Db, r: RagAuditRow): Promise<void> {
  await q.insert_audit(db, [
    r.action,
    r.sub,
    r.tenantId,
    r.organizationId,
    r.clearance,
    r.isAdmin,
    r.questionHash ?? null,
    (r.results ?? []) as Record<string, unknown>[],
    r.settingsVersion ?? null,
    r.directoryVersion ?? null,
    r.latencyMs ?? null,
    r.outcome ?? "success",
    r.details ?? {},
  ]);
}

/** Whether an organization is synced. */
export async function organizationKnown(db: Db, id: string): Promise<boolean> {
  const [row] = await q.organization_known<{ known: boolean }>(db, [id]);
  return row.known;
}
