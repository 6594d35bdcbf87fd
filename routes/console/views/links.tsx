/** The screen of content-term links: those of a content key or of a term. */
import * as directory from "@/domain/directory/mod.ts";
import { type Lang, t } from "../_i18n.ts";
import { Badge, Pager, Time, Title, ViewLink } from "../../_console_kit/mod.ts";
import { queryUuid } from "./_data.ts";

/** Links of a content key (or of a term), tombstones included, and how many there are. */
export async function linksView(ctx: directory.DirectoryContext, lang: Lang, q: URLSearchParams) {
  const contentKey = q.get("contentKey") ?? "";
  const termId = queryUuid(q, "termId") ?? "";
  const query = { contentKey: contentKey || undefined, termId: termId || undefined, includeDeleted: true };
  const page = (contentKey || termId)
    ? await directory.listLinks(ctx, { ...query, includeTerm: true, limit: 100, cursor: q.get("cursor") ?? undefined })
    : null;
  const total = page ? await directory.countLinks(ctx, { ...query, includeTerm: true }) : undefined;
  const rows = page ? JSON.parse(page.items) as Array<Record<string, unknown> & { term?: { notation: string } }> : [];
  return (
    <section>
      <Title>{t(lang, "links")}</Title>
      <form class="inline" data-view-form="links">
        <label>
          {t(lang, "contentKey")} <input name="contentKey" value={contentKey} placeholder="portal:type:id" />
        </label>
        <button type="submit">{t(lang, "search")}</button>
      </form>
      <table id="links" data-sortable="">
        <thead>
          <tr>
            <th>{t(lang, "contentKey")}</th>
            <th>{t(lang, "notation")}</th>
            <th>{t(lang, "detectedBy")}</th>
            <th>{t(lang, "state")}</th>
            <th>{t(lang, "updatedAt")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((l) => (
            <tr key={`${l.contentKey}:${l.termId}`} data-link={`${l.contentKey}|${l.term?.notation}`}>
              <td>
                <code>{String(l.contentKey)}</code>
              </td>
              <td>
                <ViewLink view={`term?id=${l.termId}`}>{l.term?.notation ?? String(l.termId)}</ViewLink>
              </td>
              <td>{String(l.detectedBy)}</td>
              <td>
                <Badge lang={lang} value={l.deleted ? "DELETED" : "ACTIVE"} />
              </td>
              <td>
                <Time value={String(l.updatedAt)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {page && (
        <Pager
          lang={lang}
          view="links"
          params={{ ...(contentKey ? { contentKey } : {}), ...(termId ? { termId } : {}) }}
          shown={rows.length}
          next={page.nextCursor}
          total={total}
        />
      )}
    </section>
  );
}
