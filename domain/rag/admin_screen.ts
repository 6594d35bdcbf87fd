/**
 * What the retrieval administration screen reads beyond the overview: documents with
 * their versions and errors, and the audit log with a replay of one row (the settings and
 * directory version that applied, each returned chunk, the rule that admitted it, and
 * whether it is still there at that version). Everything is read under the administrator's
 * own row-level security (its tenant, its clearance): an audit row's results above its
 * clearance are left out of the list's counts and the replay. Nothing names a user:
 * askers appear as pseudonyms, registrants and the settings' authors not at all, and
 * credentials in URLs or error texts are cut out.
 */
import { AppError, notFound } from "@/domain/errors.ts";
import * as screen from "@/sql/rag/admin_screen.ts";
import { withPrincipal } from "@/sql/rag/session.ts";
import { withoutUrlCredentials } from "@/lib/url_credentials.ts";
import { type Total, TOTAL_CAP, totalOf } from "@/lib/list_total.ts";
import { dbPrincipal, type RagContext } from "./context.ts";
import { type DocumentOrder, orderedDocumentsPage } from "./document_lists.ts";
import type { Principal } from "./principal.ts";
import { pseudonymOf } from "./keyed_hash.ts";
import { redacted } from "./settings.ts";
import { overlay } from "./settings_store.ts";
import { type Settings, type SettingsPatch, SettingsSchema, type TenantOverrides } from "./schemas.ts";

/** The states a document list can be narrowed to: a status, or unpublished, or hidden by a source delete. */
export const DOCUMENT_FILTERS = [
  "queued",
  "indexing",
  "indexed",
  "failed",
  "pending_approval",
  "unpublished",
  "hidden",
] as const;
/** One of DOCUMENT_FILTERS. */
export type DocumentFilter = typeof DOCUMENT_FILTERS[number];

/** Where a returned chunk stands now, compared with the version the audit row recorded. */
export type ChunkState = "current" | "replaced" | "removed" | "hidden" | "gone";

const CURSOR = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?[+-]\d\d(?::\d\d)?)\|([0-9a-f-]{36})$/;

/** A content locator as the screen shows it: scheme, host and path, without credentials or query. */
function shownLocator(locator: string): string {
  try {
    const u = new URL(locator);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return "";
  }
}

function decodeCursor(cursor: string): screen.DocumentCursor {
  const m = CURSOR.exec(cursor);
  if (!m) throw new AppError("invalid_cursor", "The cursor is not one this list gave out");
  return { at: m[1], id: m[2] };
}

/** A page of documents as `p` sees them, newest first or in `order` across the whole list. */
export async function listDocuments(
  ctx: RagContext,
  p: Principal,
  o: { filter?: DocumentFilter; order?: DocumentOrder; cursor?: string; limit: number },
) {
  if (o.order) return await orderedDocumentsPage(ctx, p, { ...o, order: o.order });
  const after = o.cursor ? decodeCursor(o.cursor) : null;
  const rows = await withPrincipal(
    ctx.sql,
    dbPrincipal(ctx, p),
    (tx) => screen.listDocuments(tx, { state: o.filter ?? null, after, limit: o.limit + 1 }),
  );
  const page = rows.slice(0, o.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ cursorAt: _, error, ...d }) => ({ ...d, error: error && withoutUrlCredentials(error) })),
    nextCursor: rows.length > o.limit && last ? `${last.cursorAt}|${last.id}` : null,
  };
}

/** One document with its versions (ingestion jobs), chunks per version and organizations; 404 when `p` may not see it. */
export async function documentDetail(ctx: RagContext, p: Principal, id: string) {
  const data = await withPrincipal(ctx.sql, dbPrincipal(ctx, p), async (tx) => {
    const doc = await screen.documentDetail(tx, id);
    if (!doc) return null;
    return {
      doc,
      jobs: await screen.documentJobs(tx, { id, limit: 50 }),
      chunkVersions: await screen.documentChunkVersions(tx, id),
      organizations: await screen.organizationNames(tx, doc.organizationIds),
    };
  });
  if (!data) throw notFound("The document");
  const { contentLocator, error, ...doc } = data.doc;
  return {
    document: { ...doc, contentLocator: shownLocator(contentLocator), error: error && withoutUrlCredentials(error) },
    jobs: data.jobs.map((j) => ({ ...j, error: j.error && withoutUrlCredentials(j.error) })),
    chunkVersions: data.chunkVersions,
    organizations: data.organizations,
  };
}

/** A page of the audit log (the administrator's tenant), askers as pseudonyms. */
export async function listAudit(
  ctx: RagContext,
  p: Principal,
  o: { before?: number; action?: string; limit: number },
) {
  const rows = await withPrincipal(
    ctx.sql,
    dbPrincipal(ctx, p),
    (tx) => screen.listAudit(tx, { before: o.before ?? null, action: o.action ?? null, limit: o.limit + 1 }),
  );
  const page = rows.slice(0, o.limit);
  return {
    items: await Promise.all(
      page.map(async ({ sub, ...r }) => ({ ...r, asker: await pseudonymOf(ctx, p.tenantId, sub) })),
    ),
    nextCursor: rows.length > o.limit ? String(page.at(-1)!.id) : null,
  };
}

/** How many audit rows `p` sees, optionally of one action, up to TOTAL_CAP. */
export async function countAudit(ctx: RagContext, p: Principal, action?: string): Promise<Total> {
  const counted = await withPrincipal(
    ctx.sql,
    dbPrincipal(ctx, p),
    (tx) => screen.countAudit(tx, action ?? null, TOTAL_CAP + 1),
  );
  return totalOf(counted);
}

function chunkState(c: screen.ReplayChunkRow): ChunkState {
  if (c.documentVersion === null) return "gone";
  if (c.hidden) return "hidden";
  if (c.currentChunkId === null) return "removed";
  return c.currentChunkVersion === c.sourceVersion ? "current" : "replaced";
}

/**
 * The settings that applied, credentials cut out: the installation's version overlaid with the tenant's overrides
 * version. Null for a version means none was stored yet (the defaults, no overrides); undefined, a recorded version
 * that cannot be read, and then nothing is shown.
 */
function appliedSettings(
  ctx: RagContext,
  installation: Record<string, unknown> | null | undefined,
  overrides: Record<string, unknown> | null | undefined,
): Settings | null {
  if (installation === undefined || overrides === undefined) return null;
  const base = SettingsSchema.safeParse(overlay(ctx.settings.defaults, (installation ?? {}) as SettingsPatch));
  if (!base.success) return null;
  const merged = SettingsSchema.safeParse(overlay(base.data, (overrides ?? {}) as TenantOverrides));
  return merged.success ? redacted(merged.data) : null;
}

/** The overrides version an audit row recorded (in its details), or null. */
function tenantVersionOf(details: Record<string, unknown>): number | null {
  const v = details.tenantSettingsVersion;
  return typeof v === "number" && Number.isInteger(v) && v > 0 ? v : null;
}

/**
 * One audit row replayed; 404 when it is not in the administrator's tenant. Only the returned chunks the
 * administrator's own clearance admits are shown: a lower-cleared administrator learns nothing of the others.
 */
export async function auditReplay(ctx: RagContext, p: Principal, id: number) {
  const data = await withPrincipal(ctx.sql, dbPrincipal(ctx, p), async (tx) => {
    const entry = await screen.auditEntry(tx, id);
    if (!entry) return null;
    const chunks = await screen.replayChunks(tx, id);
    const tenantVersion = tenantVersionOf(entry.details);
    return {
      entry,
      chunks,
      tenantVersion,
      installation: entry.settingsVersion
        ? (await screen.settingsAtVersion(tx, entry.settingsVersion))?.settings
        : null,
      overrides: tenantVersion && p.tenantId
        ? (await screen.tenantSettingsAtVersion(tx, { tenantId: p.tenantId, version: tenantVersion }))?.overrides
        : null,
      organizations: await screen.organizationNames(tx, [...new Set(chunks.flatMap((c) => c.organizationIds))]),
    };
  });
  if (!data) throw notFound("The audit row");
  const { sub, details, ...entry } = data.entry;
  const names = new Map(data.organizations.map((o) => [o.id, o]));
  return {
    entry: {
      ...entry,
      tenantSettingsVersion: data.tenantVersion,
      asker: await pseudonymOf(ctx, p.tenantId, sub),
      legs: Array.isArray(details.legs) ? details.legs.map(String) : [],
      vectorUnavailable: details.vectorUnavailable === true,
    },
    settings: appliedSettings(ctx, data.installation, data.overrides),
    chunks: data.chunks.map((c) => ({
      ...c,
      organizations: c.organizationIds.map((o) =>
        names.get(o) ?? { id: o, code: o.slice(0, 8), name: "", isPublic: false }
      ),
      state: chunkState(c),
      sameChunk: c.currentChunkId === c.chunkId,
    })),
  };
}
