/** The directory's audit log. */
import { type Db, loadQueries } from "@/sql/mod.ts";
import { RENDERED_PAGE } from "./users.ts";

const q = loadQueries(new URL("./audit.sql", import.meta.url), {
  insert_audit: { params: ["text", "text?", "text?", "text", "text", "text?", "text?", "text?", "jsonb"] },
  insert_audit_batch: { params: ["text", "text?", "text?", "text?", "jsonb"] },
  list_audit: { params: ["int8?", "text?", "text?", "text?", "int4"], columns: { ...RENDERED_PAGE, lastId: "int8?" } },
  count_audit: { params: ["text?", "text?", "text?", "int4"], columns: { total: "int4" } },
});

/** Who did something: an admin key (id and label, never the key), a portal, the system, or nobody proven. */
export interface Actor {
  kind: "admin" | "portal" | "system" | "anonymous";
  id: string | null;
  label: string | null;
  requestId?: string | null;
}

/** One entry to append. */
export interface AuditEntry {
  action: string;
  outcome?: "success" | "refused";
  targetType?: string | null;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

/** Appends one entry by its actor. */
export async function insertAudit(db: Db, e: AuditEntry & { actor: Actor }): Promise<void> {
  const { actor } = e;
  await q.insert_audit(db, [
    actor.kind,
    actor.id,
    actor.label,
    e.action,
    e.outcome ?? "success",
    e.targetType ?? null,
    e.targetId ?? null,
    actor.requestId ?? null,
    e.details ?? {},
  ]);
}

/** Appends many entries by one actor in one statement. */
export async function insertAuditBatch(
  db: Db,
  { actor, entries }: { actor: Actor; entries: AuditEntry[] },
): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((e) => ({
    action: e.action,
    target_type: e.targetType ?? null,
    target_id: e.targetId ?? null,
    details: e.details ?? {},
  }));
  await q.insert_audit_batch(db, [actor.kind, actor.id, actor.label, actor.requestId ?? null, rows]);
}

/** Filters for listing the audit log. */
export interface AuditFilter {
  beforeId: number | null;
  targetType: string | null;
  targetId: string | null;
  actionPrefix: string | null;
  limit: number;
}

/** One page of entries newest first, with the log's newest id as its data version. */
export async function listAudit(db: Db, f: AuditFilter) {
  const [row] = await q.list_audit(db, [
    f.beforeId,
    f.targetType,
    f.targetId,
    f.actionPrefix,
    f.limit,
  ]);
  return row;
}

/** How many entries match the filters of `f` (its cursor and limit aside), counting no further than `cap`. */
export async function countAudit(db: Db, f: Omit<AuditFilter, "beforeId" | "limit">, cap: number): Promise<number> {
  const [row] = await q.count_audit(db, [f.targetType, f.targetId, f.actionPrefix, cap]);
  return row.total;
}
