/** Screen: one company's departments as a tree, deactivation, and adding one. */
import * as directory from "@/domain/directory/mod.ts";
import { type Lang, orgName, t } from "../_i18n.ts";
import { Badge, Pager, Title } from "../../_console_kit/mod.ts";
import { allCompanies, allDepartments, queryUuid } from "./_data.ts";

/** The departments screen. */
export async function departmentsView(ctx: directory.DirectoryContext, lang: Lang, q: URLSearchParams) {
  const companies = await allCompanies(ctx);
  const companyId = queryUuid(q, "companyId") ?? companies[0]?.id;
  const includeInactive = q.get("includeInactive") === "true";
  const departments = await allDepartments(ctx, companyId, includeInactive);
  const name = (d: directory.Department) => orgName(lang, d);
  return (
    <section>
      <Title>{t(lang, "departments")}</Title>
      <form class="inline" data-view-form="departments">
        <label>
          {t(lang, "company")}{" "}
          <select name="companyId">
            {companies.map((c) => (
              <option key={c.id} value={c.id} selected={c.id === companyId}>{c.code} {orgName(lang, c)}</option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" name="includeInactive" value="true" checked={includeInactive} />{" "}
          {t(lang, "includeInactive")}
        </label>
        <button type="submit">{t(lang, "search")}</button>
      </form>
      <ul class="tree">
        {departments.map((d) => (
          <li class={`depth-${Math.min(d.depth, 9)}`} data-department={d.code}>
            <strong>{name(d)}</strong> <code>{d.code}</code> {!d.isActive && <Badge lang={lang} value="INACTIVE" />}
            {" "}
            {d.isActive && (
              <button
                type="button"
                data-action={`POST /api/directory/v1/admin/departments/${d.id}/deactivate`}
                data-confirm={t(lang, "confirm")}
              >
                {t(lang, "deactivate")}
              </button>
            )}
          </li>
        ))}
      </ul>
      <Pager lang={lang} view="departments" params={{}} shown={departments.length} />
      <form class="inline" data-api="POST /api/directory/v1/admin/departments" data-done={t(lang, "saved")}>
        <input type="hidden" name="companyId" value={companyId} />
        <label>
          {t(lang, "code")} <input name="code" required />
        </label>
        <label>
          {t(lang, "name")} <input name="name" required />
        </label>
        <label>
          {t(lang, "nameEn")} <input name="nameEn" data-empty="omit" />
        </label>
        <label>
          {t(lang, "parent")}{" "}
          <select name="parentId" data-empty="null">
            <option value="">{t(lang, "none")}</option>
            {departments.map((d) => <option key={d.id} value={d.id}>{"· ".repeat(d.depth)}{name(d)}</option>)}
          </select>
        </label>
        <label>
          {t(lang, "sortOrder")} <input name="sortOrder" type="number" data-type="number" value="0" min="0" />
        </label>
        <button type="submit">{t(lang, "create")}</button>
      </form>
    </section>
  );
}
