/**
 * Screens of the glossary's approval gate for edits: the revisions portals proposed to approved terms, each shown
 * as a diff of the term's text now against what the revision would write, with approve and reject.
 */
import * as directory from "@/domain/directory/mod.ts";
import { type Lang, t } from "../_i18n.ts";
import { Badge, Pager, pageSizeOf, TextDiff, Time, Title, ViewLink } from "../../_console_kit/mod.ts";
import { queryUuid } from "./_data.ts";

const STATUSES = ["pending", "approved", "rejected", "superseded"] as const;
type Changes = directory.schemas.TermRevision["changes"];

/** Two lists as one: kept items plain, removed ones struck out, added ones inserted. */
function ListDiff({ before, after }: { before: string[]; after: string[] }) {
  const items = [
    ...before.map((s) => after.includes(s) ? <span key={`=${s}`}>{s}</span> : <del key={`-${s}`}>{s}</del>),
    ...after.filter((s) => !before.includes(s)).map((s) => <ins key={`+${s}`}>{s}</ins>),
  ];
  return <span class="diff list">{items}</span>;
}

/** Each field a revision changes, as a diff of the term's value now against the revision's. */
function RevisionDiff({ lang, revision }: { lang: Lang; revision: directory.schemas.TermRevision }) {
  const { changes, current } = revision;
  const rows = (Object.keys(changes) as (keyof Changes)[]).map((field) => {
    const [before, after] = [current[field], changes[field]];
    const shown = Array.isArray(before) || Array.isArray(after)
      ? <ListDiff before={(before ?? []) as string[]} after={(after ?? []) as string[]} />
      : <TextDiff before={String(before ?? "")} after={String(after ?? "")} />;
    return (
      <tr key={field} data-field={field}>
        <th>{t(lang, field)}</th>
        <td>{shown}</td>
      </tr>
    );
  });
  return (
    <table class="revision-diff">
      <tbody>{rows}</tbody>
    </table>
  );
}

/** Approve and reject for a pending revision, reloading `then`. */
function RevisionDecisions(
  { lang, revision, then }: { lang: Lang; revision: directory.schemas.TermRevision; then: string },
) {
  if (revision.status !== "pending") return null;
  const api = `/api/directory/v1/admin/term-revisions/${revision.id}`;
  return (
    <>
      <button type="button" data-action={`POST ${api}/approve`} data-then={then}>{t(lang, "approve")}</button>{" "}
      <button type="button" data-action={`POST ${api}/reject`} data-confirm={t(lang, "confirm")} data-then={then}>
        {t(lang, "reject")}
      </button>
    </>
  );
}

/** The revisions of one term that wait for a decision, with their diffs and decisions (nothing when none). */
export function PendingRevisions(
  { lang, revisions, then }: { lang: Lang; revisions: directory.schemas.TermRevision[]; then: string },
) {
  if (revisions.length === 0) return null;
  return (
    <>
      <h3>{t(lang, "pendingRevisions")}</h3>
      <table id="term-revisions">
        <tbody>
          {revisions.map((r) => (
            <tr key={r.id} data-revision={r.id}>
              <td>
                <code>{r.proposedBy}</code> <Time value={r.createdAt} />
              </td>
              <td>
                <RevisionDiff lang={lang} revision={r} />
              </td>
              <td>
                <RevisionDecisions lang={lang} revision={r} then={then} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Revisions of one status (the review queue is `pending`), optionally of one term. */
export async function revisionsView(ctx: directory.DirectoryContext, lang: Lang, q: URLSearchParams) {
  const status = (STATUSES as readonly string[]).includes(q.get("status") ?? "")
    ? q.get("status") as directory.RevisionStatus
    : "pending";
  const termId = queryUuid(q, "termId");
  const query = { status, termId, limit: pageSizeOf(q) };
  const page = await directory.listRevisions(ctx, { ...query, cursor: q.get("cursor") ?? undefined });
  const total = await directory.countRevisions(ctx, query);
  const revisions = JSON.parse(page.items) as directory.schemas.TermRevision[];
  const params = { status, ...(termId ? { termId } : {}), limit: String(pageSizeOf(q)) };
  const self = `revisions?${new URLSearchParams(params)}`;
  return (
    <section>
      <Title>{t(lang, "revisions")}</Title>
      <p>
        {STATUSES.map((s) => (
          <span key={s}>
            <ViewLink view={`revisions?status=${s}`}>{t(lang, s)}</ViewLink> ·
          </span>
        ))}
      </p>
      <table id="revisions">
        <thead>
          <tr>
            <th>{t(lang, "notation")}</th>
            <th>{t(lang, "edits")}</th>
            <th>{t(lang, "proposedBy")}</th>
            <th>{t(lang, "createdAt")}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {revisions.map((r) => (
            <tr key={r.id} data-revision={r.id} data-term={r.notation}>
              <td>
                <ViewLink view={`term?id=${r.termId}`}>{r.notation}</ViewLink> <Badge lang={lang} value={r.status} />
              </td>
              <td>
                <RevisionDiff lang={lang} revision={r} />
              </td>
              <td>
                <code>{r.proposedBy}</code>
              </td>
              <td>
                <Time value={r.createdAt} />
              </td>
              <td>
                <RevisionDecisions lang={lang} revision={r} then={self} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager
        lang={lang}
        view="revisions"
        params={params}
        shown={revisions.length}
        next={page.nextCursor}
        total={total}
      />
    </section>
  );
}
