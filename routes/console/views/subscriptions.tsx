/** Screen: every portal's webhook subscriptions, each with its state and recent delivery attempts. */
import * as directory from "@/domain/directory/mod.ts";
import { type Lang, t } from "../_i18n.ts";
import { Badge, Time, Title } from "../../_console_kit/mod.ts";

/** Subscriptions by portal: URL, resources, state, failures, then its recent attempts. */
export async function subscriptionsView(ctx: directory.DirectoryContext, lang: Lang) {
  const subscriptions = await directory.listSubscriptions(ctx, null);
  return (
    <section>
      <Title>{t(lang, "subscriptions")}</Title>
      {subscriptions.length === 0 && <p class="none">{t(lang, "noSubscriptions")}</p>}
      {subscriptions.map((s) => (
        <article data-subscription={s.id} data-state={s.state}>
          <h3>
            {s.portalId} · <code>{s.url}</code> <Badge lang={lang} value={s.state} />
          </h3>
          <dl>
            <dt>{t(lang, "resource")}</dt>
            <dd>{s.resources.join(", ")}</dd>
            {s.companyId && (
              <>
                <dt>{t(lang, "company")}</dt>
                <dd>{s.companyId}</dd>
              </>
            )}
            <dt>{t(lang, "failures")}</dt>
            <dd>{s.consecutiveFailures}</dd>
            <dt>{t(lang, "lastSuccess")}</dt>
            <dd>
              <Time value={s.lastSuccessAt} />
            </dd>
            <dt>{t(lang, "nextAttempt")}</dt>
            <dd>
              <Time value={s.nextAttemptAt} />
            </dd>
            {s.lastError && (
              <>
                <dt>{t(lang, "error")}</dt>
                <dd>{s.lastError}</dd>
              </>
            )}
          </dl>
          <table>
            <caption>{t(lang, "recentDeliveries")}</caption>
            <thead>
              <tr>
                <th>{t(lang, "at")}</th>
                <th>{t(lang, "resource")}</th>
                <th>{t(lang, "versions")}</th>
                <th>{t(lang, "changedRecords")}</th>
                <th>{t(lang, "response")}</th>
                <th>{t(lang, "durationMs")}</th>
              </tr>
            </thead>
            <tbody>
              {s.recentDeliveries.map((d) => (
                <tr data-message={d.messageId}>
                  <td>
                    <Time value={d.at} />
                  </td>
                  <td>{d.resource}</td>
                  <td>{d.fromDataVersion + 1}-{d.dataVersion}</td>
                  <td>{d.idCount}</td>
                  <td>{d.status ?? d.error ?? ""}</td>
                  <td>{d.durationMs}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      ))}
    </section>
  );
}
