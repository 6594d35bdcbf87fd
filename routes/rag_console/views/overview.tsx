/** The overview screen: documents by status, chunks, jobs, queues, the organization sync, activity, failures, audit. */
import { overview } from "@/domain/rag/mod.ts";
import { withoutUrlCredentials } from "@/lib/url_credentials.ts";
import { errorFields } from "@/lib/log.ts";
import { Badge, Time, Title, ViewLink } from "../../_console_kit/mod.ts";
import { type Lang, t } from "../_i18n.ts";
import type { Screen } from "./_screen.ts";

function Counts(
  { id, lang, counts, link }: { id: string; lang: Lang; counts: Record<string, number>; link?: boolean },
) {
  const entries = Object.entries(counts);
  if (entries.length === 0) return <p class="none">{t(lang, "none")}</p>;
  return (
    <table id={id}>
      <thead>
        <tr>
          <th>{t(lang, "status")}</th>
          <th>{t(lang, "count")}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([status, count]) => (
          <tr data-status={status}>
            <td>
              {link
                ? (
                  <ViewLink view={`documents?state=${status}`}>
                    <Badge lang={lang} value={status} />
                  </ViewLink>
                )
                : <Badge lang={lang} value={status} />}
            </td>
            <td class="num">{count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Stat({ name, label, value }: { name: string; label: string; value: string | number }) {
  return (
    <div data-stat={name}>
      {label}
      <strong>{value}</strong>
    </div>
  );
}

/** The overview as the administrator may see it (its tenant). */
export async function overviewView({ deps, principal, lang, log }: Screen) {
  const [o, queues] = await Promise.all([
    overview(deps.ctx, principal),
    deps.queues().catch((err) => {
      log.warn("queue depths unavailable", errorFields(err));
      return null;
    }),
  ]);
  const org = o.organizations;
  return (
    <section id="overview">
      <Title>{t(lang, "overview")}</Title>
      <div class="stats">
        <Stat name="chunks" label={t(lang, "chunks")} value={o.chunks.total} />
        <Stat name="hidden-chunks" label={t(lang, "hiddenChunks")} value={o.chunks.hidden} />
        <Stat name="settings-version" label={t(lang, "settingsVersion")} value={o.settingsVersion} />
        <Stat name="directory-version" label={t(lang, "directoryVersion")} value={org.directoryVersion ?? "-"} />
      </div>
      <h3>{t(lang, "documents")}</h3>
      <Counts id="overview-documents" lang={lang} counts={o.documents} link />
      <h3>{t(lang, "jobs")}</h3>
      <Counts id="overview-jobs" lang={lang} counts={o.jobs} />
      <h3>{t(lang, "queues")}</h3>
      {queues === null ? <p class="hint">{t(lang, "queueUnknown")}</p> : (
        <table id="overview-queues">
          <thead>
            <tr>
              <th>{t(lang, "stream")}</th>
              <th>{t(lang, "pending")}</th>
              <th>{t(lang, "lag")}</th>
              <th>{t(lang, "dead")}</th>
            </tr>
          </thead>
          <tbody>
            {queues.map((q) => (
              <tr data-stream={q.stream}>
                <td>{q.stream}</td>
                <td class="num">{q.pending}</td>
                <td class="num">{q.lag}</td>
                <td class="num">{q.dead}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t(lang, "organizations")}</h3>
      <dl class="facts" id="overview-organizations">
        <dt>{t(lang, "status")}</dt>
        <dd>
          {org.stale ? <Badge lang={lang} value="STALE" /> : <Badge lang={lang} value="HEALTHY" />}{" "}
          {t(lang, org.stale ? "stale" : "fresh")}
        </dd>
        <dt>{t(lang, "lastSuccess")}</dt>
        <dd>
          <Time value={org.lastSuccessAt} />
        </dd>
        <dt>{t(lang, "organizationCount")}</dt>
        <dd>{org.count} ({org.active})</dd>
        {org.error && <dt>{t(lang, "error")}</dt>}
        {org.error && <dd>{org.error}</dd>}
      </dl>
      <h3>{t(lang, "activity")}</h3>
      <table id="overview-activity">
        <thead>
          <tr>
            <th>{t(lang, "hour")}</th>
            <th>{t(lang, "searches")}</th>
            <th>{t(lang, "answers")}</th>
          </tr>
        </thead>
        <tbody>
          {o.activity.map((a) => (
            <tr>
              <td>
                <Time value={a.hour} />
              </td>
              <td class="num">{a.searches}</td>
              <td class="num">{a.answers}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t(lang, "recentFailures")}</h3>
      <table id="overview-failures">
        <tbody>
          {o.recentFailures.map((f) => (
            <tr data-document={f.documentId}>
              <td>
                <ViewLink view={`document?id=${f.documentId}`}>{f.title}</ViewLink>
              </td>
              <td>
                <code>{f.errorCode ?? ""}</code> {withoutUrlCredentials(f.error ?? "")}
              </td>
              <td>
                <Time value={f.at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t(lang, "recentAudit")}</h3>
      <table id="overview-audit">
        <tbody>
          {o.recentAudit.map((a) => (
            <tr data-audit={String(a.id)}>
              <td>
                <Time value={a.at} />
              </td>
              <td>{a.action}</td>
              <td>
                <code class="asker">{a.asker}</code>
              </td>
              <td>
                <Badge lang={lang} value={a.outcome} />
              </td>
              <td>
                <ViewLink view={`replay?id=${a.id}`}>{t(lang, "replay")}</ViewLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
