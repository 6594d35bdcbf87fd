/** Screens of the glossary: the review queue and term list, one term with its relations. */
import * as directory from "@/domain/directory/mod.ts";
import { type Lang, t } from "../_i18n.ts";
import {
  Badge,
  FieldError,
  Pager,
  PageSize,
  pageSizeOf,
  statusLabel,
  Title,
  ViewLink,
} from "../../_console_kit/mod.ts";
import { requiredUuid } from "./_data.ts";
import { PendingRevisions } from "./revisions.tsx";

const STATUSES = ["proposed", "approved", "rejected", "deprecated"] as const;

/** Terms of one status (`proposed` is the review queue, with each term's evidence) and how many there are. */
export async function termsView(ctx: directory.DirectoryContext, lang: Lang, q: URLSearchParams) {
  const status = (STATUSES as readonly string[]).includes(q.get("status") ?? "")
    ? q.get("status") as directory.TermStatus
    : "proposed";
  const text = q.get("q") ?? "";
  const query = { status, q: text || undefined, limit: pageSizeOf(q) };
  const page = await directory.listTerms(ctx, { ...query, cursor: q.get("cursor") ?? undefined });
  const total = await directory.countTerms(ctx, query);
  const terms = JSON.parse(page.items) as directory.Term[];
  return (
    <section>
      <Title>{t(lang, status === "proposed" ? "reviewQueue" : "terms")}</Title>
      <p>
        {STATUSES.map((s) => (
          <span key={s}>
            <ViewLink view={`terms?status=${s}`}>{t(lang, s)}</ViewLink> ·
          </span>
        ))}
      </p>
      <form class="inline" data-view-form="terms">
        <input type="hidden" name="status" value={status} />
        <label>
          {t(lang, "search")} <input name="q" value={text} />
        </label>
        <PageSize lang={lang} value={pageSizeOf(q)} />
        <button type="submit">{t(lang, "search")}</button>
      </form>
      <table id="terms" data-sortable="">
        <thead>
          <tr>
            <th>{t(lang, "notation")}</th>
            <th>{t(lang, "definition")}</th>
            <th>{t(lang, "evidence")}</th>
            <th>{t(lang, "state")}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {terms.map((term) => (
            <tr key={term.id} data-term={term.notation}>
              <td>
                <ViewLink view={`term?id=${term.id}`}>{term.notation}</ViewLink>
                {term.aliases.length > 0 && <div class="hint">{term.aliases.join(", ")}</div>}
              </td>
              <td>{term.definition}</td>
              <td>
                {term.evidence.map((e) => (
                  <div key={e.contentKey}>
                    <code>{e.contentKey}</code> {e.excerpt ?? ""}
                  </div>
                ))}
              </td>
              <td>
                <Badge lang={lang} value={term.status} /> {!term.isActive && <Badge lang={lang} value="INACTIVE" />}
              </td>
              <td>{status === "proposed" && <Decisions lang={lang} term={term} then={`terms?status=proposed`} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager
        lang={lang}
        view="terms"
        params={{ status, ...(text ? { q: text } : {}), limit: String(pageSizeOf(q)) }}
        shown={terms.length}
        next={page.nextCursor}
        total={total}
      />
    </section>
  );
}

/** A term's decisions; approval names the version on screen, so a term edited since is refused, not approved. */
function Decisions({ lang, term, then }: { lang: Lang; term: directory.Term; then: string }) {
  const api = `/api/directory/v1/admin/terms/${term.id}`;
  return (
    <>
      {term.status !== "approved" && (
        <button type="button" data-action={`POST ${api}/approve?version=${term.version}`} data-then={then}>
          {t(lang, "approve")}
        </button>
      )}{" "}
      {term.status === "proposed" && (
        <button type="button" data-action={`POST ${api}/reject`} data-confirm={t(lang, "confirm")} data-then={then}>
          {t(lang, "reject")}
        </button>
      )}{" "}
      {term.status === "approved" && (
        <button type="button" data-action={`POST ${api}/deprecate`} data-confirm={t(lang, "confirm")} data-then={then}>
          {t(lang, "deprecate")}
        </button>
      )}
    </>
  );
}

/** One term: its edit form, decisions, the revisions portals proposed, relations, and linking content by hand. */
export async function termView(ctx: directory.DirectoryContext, lang: Lang, q: URLSearchParams) {
  const term = await directory.getTermWithRelations(ctx, requiredUuid(q, "id"));
  const pending = JSON.parse(
    (await directory.listRevisions(ctx, { status: "pending", termId: term.id, limit: 100 })).items,
  ) as directory.schemas.TermRevision[];
  const api = `/api/directory/v1/admin/terms/${term.id}`;
  const self = `term?id=${term.id}`;
  return (
    <section>
      <Title>
        {term.notation} <Badge lang={lang} value={term.status} />
      </Title>
      <p>
        <ViewLink view={`terms?status=${term.status}`}>← {t(lang, "back")}</ViewLink> ·{" "}
        <ViewLink view={`links?termId=${term.id}`}>{t(lang, "links")}</ViewLink>
      </p>
      <p>
        <Decisions lang={lang} term={term} then={self} />
      </p>
      <form class="edit" id="term-form" data-api={`PATCH ${api}`} data-done={t(lang, "saved")} data-then={self}>
        <label>
          <span>{t(lang, "notation")}</span> <input name="notation" value={term.notation} />
        </label>
        <label>
          <span>{t(lang, "definition")}</span>{" "}
          <textarea name="definition" rows={5} data-diff-preview="definition-preview">{term.definition}</textarea>
        </label>
        <p id="definition-preview" hidden>
          {t(lang, "definitionChanges")}: <span class="diff"></span>
        </p>
        <label>
          <span>{t(lang, "aliases")}</span> <input name="aliases" data-type="list" value={term.aliases.join(", ")} />
        </label>
        <label>
          <span>{t(lang, "abbreviations")}</span>{" "}
          <input name="abbreviations" data-type="list" value={term.abbreviations.join(", ")} />
        </label>
        <label>
          <span>{t(lang, "scope")}</span> <input name="scope" value={term.scope ?? ""} data-empty="null" />
        </label>
        <label>
          <span>{t(lang, "active")}</span>{" "}
          <input type="checkbox" name="isActive" data-type="bool" checked={term.isActive} />
        </label>
        <button type="submit">{t(lang, "save")}</button>
      </form>
      <PendingRevisions lang={lang} revisions={pending} then={self} />
      <h3>{t(lang, "relations")}</h3>
      <table id="relations">
        <tbody>
          {term.relations.map((r) => (
            <tr key={r.id}>
              <td>{r.sourceNotation}</td>
              <td>
                <Badge lang={lang} value={r.type} />
              </td>
              <td>{r.targetNotation ?? <code>{r.targetId}</code>}</td>
              <td>
                <button type="button" data-action={`DELETE /api/directory/v1/admin/relations/${r.id}`} data-then={self}>
                  {t(lang, "delete")}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form class="inline" data-api="POST /api/directory/v1/admin/relations" data-then={self}>
        <input type="hidden" name="sourceId" value={term.id} />
        <label>
          {t(lang, "relationType")}{" "}
          <select name="type">
            {["broader", "narrower", "related", "synonym", "part_of", "references"].map((r) => (
              <option key={r} value={r}>{statusLabel(lang, r)}</option>
            ))}
          </select>
        </label>
        <label>
          {t(lang, "target")} <input name="targetId" required placeholder="term id | portal:type:id" />
        </label>
        <button type="submit">{t(lang, "create")}</button>
      </form>
      {term.status === "approved" && term.isActive && (
        <>
          <h3>{t(lang, "manualLink")}</h3>
          <form
            class="inline"
            id="manual-link"
            data-api="POST /api/directory/v1/admin/content-term-links"
            data-done={t(lang, "saved")}
            data-then={`links?termId=${term.id}`}
          >
            <input type="hidden" name="termId" value={term.id} />
            <label>
              {t(lang, "contentKey")} <input name="contentKey" required placeholder="portal:type:id" />
            </label>
            <FieldError field="contentKey" />
            <button type="submit">{t(lang, "link")}</button>
          </form>
        </>
      )}
      <h3>{t(lang, "evidence")}</h3>
      <ul>
        {term.evidence.map((e) => (
          <li key={e.contentKey}>
            <code>{e.contentKey}</code> {e.excerpt ?? ""}
          </li>
        ))}
      </ul>
    </section>
  );
}
