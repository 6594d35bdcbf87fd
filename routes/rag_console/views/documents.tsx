/** Documents: a list by state with errors and actions, and one document with its versions. */
import { z } from "zod";
import {
  countDocuments,
  DOCUMENT_FILTERS,
  DOCUMENT_ORDERS,
  documentDetail,
  listDocuments,
  SECURITY_LEVELS,
} from "@/domain/rag/mod.ts";
import { Badge, OrderHeader, Pager, PageSize, pageSizeOf, Time, Title, ViewLink } from "../../_console_kit/mod.ts";
import { type Lang, t } from "../_i18n.ts";
import { parsed, queryObject, type Screen } from "./_screen.ts";

const ListQuery = z.object({
  state: z.enum(DOCUMENT_FILTERS).optional(),
  order: z.enum(DOCUMENT_ORDERS).optional(),
  // An ordered list's cursor carries the last title: room for a long one.
  cursor: z.string().max(4000).optional(),
});
const OneQuery = z.object({ id: z.uuid() });

interface Actionable {
  id: string;
  portalId: string;
  sourceDocumentId: string;
  status: string;
  published: boolean;
  hidden: boolean;
}

/** The buttons a document's state allows: approve for publication, approve fetching, purge. */
function Actions({ lang, d, then }: { lang: Lang; d: Actionable; then?: string }) {
  const admin = `/api/v1/admin/documents/${d.id}`;
  return (
    <span class="actions">
      {!d.published && !d.hidden && (
        <button type="button" data-action={`POST ${admin}/publish`} data-done={t(lang, "published")}>
          {t(lang, "publish")}
        </button>
      )}{" "}
      {d.status === "pending_approval" && (
        <button type="button" data-action={`POST ${admin}/approve-fetch`} data-done={t(lang, "fetchApprovedDone")}>
          {t(lang, "approveFetch")}
        </button>
      )}{" "}
      <button
        type="button"
        class="danger"
        data-action={`DELETE /api/v1/documents/${encodeURIComponent(d.portalId)}/${d.sourceDocumentId}`}
        data-confirm={t(lang, "confirmPurge")}
        data-done={t(lang, "purged")}
        data-then={then}
      >
        {t(lang, "purge")}
      </button>
    </span>
  );
}

function States({ lang, d }: { lang: Lang; d: { status: string; published: boolean; hidden: boolean } }) {
  return (
    <>
      <Badge lang={lang} value={d.status} /> {!d.published && !d.hidden && <Badge lang={lang} value="unpublished" />}
      {" "}
      {d.hidden && <Badge lang={lang} value="hidden" />}
      {!d.published && !d.hidden && <div class="hint">{t(lang, "unpublished")}</div>}
    </>
  );
}

/**
 * A page of documents, newest first or in the order a header chose across the whole list, optionally in one
 * state, with how many documents that state holds.
 */
export async function documentsView({ deps, principal, lang, query }: Screen) {
  const q = parsed(ListQuery, queryObject(query));
  const limit = pageSizeOf(query);
  const page = await listDocuments(deps.ctx, principal, { filter: q.state, order: q.order, cursor: q.cursor, limit });
  const total = await countDocuments(deps.ctx, principal, q.state);
  const filters = { ...(q.state ? { state: q.state } : {}), limit: String(limit) };
  const header = (column: string, label: Parameters<typeof t>[1]) => (
    <OrderHeader view="documents" params={filters} column={column} order={q.order}>{t(lang, label)}</OrderHeader>
  );
  return (
    <section>
      <Title>{t(lang, "documents")}</Title>
      <p class="filters">
        <ViewLink view="documents">{t(lang, "all")}</ViewLink>
        {DOCUMENT_FILTERS.map((f) => (
          <span>
            {" · "}
            <ViewLink view={`documents?state=${f}`}>
              {f === q.state ? <strong>{t(lang, `filter_${f}`)}</strong> : t(lang, `filter_${f}`)}
            </ViewLink>
          </span>
        ))}
      </p>
      <form class="inline" data-view-form="documents">
        {q.state && <input type="hidden" name="state" value={q.state} />}
        {q.order && <input type="hidden" name="order" value={q.order} />}
        <PageSize lang={lang} value={limit} />
      </form>
      <table id="documents">
        <thead>
          <tr>
            {header("title", "docTitle")}
            <th>{t(lang, "portal")}</th>
            <th>{t(lang, "sourceVersion")} / {t(lang, "indexedVersion")}</th>
            <th>{t(lang, "status")}</th>
            <th>{t(lang, "securityLevel")}</th>
            <th>{t(lang, "chunks")}</th>
            <th>{t(lang, "error")}</th>
            {header("updatedAt", "updatedAt")}
            <th>{t(lang, "actions")}</th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((d) => (
            <tr data-document={d.id} data-status={d.status}>
              <td>
                <ViewLink view={`document?id=${d.id}`}>{d.title}</ViewLink>
              </td>
              <td>{d.portalId}</td>
              <td>
                {d.sourceVersion} / {d.indexedVersion ?? "-"}
              </td>
              <td>
                <States lang={lang} d={d} />
              </td>
              <td>{SECURITY_LEVELS[d.securityLevel]}</td>
              <td class="num">{d.chunkCount}</td>
              <td class="error-text">
                {d.errorCode && <code>{d.errorCode}</code>} {d.error ?? ""}
              </td>
              <td>
                <Time value={d.updatedAt.toISOString()} />
              </td>
              <td>
                <Actions lang={lang} d={d} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager
        lang={lang}
        view="documents"
        params={q.order ? { ...filters, order: q.order } : filters}
        shown={page.items.length}
        next={page.nextCursor}
        total={total}
      />
    </section>
  );
}

/** One document: its record, versions (ingestion jobs) with their errors, chunks per version, and actions. */
export async function documentView({ deps, principal, lang, query }: Screen) {
  const { id } = parsed(OneQuery, queryObject(query));
  const { document: d, jobs, chunkVersions, organizations } = await documentDetail(deps.ctx, principal, id);
  const iso = (v: Date | null) => v?.toISOString() ?? null;
  const fact = (label: Parameters<typeof t>[1], value: unknown) => (
    <>
      <dt>{t(lang, label)}</dt>
      <dd>{value}</dd>
    </>
  );
  return (
    <section>
      <Title>{d.title}</Title>
      <p>
        <ViewLink view="documents">← {t(lang, "back")}</ViewLink>
      </p>
      <dl class="facts" id="document-facts">
        {fact("status", <States lang={lang} d={{ ...d, hidden: d.deletedAt !== null }} />)}
        {fact("portal", d.portalId)}
        {fact("sourceDocumentId", <code>{d.sourceDocumentId}</code>)}
        {fact("sourceVersion", d.sourceVersion)}
        {fact("indexedVersion", d.indexedVersion ?? "-")}
        {fact("securityLevel", SECURITY_LEVELS[d.securityLevel])}
        {fact("classification", d.classification)}
        {fact("organizationsOf", organizations.map((o) => o.isPublic ? t(lang, "publicBucket") : o.name).join(", "))}
        {fact("contentType", d.contentType)}
        {fact("location", d.contentLocator)}
        {fact("size", d.sizeBytes)}
        {fact("chunks", d.chunkCount)}
        {fact("fetchApproved", t(lang, d.fetchApproved ? "yes" : "no"))}
        {fact(
          "error",
          d.error
            ? (
              <span class="error-text">
                <code>{d.errorCode}</code> {d.error}
              </span>
            )
            : "-",
        )}
        {fact("createdAt", <Time value={iso(d.createdAt)} />)}
        {fact("lastIngested", <Time value={iso(d.lastIngestedAt)} />)}
      </dl>
      <p>
        <Actions lang={lang} d={{ ...d, hidden: d.deletedAt !== null }} then="documents" />
      </p>
      <h3>{t(lang, "versions")}</h3>
      <table id="document-jobs">
        <thead>
          <tr>
            <th>{t(lang, "sourceVersion")}</th>
            <th>{t(lang, "status")}</th>
            <th>{t(lang, "attempts")}</th>
            <th>{t(lang, "error")}</th>
            <th>{t(lang, "createdAt")}</th>
            <th>{t(lang, "finishedAt")}</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((j) => (
            <tr data-job-status={j.status}>
              <td>{j.sourceVersion}</td>
              <td>
                <Badge lang={lang} value={j.status} />
              </td>
              <td class="num">{j.attempts}</td>
              <td class="error-text">
                {j.errorCode && <code>{j.errorCode}</code>} {j.error ?? ""}
              </td>
              <td>
                <Time value={iso(j.createdAt)} />
              </td>
              <td>
                <Time value={iso(j.finishedAt)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t(lang, "chunksByVersion")}</h3>
      <table id="document-chunks">
        <thead>
          <tr>
            <th>{t(lang, "sourceVersion")}</th>
            <th>{t(lang, "chunks")}</th>
            <th>{t(lang, "visible")}</th>
          </tr>
        </thead>
        <tbody>
          {chunkVersions.map((c) => (
            <tr>
              <td>{c.sourceVersion}</td>
              <td class="num">{c.chunks}</td>
              <td class="num">{c.visible}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
