/**
 * The audit log (the administrator's tenant) and the replay of one row: the settings
 * (installation and tenant versions) and directory data version that applied, each returned
 * chunk the administrator's clearance admits with the visibility rule that admitted it and
 * where it stands now. The asker is only ever a pseudonym.
 */
import { z } from "zod";
import { auditReplay, countAudit, listAudit, SECURITY_LEVELS, type Settings } from "@/domain/rag/mod.ts";
import { Badge, Pager, PageSize, pageSizeOf, Time, Title, ViewLink } from "../../_console_kit/mod.ts";
import { labelOr, type Lang, t } from "../_i18n.ts";
import { parsed, queryObject, type Screen } from "./_screen.ts";

const ACTIONS = ["search", "ask"] as const;
const id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const ListQuery = z.object({ action: z.enum(ACTIONS).optional(), cursor: id.optional() });
const OneQuery = z.object({ id });

/** A page of audit rows, newest first, with how many rows the action filter matches. */
export async function auditView({ deps, principal, lang, query }: Screen) {
  const q = parsed(ListQuery, queryObject(query));
  const limit = pageSizeOf(query);
  const page = await listAudit(deps.ctx, principal, { before: q.cursor, action: q.action, limit });
  const total = await countAudit(deps.ctx, principal, q.action);
  return (
    <section>
      <Title>{t(lang, "audit")}</Title>
      <p class="filters">
        <ViewLink view="audit">{t(lang, "all")}</ViewLink>
        {ACTIONS.map((a) => (
          <span>
            {" · "}
            <ViewLink view={`audit?action=${a}`}>
              {a === q.action ? <strong>{t(lang, `action_${a}`)}</strong> : t(lang, `action_${a}`)}
            </ViewLink>
          </span>
        ))}
      </p>
      <p class="hint">{t(lang, "askerHint")}</p>
      <form class="inline" data-view-form="audit">
        {q.action && <input type="hidden" name="action" value={q.action} />}
        <PageSize lang={lang} value={limit} />
      </form>
      <table id="audit" data-sortable="">
        <thead>
          <tr>
            <th>{t(lang, "at")}</th>
            <th>{t(lang, "action")}</th>
            <th>{t(lang, "asker")}</th>
            <th>{t(lang, "outcome")}</th>
            <th>{t(lang, "results")}</th>
            <th>{t(lang, "latency")}</th>
            <th>{t(lang, "settingsVersion")}</th>
            <th>{t(lang, "directoryVersion")}</th>
            <th></th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((a) => (
            <tr data-audit={String(a.id)} data-audit-action={a.action} data-row-view={`replay?id=${a.id}`}>
              <td>
                <Time value={a.at.toISOString()} />
              </td>
              <td>{labelOr(lang, `action_${a.action}`)}</td>
              <td>
                <code class="asker">{a.asker}</code>
              </td>
              <td>
                <Badge lang={lang} value={a.outcome} />
              </td>
              <td class="num">{a.resultCount}</td>
              <td class="num">{a.latencyMs ?? "-"}</td>
              <td class="num">{a.settingsVersion ?? "-"}</td>
              <td class="num">{a.directoryVersion ?? "-"}</td>
              <td>
                <ViewLink view={`replay?id=${a.id}`}>{t(lang, "replay")}</ViewLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager
        lang={lang}
        view="audit"
        params={{ ...(q.action ? { action: q.action } : {}), limit: String(limit) }}
        shown={page.items.length}
        next={page.nextCursor}
        total={total}
      />
    </section>
  );
}

/** A setting's value as text: a group of values (the legs' weights) as `name value` pairs, never `[object Object]`. */
function shownSetting(value: unknown): string {
  if (value === null || value === undefined) return "-";
  if (Array.isArray(value)) return value.map(shownSetting).join(", ");
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${k} ${shownSetting(v)}`).join(", ");
  }
  return String(value);
}

function AppliedSettings({ lang, settings }: { lang: Lang; settings: Settings | null }) {
  if (!settings) return <p class="hint">{t(lang, "settingsUnreadable")}</p>;
  return (
    <table id="replay-settings">
      <tbody>
        {Object.entries(settings).flatMap(([category, fields]) =>
          Object.entries(fields as Record<string, unknown>).map(([field, value]) => (
            <tr data-setting={`${category}.${field}`}>
              <td>{labelOr(lang, category)}</td>
              <td>{labelOr(lang, field)}</td>
              <td>
                <code>{shownSetting(value)}</code>
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** One audit row replayed. */
export async function replayView({ deps, principal, lang, query }: Screen) {
  const r = await auditReplay(deps.ctx, principal, parsed(OneQuery, queryObject(query)).id);
  const e = r.entry;
  return (
    <section id="replay">
      <Title>{t(lang, "replayOf")} #{e.id}</Title>
      <p>
        <ViewLink view="audit">← {t(lang, "back")}</ViewLink>
      </p>
      <dl class="facts" id="replay-facts">
        <dt>{t(lang, "at")}</dt>
        <dd>
          <Time value={e.at.toISOString()} />
        </dd>
        <dt>{t(lang, "action")}</dt>
        <dd>{labelOr(lang, `action_${e.action}`)}</dd>
        <dt>{t(lang, "asker")}</dt>
        <dd>
          <code class="asker">{e.asker}</code>
        </dd>
        <dt>{t(lang, "outcome")}</dt>
        <dd>
          <Badge lang={lang} value={e.outcome} />
        </dd>
        <dt>{t(lang, "latency")}</dt>
        <dd>{e.latencyMs ?? "-"}</dd>
        <dt>{t(lang, "legsRan")}</dt>
        <dd>{e.legs.map((l) => labelOr(lang, l)).join(", ") || "-"}</dd>
        <dt>{t(lang, "settingsVersion")}</dt>
        <dd data-fact="settings-version">{e.settingsVersion ?? 0}</dd>
        <dt>{t(lang, "tenantSettingsVersion")}</dt>
        <dd data-fact="tenant-settings-version">{e.tenantSettingsVersion ?? 0}</dd>
        <dt>{t(lang, "directoryVersion")}</dt>
        <dd data-fact="directory-version">{e.directoryVersion ?? "-"}</dd>
      </dl>
      {e.vectorUnavailable && <p class="hint">{t(lang, "vectorUnavailable")}</p>}
      <h3>
        {t(lang, "appliedSettings")}{" "}
        {e.settingsVersion ? `(${t(lang, "version")} ${e.settingsVersion})` : `(${t(lang, "defaults")})`}
      </h3>
      <AppliedSettings lang={lang} settings={r.settings} />
      <h3>{t(lang, "returnedChunks")}</h3>
      <ReplayChunks lang={lang} chunks={r.chunks} />
    </section>
  );
}

type ReplayChunk = Awaited<ReturnType<typeof auditReplay>>["chunks"][number];

function ReplayChunks({ lang, chunks }: { lang: Lang; chunks: ReplayChunk[] }) {
  if (chunks.length === 0) return <p class="none">{t(lang, "none")}</p>;
  return (
    <table id="replay-chunks">
      <thead>
        <tr>
          <th>{t(lang, "rank")}</th>
          <th>{t(lang, "docTitle")}</th>
          <th>{t(lang, "sourceVersion")}</th>
          <th>{t(lang, "chunkIndex")}</th>
          <th>{t(lang, "securityLevel")}</th>
          <th>{t(lang, "organizationsOf")}</th>
          <th>{t(lang, "admittedBy")}</th>
          <th>{t(lang, "nowState")}</th>
        </tr>
      </thead>
      <tbody>
        {chunks.map((c) => (
          <tr data-chunk={c.chunkId} data-admitted-by={c.admittedBy} data-state={c.state}>
            <td class="num">{c.position}</td>
            <td>
              {c.title
                ? <ViewLink view={`document?id=${c.documentId}`}>{c.title}</ViewLink>
                : <code>{c.documentId}</code>}
            </td>
            <td>{c.sourceVersion}</td>
            <td class="num">{c.chunkIndex}</td>
            <td>{SECURITY_LEVELS[c.securityLevel] ?? c.securityLevel}</td>
            <td>{c.organizations.map((o) => o.isPublic ? t(lang, "publicBucket") : o.name || o.code).join(", ")}</td>
            <td>
              <Badge lang={lang} value={c.admittedBy} />{" "}
              <div class="hint">{labelOr(lang, `admitted_${c.admittedBy}`)}</div>
            </td>
            <td>
              <Badge lang={lang} value={c.state} /> <div class="hint">{t(lang, `state_${c.state}`)}</div>
              {c.state === "current" && c.sameChunk && <div class="hint">{t(lang, "sameChunk")}</div>}
              {c.state === "replaced" && <div class="hint">{c.currentChunkVersion}</div>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
