/** Screens: every portal's sync status, and the audit log. */
import * as directory from "@/domain/directory/mod.ts";
import { type Lang, t } from "../_i18n.ts";
import { Badge, Pager, PageSize, pageSizeOf, Time, Title } from "../../_console_kit/mod.ts";

/**
 * Whether a resource's last failure is its present state: the record keeps the last failure's text after a
 * later success, and that text beside HEALTHY (or STALE) reads as if the sync were failing now.
 */
function failing(r: directory.schemas.SyncStatus): boolean {
  return r.state === "FAILED";
}

/** Portal sync status: state, last success, last failure, error, data version, credential failures. */
export async function syncStatusView(ctx: directory.DirectoryContext, lang: Lang) {
  const portals = await directory.listSyncStatus(ctx);
  return (
    <section>
      <Title>{t(lang, "syncStatus")}</Title>
      <table id="sync">
        <thead>
          <tr>
            <th>{t(lang, "portal")}</th>
            <th>{t(lang, "resource")}</th>
            <th>{t(lang, "state")}</th>
            <th>{t(lang, "lastSuccess")}</th>
            <th>{t(lang, "lastFailure")}</th>
            <th>{t(lang, "error")}</th>
            <th>{t(lang, "dataVersion")}</th>
          </tr>
        </thead>
        <tbody>
          {portals.flatMap((p) =>
            p.resources.map((r, i) => (
              <tr data-portal={p.portalId} data-resource={r.resource}>
                {i === 0 && (
                  <td rowspan={p.resources.length}>
                    <strong>{p.portalId}</strong>
                    {p.needsCheck && <div class="drift">{t(lang, "needsCheck")}</div>}
                    {p.failingSubscriptions.length > 0 && (
                      <div class="drift" data-failing-subscriptions={p.failingSubscriptions.length}>
                        {t(lang, "failingSubscriptions")}: {p.failingSubscriptions.length}
                      </div>
                    )}
                    {p.credentialFailures && (
                      <div class="hint">
                        {t(lang, "credentialFailures")}: {p.credentialFailures.count} ·{" "}
                        {p.credentialFailures.lastReason} · <Time value={p.credentialFailures.lastAt} />
                      </div>
                    )}
                  </td>
                )}
                <td>{r.resource}</td>
                <td>
                  <Badge lang={lang} value={r.state} />
                </td>
                <td>
                  <Time value={r.lastSuccessAt} />
                </td>
                <td>
                  <Time value={r.lastFailureAt} />
                  {!failing(r) && r.error && <div class="hint">{t(lang, "resolved")}</div>}
                </td>
                <td data-col="error">{failing(r) ? r.error ?? "" : ""}</td>
                <td>{r.dataVersion ?? ""}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <Pager lang={lang} view="sync-status" params={{}} shown={portals.length} />
    </section>
  );
}

/** The audit log, newest first, filterable by action prefix, with how many entries the filter matches. */
export async function auditLogView(ctx: directory.DirectoryContext, lang: Lang, q: URLSearchParams) {
  const action = q.get("action") ?? "";
  const query = { limit: pageSizeOf(q, 100), action: action || undefined };
  const page = await directory.listAuditLog(ctx, { ...query, cursor: q.get("cursor") ?? undefined });
  const total = await directory.countAuditLog(ctx, query);
  const entries = JSON.parse(page.items) as Array<Record<string, string | null> & { details: unknown }>;
  return (
    <section>
      <Title>{t(lang, "auditLog")}</Title>
      <form class="inline" data-view-form="audit-log">
        <label>
          {t(lang, "action")} <input name="action" value={action} placeholder="user." />
        </label>
        <PageSize lang={lang} value={pageSizeOf(q, 100)} />
        <button type="submit">{t(lang, "search")}</button>
      </form>
      <table id="audit" data-sortable="">
        <thead>
          <tr>
            <th>{t(lang, "at")}</th>
            <th>{t(lang, "actor")}</th>
            <th>{t(lang, "action")}</th>
            <th>{t(lang, "outcome")}</th>
            <th>{t(lang, "target")}</th>
            <th>{t(lang, "details")}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr>
              <td>
                <Time value={e.at} />
              </td>
              <td>{e.actorKind} {e.actorLabel ?? e.actorId ?? ""}</td>
              <td>{e.action}</td>
              <td>
                <Badge lang={lang} value={String(e.outcome)} />
              </td>
              <td>{e.targetType ?? ""} {e.targetId ?? ""}</td>
              <td>
                <code>{JSON.stringify(e.details)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager
        lang={lang}
        view="audit-log"
        params={{ ...(action ? { action } : {}), limit: String(pageSizeOf(q, 100)) }}
        shown={entries.length}
        next={page.nextCursor}
        total={total}
      />
    </section>
  );
}
