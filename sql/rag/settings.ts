/** Statements on the versioned retrieval settings: the installation's, and each tenant's overrides. */
import { type Db, loadQueries, typed } from "@/sql/mod.ts";
import type { PrincipalTx } from "./session.ts";

const HISTORY_ROW = {
  version: "int8",
  changedBy: "text",
  changes: typed<Record<string, unknown>>("jsonb"),
  changedAt: "timestamptz",
} as const;

const q = loadQueries(new URL("./settings.sql", import.meta.url), {
  latest_settings: {
    columns: {
      version: "int8",
      settings: typed<Record<string, unknown>>("jsonb"),
      changedBy: "text",
      changedAt: "timestamptz",
    },
  },
  settings_version: { columns: { version: "int8" } },
  insert_settings: { params: ["jsonb", "text", "jsonb"], columns: { version: "int8", changedAt: "timestamptz" } },
  settings_history: { params: ["int4"], columns: HISTORY_ROW },
  latest_tenant_settings: {
    params: ["uuid"],
    columns: { version: "int8", overrides: typed<Record<string, unknown>>("jsonb") },
  },
  lock_tenant_settings: { params: ["uuid"] },
  insert_tenant_settings: {
    params: ["uuid", "int8", "jsonb", "text", "jsonb"],
    columns: { version: "int8", changedAt: "timestamptz" },
  },
  tenant_settings_history: { params: ["uuid", "int4"], columns: HISTORY_ROW },
});

/** The newest stored settings, if any (every role may read them: runs on the pool). */
export async function latestSettings(db: Db) {
  const [row] = await q.latest_settings(db);
  return row;
}

/** The newest settings version (0 before the first change; every role may read it: runs on the pool). */
export async function settingsVersion(db: Db): Promise<number> {
  const [row] = await q.settings_version(db);
  return row.version;
}

/** Stores a new version: the settings, who changed them and what changed. */
export async function insertSettings(
  tx: PrincipalTx,
  a: { settings: Record<string, unknown>; changedBy: string; changes: Record<string, unknown> },
) {
  const [row] = await q.insert_settings(tx, [a.settings, a.changedBy, a.changes]);
  return row;
}

/** Recent changes of the installation's settings. */
export function settingsHistory(tx: PrincipalTx, limit: number) {
  return q.settings_history(tx, [limit]);
}

/** A tenant's latest overrides, if it has any. */
export async function latestTenantSettings(tx: PrincipalTx, tenantId: string) {
  const [row] = await q.latest_tenant_settings(tx, [tenantId]);
  return row;
}

/** Holds the tenant's overrides until the transaction ends. */
export async function lockTenantSettings(tx: PrincipalTx, tenantId: string): Promise<void> {
  await q.lock_tenant_settings(tx, [tenantId]);
}

/** Stores a tenant's next overrides version. */
export async function insertTenantSettings(
  tx: PrincipalTx,
  a: {
    tenantId: string;
    version: number;
    overrides: Record<string, unknown>;
    changedBy: string;
    changes: Record<string, unknown>;
  },
) {
  const [row] = await q.insert_tenant_settings(tx, [a.tenantId, a.version, a.overrides, a.changedBy, a.changes]);
  return row;
}

/** Recent changes of a tenant's overrides. */
export function tenantSettingsHistory(tx: PrincipalTx, a: { tenantId: string; limit: number }) {
  return q.tenant_settings_history(tx, [a.tenantId, a.limit]);
}
