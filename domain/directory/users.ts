/** Reading directory users: the DirectoryUser wire record, the page walk and the change feed. */
import * as users from "@/sql/directory/users.ts";
import type { UserRow } from "@/sql/directory/users.ts";
import { notFound } from "@/domain/errors.ts";
import type { DirectoryContext } from "./context.ts";
import { assertNotPurged, containsPattern, type Page, splitPage, type Tombstone } from "./paging.ts";

/** The DirectoryUser of the seed, plus companyId, companyDefaultLocale and clearanceLevel. */
export interface DirectoryUser {
  id: string;
  loginId: string;
  name: string;
  koreanName: string;
  englishName: string;
  email: string;
  jobTitle: string;
  position: string;
  employeeNo: string | null;
  isDepartmentHead: boolean;
  departmentId: string | null;
  departmentName: string | null;
  deptCode: string | null;
  employmentStatus: users.EmploymentStatus;
  isEmployed: boolean;
  isActive: boolean;
  clearanceLevel: number;
  version: number;
  updatedAt: string;
  companyId: string;
  companyDefaultLocale: string;
}

/** Builds the wire record, deriving the backward-compatible `name` and `isEmployed`. */
export function toDirectoryUser(r: UserRow): DirectoryUser {
  return {
    id: r.id,
    loginId: r.loginId,
    name: r.koreanName || r.englishName,
    koreanName: r.koreanName,
    englishName: r.englishName,
    email: r.email,
    jobTitle: r.jobTitle,
    position: r.position,
    employeeNo: r.employeeNo,
    isDepartmentHead: r.isDepartmentHead,
    departmentId: r.departmentId,
    departmentName: r.departmentName,
    deptCode: r.deptCode,
    employmentStatus: r.employmentStatus,
    isEmployed: r.employmentStatus === "ACTIVE",
    isActive: r.isActive,
    clearanceLevel: r.clearanceLevel,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
    companyId: r.companyId,
    companyDefaultLocale: r.companyDefaultLocale,
  };
}

/** Query of `GET /users`. */
export interface UserListQuery {
  companyId?: string;
  departmentId?: string;
  onlyActive: boolean;
  q?: string;
  limit: number;
  cursor?: string;
  updatedSince?: number;
}

const filterOf = (query: UserListQuery): users.UserFilter => ({
  companyId: query.companyId ?? null,
  departmentId: query.departmentId ?? null,
  onlyActive: query.onlyActive,
  like: containsPattern(query.q),
});

/**
 * Lists users. Without `updatedSince` it walks live users in id order, so a walk
 * sees every user that existed when it started, and was not deleted, exactly once.
 * With `updatedSince` it is the change feed: users changed after that version in
 * version order; a user that was deleted, or no longer matches the filters, comes
 * as a tombstone so a portal's copy of the filtered set stays exact.
 */
export async function listUsers(ctx: DirectoryContext, query: UserListQuery): Promise<Page<DirectoryUser | Tombstone>> {
  if (query.updatedSince !== undefined) return await listUserChanges(ctx, query, query.updatedSince);
  const after = query.cursor ? String(ctx.cursors.decode("users", query.cursor)[0]) : null;
  const rows = await users.listUsers(ctx.sql, filterOf(query), after, query.limit + 1);
  const { page, more } = splitPage(rows, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toDirectoryUser(r as UserRow)),
    nextCursor: more && last ? ctx.cursors.encode("users", [last.id!]) : null,
    dataVersion: rows[0].dataVersion,
  };
}

async function listUserChanges(ctx: DirectoryContext, query: UserListQuery, since: number) {
  const after = query.cursor ? ctx.cursors.decode("user-changes", query.cursor) : null;
  const rows = await users.listUserChanges(
    ctx.sql,
    since,
    filterOf(query),
    after ? { version: Number(after[0]), id: String(after[1]) } : null,
    query.limit + 1,
  );
  assertNotPurged(since, rows[0].purgedThrough);
  const { page, more } = splitPage(rows, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r): DirectoryUser | Tombstone =>
      r.matches ? toDirectoryUser(r as UserRow) : { id: r.id!, deleted: true, version: r.version! }
    ),
    nextCursor: more && last ? ctx.cursors.encode("user-changes", [last.version!, last.id!]) : null,
    dataVersion: rows[0].dataVersion,
  };
}

/** One live user, or 404. */
export async function getUser(ctx: DirectoryContext, id: string): Promise<DirectoryUser> {
  const row = await users.getUser(ctx.sql, id);
  if (!row) throw notFound("The user");
  return toDirectoryUser(row);
}
