/** Screens: common user groups and one group's members. */
import * as directory from "@/domain/directory/mod.ts";
import { displayName, type Lang, t } from "../_i18n.ts";
import { Badge, Pager, Time, Title, ViewLink } from "../../_console_kit/mod.ts";
import { departmentNames, requiredUuid } from "./_data.ts";

async function allGroups(ctx: directory.DirectoryContext): Promise<directory.UserGroup[]> {
  const out: directory.UserGroup[] = [];
  let cursor: string | undefined;
  do {
    const page = await directory.listGroups(ctx, { limit: 1000, cursor });
    out.push(...JSON.parse(page.items));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out.filter((g) => !g.deleted);
}

/** The groups screen. */
export async function groupsView(ctx: directory.DirectoryContext, lang: Lang) {
  const groups = await allGroups(ctx);
  return (
    <section>
      <Title>{t(lang, "groups")}</Title>
      <table id="groups" data-sortable="">
        <thead>
          <tr>
            <th>{t(lang, "code")}</th>
            <th>{t(lang, "name")}</th>
            <th>{t(lang, "memberCount")}</th>
            <th>{t(lang, "version")}</th>
            <th>{t(lang, "updatedAt")}</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr data-group={g.code}>
              <td>
                <ViewLink view={`group?id=${g.id}`}>{g.code}</ViewLink>
              </td>
              <td>{g.name}</td>
              <td>{g.memberIds.length}</td>
              <td>{g.version}</td>
              <td>
                <Time value={g.updatedAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager lang={lang} view="groups" params={{}} shown={groups.length} />
    </section>
  );
}

/** One group with its members' names and states. */
export async function groupView(ctx: directory.DirectoryContext, lang: Lang, q: URLSearchParams) {
  const id = requiredUuid(q, "id");
  const group = (await allGroups(ctx)).find((g) => g.id === id);
  if (!group) return <p>{t(lang, "none")}</p>;
  const members = await Promise.all(group.memberIds.map((m) => directory.getUser(ctx, m).catch(() => null)));
  const departmentOf = await departmentNames(ctx, lang);
  return (
    <section>
      <Title>
        {group.name} <small>{group.code}</small>
      </Title>
      <p>
        <ViewLink view="groups">← {t(lang, "back")}</ViewLink>
      </p>
      <p>{group.description}</p>
      <table>
        <thead>
          <tr>
            <th>{t(lang, "name")}</th>
            <th>{t(lang, "loginId")}</th>
            <th>{t(lang, "department")}</th>
            <th>{t(lang, "employment")}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((u, i) =>
            u
              ? (
                <tr>
                  <td>
                    <ViewLink view={`user?id=${u.id}`}>{displayName(lang, u)}</ViewLink>
                  </td>
                  <td>{u.loginId}</td>
                  <td>{departmentOf(u)}</td>
                  <td>
                    <Badge lang={lang} value={u.employmentStatus} />
                  </td>
                </tr>
              )
              : (
                <tr>
                  <td colspan={4}>
                    {group.memberIds[i]} <Badge lang={lang} value="DELETED" />
                  </td>
                </tr>
              )
          )}
        </tbody>
      </table>
    </section>
  );
}
