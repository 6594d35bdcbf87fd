/** Screen: companies, and adding one. */
import * as directory from "@/domain/directory/mod.ts";
import { type Lang, orgName, t } from "../_i18n.ts";
import { Badge, Pager, Time, Title } from "../../_console_kit/mod.ts";
import { allCompanies } from "./_data.ts";

/** The companies screen. */
export async function companiesView(ctx: directory.DirectoryContext, lang: Lang) {
  const companies = await allCompanies(ctx);
  return (
    <section>
      <Title>{t(lang, "companies")}</Title>
      <table id="companies" data-sortable="">
        <thead>
          <tr>
            <th>{t(lang, "code")}</th>
            <th>{t(lang, "name")}</th>
            <th>{t(lang, "nameEn")}</th>
            <th>{t(lang, "locale")}</th>
            <th>{t(lang, "state")}</th>
            <th>{t(lang, "version")}</th>
            <th>{t(lang, "updatedAt")}</th>
          </tr>
        </thead>
        <tbody>
          {companies.map((c) => (
            <tr data-company={c.code}>
              <td>{c.code}</td>
              <td class="name">{orgName(lang, c)}</td>
              <td>{c.nameEn}</td>
              <td>{c.defaultLocale}</td>
              <td>
                <Badge lang={lang} value={c.isActive ? "ACTIVE" : "INACTIVE"} />
              </td>
              <td>{c.version}</td>
              <td>
                <Time value={c.updatedAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager lang={lang} view="companies" params={{}} shown={companies.length} />
      <form class="inline" data-api="POST /api/directory/v1/admin/companies" data-done={t(lang, "saved")}>
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
          {t(lang, "locale")} <input name="defaultLocale" value="ko" />
        </label>
        <button type="submit">{t(lang, "create")}</button>
      </form>
    </section>
  );
}
