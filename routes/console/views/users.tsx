/** Screens: users (search, filter, page) and one user's edit form. */
import * as directory from "@/domain/directory/mod.ts";
import { displayName, type Lang, orgName, t } from "../_i18n.ts";
import {
  Badge,
  OrderHeader,
  orderOf,
  Pager,
  PageSize,
  pageSizeOf,
  statusLabel,
  Time,
  Title,
  ViewLink,
} from "../../_console_kit/mod.ts";
import { allCompanies, allDepartments, departmentNames, queryUuid, requiredUuid } from "./_data.ts";

const LEVELS = ["PUBLIC", "INTERNAL", "CONFIDENTIAL", "RESTRICTED"];

/**
 * The users screen: one page of the list in the order a header chose across all pages (or in id order), and how
 * many users the filters match.
 */
export async function usersView(ctx: directory.DirectoryContext, lang: Lang, q: URLSearchParams) {
  const order = orderOf(q, directory.USER_ORDERS);
  const params = {
    q: q.get("q") ?? "",
    companyId: queryUuid(q, "companyId") ?? "",
    onlyActive: q.get("onlyActive") === "true" ? "true" : "",
    limit: String(pageSizeOf(q)),
  };
  const query = {
    q: params.q || undefined,
    companyId: params.companyId || undefined,
    onlyActive: params.onlyActive === "true",
    limit: Number(params.limit),
    order,
  };
  const page = await directory.listUsers(ctx, { ...query, cursor: q.get("cursor") ?? undefined });
  const total = await directory.countUsers(ctx, query);
  const users = JSON.parse(page.items) as directory.DirectoryUser[];
  const companies = await allCompanies(ctx);
  const departmentOf = await departmentNames(ctx, lang);
  const filters = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== ""));
  const kept = order ? { ...filters, order } : filters;
  const header = (column: string, label: Parameters<typeof t>[1]) => (
    <OrderHeader view="users" params={filters} column={column} order={order}>{t(lang, label)}</OrderHeader>
  );
  return (
    <section>
      <Title>{t(lang, "users")}</Title>
      <form class="inline" data-view-form="users">
        <label>
          {t(lang, "search")} <input name="q" value={params.q} placeholder={t(lang, "searchHint")} />
        </label>
        <label>
          {t(lang, "company")}{" "}
          <select name="companyId">
            <option value="">{t(lang, "allCompanies")}</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id} selected={c.id === params.companyId}>{orgName(lang, c)}</option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" name="onlyActive" value="true" checked={params.onlyActive === "true"} />{" "}
          {t(lang, "onlyActive")}
        </label>
        <PageSize lang={lang} value={Number(params.limit)} />
        {order && <input type="hidden" name="order" value={order} />}
        <button type="submit">{t(lang, "search")}</button>
      </form>
      <table id="users">
        <thead>
          <tr>
            {header("name", "name")}
            {header("loginId", "loginId")}
            <th>{t(lang, "department")}</th>
            <th>{t(lang, "jobTitle")}</th>
            <th>{t(lang, "employment")}</th>
            <th>{t(lang, "state")}</th>
            <th>{t(lang, "clearance")}</th>
            {header("updatedAt", "updatedAt")}
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr data-login={u.loginId}>
              <td>
                <ViewLink view={`user?id=${u.id}`}>{displayName(lang, u)}</ViewLink>
              </td>
              <td>{u.loginId}</td>
              <td>{departmentOf(u)}</td>
              <td>{u.jobTitle}</td>
              <td>
                <Badge lang={lang} value={u.employmentStatus} />
              </td>
              <td>
                <Badge lang={lang} value={u.isActive ? "ACTIVE" : "INACTIVE"} />
              </td>
              <td>{LEVELS[u.clearanceLevel]}</td>
              <td>
                <Time value={u.updatedAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager lang={lang} view="users" params={kept} shown={users.length} next={page.nextCursor} total={total} />
    </section>
  );
}

/** One user's edit form, with deactivate and delete. */
export async function userView(ctx: directory.DirectoryContext, lang: Lang, q: URLSearchParams) {
  const u = await directory.getUser(ctx, requiredUuid(q, "id"));
  const departments = await allDepartments(ctx, u.companyId, true);
  const api = `/api/directory/v1/admin/users/${u.id}`;
  const text = (name: keyof directory.DirectoryUser, label: Parameters<typeof t>[1], empty = "omit") => (
    <label>
      <span>{t(lang, label)}</span> <input name={name} value={String(u[name] ?? "")} data-empty={empty} />
    </label>
  );
  return (
    <section>
      <Title>
        {displayName(lang, u)} <small>{u.loginId}</small>
      </Title>
      <p>
        <ViewLink view="users">← {t(lang, "back")}</ViewLink> ·{" "}
        <ViewLink view={`dashboard-user?userId=${u.id}`}>{t(lang, "perUser")}</ViewLink>
      </p>
      <form
        class="edit"
        id="user-form"
        data-api={`PATCH ${api}`}
        data-done={t(lang, "saved")}
        data-then={`user?id=${u.id}`}
      >
        <input type="hidden" name="version" value={String(u.version)} data-type="number" />
        {text("koreanName", "koreanName", "")}
        {text("englishName", "englishName", "")}
        {text("email", "email", "")}
        {text("jobTitle", "jobTitle", "")}
        {text("position", "position", "")}
        {text("employeeNo", "employeeNo", "null")}
        <label>
          <span>{t(lang, "department")}</span>{" "}
          <select name="departmentId" data-empty="null">
            <option value="">{t(lang, "none")}</option>
            {departments.map((d) => (
              <option value={d.id} selected={d.id === u.departmentId}>
                {"· ".repeat(d.depth)}
                {orgName(lang, d)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t(lang, "employment")}</span>{" "}
          <select name="employmentStatus">
            {["ACTIVE", "LEAVE", "RETIRED"].map((s) => (
              <option value={s} selected={s === u.employmentStatus}>{statusLabel(lang, s)}</option>
            ))}
          </select>
        </label>
        <label>
          <span>{t(lang, "clearance")}</span>{" "}
          <select name="clearanceLevel" data-type="number">
            {LEVELS.map((l, i) => <option key={l} value={String(i)} selected={i === u.clearanceLevel}>{l}</option>)}
          </select>
        </label>
        <label>
          <span>{t(lang, "departmentHead")}</span>{" "}
          <input type="checkbox" name="isDepartmentHead" data-type="bool" checked={u.isDepartmentHead} />
        </label>
        <label>
          <span>{t(lang, "active")}</span>{" "}
          <input type="checkbox" name="isActive" data-type="bool" checked={u.isActive} />
        </label>
        <p>
          {t(lang, "version")} {u.version} · {t(lang, "updatedAt")} <Time value={u.updatedAt} />
        </p>
        <button type="submit">{t(lang, "save")}</button>{" "}
        <button
          type="button"
          data-action={`POST ${api}/deactivate`}
          data-confirm={t(lang, "confirm")}
          data-then={`user?id=${u.id}`}
        >
          {t(lang, "deactivate")}
        </button>{" "}
        <button type="button" data-action={`DELETE ${api}`} data-confirm={t(lang, "confirm")} data-then="users">
          {t(lang, "delete")}
        </button>
      </form>
    </section>
  );
}
