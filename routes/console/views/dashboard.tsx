/** Screens of the permission dashboard: every portal side by side, one portal's entries and changes, one user. */
import * as directory from "@/domain/directory/mod.ts";
import { displayName, type Lang, t } from "../_i18n.ts";
import { Badge, Pager, Time, Title, ViewLink } from "../../_console_kit/mod.ts";

function Assignments({ lang, list }: { lang: Lang; list: directory.schemas.AuthorizationAssignment[] }) {
  return (
    <>
      {list.map((a) => (
        <div>
          <Badge lang={lang} value={a.kind} /> {a.label} <code>{a.key}</code>
          {a.scope ? ` (${a.scope})` : ""}
        </div>
      ))}
    </>
  );
}

/** Every portal's latest snapshot, publication state and drift. */
export async function dashboardView(ctx: directory.DirectoryContext, lang: Lang) {
  const { items } = await directory.snapshotOverview(ctx);
  return (
    <section>
      <Title>{t(lang, "dashboard")}</Title>
      <form class="inline" data-view-form="dashboard-user">
        <label>
          {t(lang, "userId")} <input name="userId" required />
        </label>
        <button type="submit">{t(lang, "perUser")}</button>
      </form>
      <table id="portals">
        <thead>
          <tr>
            <th>{t(lang, "portal")}</th>
            <th>{t(lang, "sourceVersion")}</th>
            <th>{t(lang, "collectedAt")}</th>
            <th>{t(lang, "userCount")}</th>
            <th>{t(lang, "assignmentCount")}</th>
            <th>{t(lang, "publication")}</th>
            <th>{t(lang, "lastFailure")}</th>
            <th>{t(lang, "driftUsers")}</th>
            <th>{t(lang, "changes")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <tr data-portal={p.portalId}>
              <td>
                <ViewLink view={`dashboard-portal?portalId=${encodeURIComponent(p.portalId)}`}>{p.portalId}</ViewLink>
              </td>
              <td>{p.snapshot?.sourceVersion ?? t(lang, "noSnapshot")}</td>
              <td>
                <Time value={p.snapshot?.collectedAt} />
                {p.snapshotOlderThanSync && <div class="drift">{t(lang, "olderThanSync")}</div>}
              </td>
              <td>{p.snapshot?.userCount ?? 0}</td>
              <td>{p.snapshot?.assignmentCount ?? 0}</td>
              <td>
                <Badge lang={lang} value={p.publication.state} />
                {p.publication.error && <div class="hint">{p.publication.error}</div>}
              </td>
              <td>
                <Time value={p.publication.lastFailureAt} />
              </td>
              <td class={p.driftUsers > 0 ? "drift" : ""}>{p.driftUsers}</td>
              <td>
                <ViewLink view={`dashboard-changes?portalId=${encodeURIComponent(p.portalId)}`}>
                  {p.changedUsers}
                </ViewLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One portal's latest entries, optionally only drifting users. */
export async function portalEntriesView(ctx: directory.DirectoryContext, lang: Lang, q: URLSearchParams) {
  const portalId = q.get("portalId") ?? "";
  const driftOnly = q.get("driftOnly") === "true";
  const page = await directory.portalSnapshotEntries(ctx, {
    portalId,
    limit: 100,
    cursor: q.get("cursor") ?? undefined,
    driftOnly,
  });
  const total = await directory.countPortalEntries(ctx, { portalId, driftOnly });
  const entries = JSON.parse(page.items) as directory.schemas.PortalSnapshotEntry[];
  return (
    <section>
      <Title>{t(lang, "entries")}: {portalId}</Title>
      <p>
        <ViewLink view="dashboard">← {t(lang, "back")}</ViewLink> ·{" "}
        <ViewLink view={`dashboard-portal?portalId=${encodeURIComponent(portalId)}&driftOnly=${!driftOnly}`}>
          {t(lang, "driftOnly")}
        </ViewLink>
      </p>
      <table>
        <thead>
          <tr>
            <th>{t(lang, "name")}</th>
            <th>{t(lang, "employment")}</th>
            <th>{t(lang, "assignments")}</th>
            <th>{t(lang, "drift")}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr data-user={String(e.userId)}>
              <td>
                <ViewLink view={`dashboard-user?userId=${e.userId}`}>{displayName(lang, e)}</ViewLink>
              </td>
              <td>
                <Badge lang={lang} value={String(e.employmentStatus)} />{" "}
                {!e.isActive && <Badge lang={lang} value="INACTIVE" />}
              </td>
              <td>
                <Assignments lang={lang} list={e.assignments} />
              </td>
              <td class={e.drift ? "drift" : ""}>{e.drift ? "!" : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager
        lang={lang}
        view="dashboard-portal"
        params={{ portalId, ...(driftOnly ? { driftOnly: "true" } : {}) }}
        shown={entries.length}
        next={page.nextCursor}
        total={total}
      />
    </section>
  );
}

/** What a portal's latest snapshot added and removed per user. */
export async function portalChangesView(ctx: directory.DirectoryContext, lang: Lang, q: URLSearchParams) {
  const portalId = q.get("portalId") ?? "";
  const page = await directory.portalSnapshotChanges(ctx, {
    portalId,
    limit: 100,
    cursor: q.get("cursor") ?? undefined,
  });
  const total = await directory.countPortalChanges(ctx, portalId);
  const changes = JSON.parse(page.items) as directory.schemas.SnapshotChange[];
  return (
    <section>
      <Title>{t(lang, "changes")}: {portalId}</Title>
      <p>
        <ViewLink view="dashboard">← {t(lang, "back")}</ViewLink>
      </p>
      <table>
        <thead>
          <tr>
            <th>{t(lang, "name")}</th>
            <th>{t(lang, "added")}</th>
            <th>{t(lang, "removed")}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr>
              <td>{displayName(lang, c) || c.userId}</td>
              <td>
                <Assignments lang={lang} list={c.added} />
              </td>
              <td>
                <Assignments lang={lang} list={c.removed} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager
        lang={lang}
        view="dashboard-changes"
        params={{ portalId }}
        shown={changes.length}
        next={page.nextCursor}
        total={total}
      />
    </section>
  );
}

/** One user's groups, roles and permissions in every portal. */
export async function userAccessView(ctx: directory.DirectoryContext, lang: Lang, q: URLSearchParams) {
  const user = await directory.findUser(ctx, q.get("userId") ?? "");
  const view = await directory.userSnapshotView(ctx, user.id);
  return (
    <section>
      <Title>{t(lang, "perUser")}: {displayName(lang, view.user)}</Title>
      <p>
        <ViewLink view="dashboard">← {t(lang, "back")}</ViewLink> ·{" "}
        <Badge lang={lang} value={view.user.employmentStatus} />{" "}
        {!view.user.isActive && <Badge lang={lang} value="INACTIVE" />}
      </p>
      <table id="user-access">
        <thead>
          <tr>
            <th>{t(lang, "portal")}</th>
            <th>{t(lang, "groupsKind")}</th>
            <th>{t(lang, "roles")}</th>
            <th>{t(lang, "permissions")}</th>
            <th>{t(lang, "collectedAt")}</th>
            <th>{t(lang, "sourceVersion")}</th>
            <th>{t(lang, "drift")}</th>
          </tr>
        </thead>
        <tbody>
          {view.portals.map((p) => (
            <tr data-portal={p.portalId}>
              <td>{p.portalId}</td>
              <td>
                <Assignments lang={lang} list={p.groups} />
              </td>
              <td>
                <Assignments lang={lang} list={p.roles} />
              </td>
              <td>
                <Assignments lang={lang} list={p.permissions} />
              </td>
              <td>
                <Time value={p.collectedAt} />
              </td>
              <td>{p.sourceVersion}</td>
              <td class={p.drift ? "drift" : ""}>{p.drift ? t(lang, "drift") : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
