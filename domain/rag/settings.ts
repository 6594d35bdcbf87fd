/**
 * Reading and changing the retrieval settings (CONTRACT 2.2, 2.4). What every tenant shares (endpoints, models,
 * ingestion, the lifecycle defaults) is the installation's, which only its operator reads and changes; what a
 * tenant's administrator tunes (retrieval and lifecycle) is stored as that tenant's overrides, applies to it
 * alone and is seen only within it, the installation's value being the default. Each store is versioned: every
 * change is a new version with who made it and what changed. An endpoint must pass the content fetches' URL policy
 * when it is stored, and credentials inside URLs are never shown.
 */
import * as store from "@/sql/rag/settings.ts";
import { withPrincipal } from "@/sql/rag/session.ts";
import { redactUrl, withoutUrlCredentials } from "@/lib/url_credentials.ts";
import { AppError } from "@/domain/errors.ts";
import {
  type Settings,
  type SettingsChange,
  type SettingsPatch,
  SettingsSchema,
  type SettingsScope,
  TENANT_CATEGORIES,
  type TenantCategory,
  type TenantOverrides,
  type VersionedSettings,
} from "./schemas.ts";
import { dbPrincipal, type RagContext } from "./context.ts";
import type { Principal } from "./principal.ts";
import { overlay } from "./settings_store.ts";
import { checkEndpoint } from "./fetch/endpoint_policy.ts";

/**
 * The scope a call acts on: the one asked for, else the installation's for its operator and the caller's tenant's
 * for anyone else. The installation's needs the operator (403 `operator_required`); a tenant's, an administrator
 * of that tenant (403 `forbidden`).
 */
export function settingsScope(p: Principal, requested?: SettingsScope): SettingsScope {
  const scope = requested ?? (p.isOperator ? "installation" : "tenant");
  if (scope === "installation" && !p.isOperator) {
    throw new AppError(
      "operator_required",
      "What every tenant shares (endpoints, models, ingestion, lifecycle defaults) is the installation operator's",
    );
  }
  if (scope === "tenant" && (!p.isAdmin || p.tenantId === null)) {
    throw new AppError("forbidden", "This call needs an administrator of a tenant");
  }
  return scope;
}

/** Settings as they may be shown: credentials inside endpoint URLs redacted. */
export function redacted(s: Settings): Settings {
  const clean = (url: string | null) => url === null ? null : redactUrl(url);
  return {
    ...s,
    embedding: { ...s.embedding, endpoint: clean(s.embedding.endpoint) },
    llm: { ...s.llm, endpoint: clean(s.llm.endpoint) },
  };
}

/** The settings of `scope` as `p` sees them (call `settingsScope` first). */
export async function settingsOf(ctx: RagContext, p: Principal, scope: SettingsScope): Promise<VersionedSettings> {
  if (scope === "installation") {
    const { version, settings } = await ctx.settings.current();
    return { scope, version, settings: redacted(settings) };
  }
  const e = await ctx.settings.forTenant(p.tenantId);
  return {
    scope,
    version: e.tenantVersion,
    installationVersion: e.version,
    settings: redacted(e.settings),
    overrides: e.overrides,
  };
}

function invalid(issues: { path: PropertyKey[]; message: string }[]): AppError {
  return new AppError("invalid_request", "The settings are not valid", {
    errors: issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
  });
}

/** The fields a change changes, as `category.field: [before, after]`, endpoint credentials left out. */
function changesOf(before: Settings, after: Settings): Record<string, unknown> {
  const [shownBefore, shownAfter] = [redacted(before), redacted(after)];
  const out: Record<string, unknown> = {};
  for (const cat of Object.keys(after) as (keyof Settings)[]) {
    for (const [field, value] of Object.entries(after[cat])) {
      const old = (before[cat] as Record<string, unknown>)[field];
      if (JSON.stringify(old) === JSON.stringify(value)) continue;
      out[`${cat}.${field}`] = [
        (shownBefore[cat] as Record<string, unknown>)[field],
        (shownAfter[cat] as Record<string, unknown>)[field],
      ];
    }
  }
  return out;
}

/** Refuses an endpoint the change sets that is outside the URL policy (an unchanged one was checked when set). */
async function checkNewEndpoints(ctx: RagContext, before: Settings, after: Settings): Promise<void> {
  for (const cat of ["embedding", "llm"] as const) {
    const url = after[cat].endpoint;
    if (url !== null && url !== before[cat].endpoint) await checkEndpoint(`${cat}.endpoint`, url, ctx.endpointPolicy);
  }
}

/** How a settings row names who changed it: a console session's person by name, a token's user by subject. */
const changedByOf = (p: Principal) => p.person ? `person:${p.sub} ${p.person}` : `user:${p.sub}`;

/** The installation operator's change: a new installation version; the merged whole must validate. */
async function updateInstallation(ctx: RagContext, p: Principal, patch: SettingsPatch): Promise<void> {
  const { settings: before } = await ctx.settings.current();
  const parsed = SettingsSchema.safeParse(overlay(before, patch));
  if (!parsed.success) throw invalid(parsed.error.issues);
  await checkNewEndpoints(ctx, before, parsed.data);
  const changes = changesOf(before, parsed.data);
  if (Object.keys(changes).length === 0) return;
  await withPrincipal(
    ctx.sql,
    dbPrincipal(ctx, p),
    (tx) => store.insertSettings(tx, { settings: parsed.data, changedBy: changedByOf(p), changes }),
  );
}

/** `before` with `patch` applied: a value sets an override, null drops it, a category left empty goes. */
function withOverrides(before: TenantOverrides, patch: SettingsPatch): TenantOverrides {
  const out: Record<string, Record<string, unknown>> = {};
  for (const cat of TENANT_CATEGORIES) {
    const fields: Record<string, unknown> = { ...before[cat] };
    for (const [field, value] of Object.entries(patch[cat] ?? {})) {
      if (value === null) delete fields[field];
      else if (value !== undefined) fields[field] = value;
    }
    if (Object.keys(fields).length > 0) out[cat] = fields;
  }
  return out as TenantOverrides;
}

/** The overrides a change changes, as `category.field: [before, after]`; null is the installation's value. */
function overrideChanges(before: TenantOverrides, after: TenantOverrides): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const cat of TENANT_CATEGORIES) {
    const [b, a] = [before[cat] ?? {}, after[cat] ?? {}] as Record<string, unknown>[];
    for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
      if (JSON.stringify(b[field]) !== JSON.stringify(a[field])) {
        out[`${cat}.${field}`] = [b[field] ?? null, a[field] ?? null];
      }
    }
  }
  return out;
}

/** A tenant administrator's change: a new version of its tenant's overrides, over the installation's settings. */
async function updateTenant(ctx: RagContext, p: Principal, patch: SettingsPatch): Promise<void> {
  const shared = Object.keys(patch).filter((cat) => !TENANT_CATEGORIES.includes(cat as TenantCategory));
  // The floor is calibrated for the shared embedding model, so it is shared too.
  if (patch.retrieval?.vectorFloor !== undefined) shared.push("retrieval.vectorFloor");
  if (shared.length > 0) {
    throw new AppError(
      "operator_required",
      `${shared.join(", ")} every tenant shares: only the installation operator changes them`,
    );
  }
  const tenantId = p.tenantId!;
  const { settings: installation } = await ctx.settings.current();
  await withPrincipal(ctx.sql, dbPrincipal(ctx, p), async (tx) => {
    await store.lockTenantSettings(tx, tenantId);
    const latest = await store.latestTenantSettings(tx, tenantId);
    const before = (latest?.overrides ?? {}) as TenantOverrides;
    const after = withOverrides(before, patch);
    const parsed = SettingsSchema.safeParse(overlay(installation, after));
    if (!parsed.success) throw invalid(parsed.error.issues);
    const changes = overrideChanges(before, after);
    if (Object.keys(changes).length === 0) return;
    await store.insertTenantSettings(tx, {
      tenantId,
      version: (latest?.version ?? 0) + 1,
      overrides: after,
      changedBy: changedByOf(p),
      changes,
    });
  });
}

/** Applies a partial update to `scope` (call `settingsScope` first) and answers the settings as they now are. */
export async function updateSettings(
  ctx: RagContext,
  p: Principal,
  scope: SettingsScope,
  patch: SettingsPatch,
): Promise<VersionedSettings> {
  await (scope === "installation" ? updateInstallation(ctx, p, patch) : updateTenant(ctx, p, patch));
  ctx.settings.invalidate();
  return await settingsOf(ctx, p, scope);
}

/** A changed value as it may be shown (a version stored by an earlier release may hold a URL's credentials). */
const shownValue = (v: unknown) => typeof v === "string" ? withoutUrlCredentials(v) : v;

/** The latest changes of `scope` (call `settingsScope` first): version, time and what changed, never who. */
export async function settingsChanges(
  ctx: RagContext,
  p: Principal,
  scope: SettingsScope,
  limit: number,
): Promise<SettingsChange[]> {
  const rows = await withPrincipal(
    ctx.sql,
    dbPrincipal(ctx, p),
    (tx) =>
      scope === "installation"
        ? store.settingsHistory(tx, limit)
        : store.tenantSettingsHistory(tx, { tenantId: p.tenantId!, limit }),
  );
  return rows.map(({ version, changes, changedAt }) => ({
    version,
    changedAt: changedAt.toISOString(),
    changes: Object.fromEntries(
      Object.entries(changes).map((
        [field, change],
      ) => [field, (change as unknown[]).map(shownValue) as [unknown, unknown]]),
    ),
  }));
}
