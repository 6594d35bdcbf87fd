/** Statements on directory users. */
import { type Db, loadQueries, type RowOf, typed } from "@/sql/mod.ts";

/** The columns of a page the database renders: the items as a JSON array text, and where the page ended. */
export const RENDERED_PAGE = { dataVersion: "int8", items: "text", more: "bool" } as const;

const q = loadQueries(new URL("./users.sql", import.meta.url), {
  list_users: {
    params: ["uuid?", "uuid?", "bool", "text?", "uuid?", "int4"],
    columns: { ...RENDERED_PAGE, lastId: "uuid?" },
  },
  list_user_changes: {
    params: ["int8", "uuid?", "int8?", "uuid?", "int4", "uuid?", "bool", "text?"],
    columns: { ...RENDERED_PAGE, purgedThrough: "int8", lastVersion: "int8?", lastId: "uuid?" },
  },
  get_user: { params: ["uuid"], columns: { doc: typed<DirectoryUser>("json") } },
  get_user_by_login: { params: ["text"], columns: { doc: typed<DirectoryUser>("json") } },
  users_by_login: {
    params: ["_text"],
    columns: {
      id: "uuid",
      loginKey: "text",
      loginId: "text",
      companyId: "uuid",
      koreanName: "text",
      englishName: "text",
      email: "text",
      jobTitle: "text",
      position: "text",
      employeeNo: "text?",
      isDepartmentHead: "bool",
      departmentId: "uuid?",
      employmentStatus: typed<EmploymentStatus>("text"),
      isActive: "bool",
      clearanceLevel: "int2",
    },
  },
  users_by_employee_no: {
    params: ["_uuid", "_text"],
    // The join on the given numbers keeps users without one out.
    columns: { id: "uuid", companyId: "uuid", employeeNo: "text!", loginKey: "text" },
  },
  upsert_users: { params: ["jsonb", "int8"], columns: { id: "uuid", loginKey: "text", inserted: "bool" } },
  update_user: { params: ["uuid", "int8", "int8", "jsonb"], columns: { id: "uuid" } },
  set_user_active: { params: ["uuid", "bool", "int8"], columns: { id: "uuid" } },
  delete_user: { params: ["uuid", "int8"], columns: { id: "uuid" } },
  touch_users_of_department: { params: ["uuid", "int8"] },
  touch_users_of_company: { params: ["uuid", "int8"] },
  purge_user_tombstones: { params: ["int4"], columns: { maxVersion: "int8?", purged: "int4" } },
  purge_company_departures: { params: ["int4"], columns: { maxVersion: "int8?", purged: "int4" } },
});

/** Employment status of a user. */
export type EmploymentStatus = "ACTIVE" | "LEAVE" | "RETIRED";

/** The DirectoryUser wire record (seed fields plus companyId, companyDefaultLocale, clearanceLevel), rendered by user_view. */
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
  employmentStatus: EmploymentStatus;
  isEmployed: boolean;
  isActive: boolean;
  clearanceLevel: number;
  version: number;
  updatedAt: string;
  companyId: string;
  companyDefaultLocale: string;
}

/** The stored fields of a user, as writes supply them whole. */
export interface UserRecord {
  companyId: string;
  loginId: string;
  koreanName: string;
  englishName: string;
  email: string;
  jobTitle: string;
  position: string;
  employeeNo: string | null;
  isDepartmentHead: boolean;
  departmentId: string | null;
  employmentStatus: EmploymentStatus;
  isActive: boolean;
  clearanceLevel: number;
}

/** Filters shared by the list and the change feed. */
export interface UserFilter {
  companyId: string | null;
  departmentId: string | null;
  onlyActive: boolean;
  /** A lowercase LIKE pattern, already escaped. */
  like: string | null;
}

/** One page of live users after `afterId`. */
export async function listUsers(db: Db, a: { filter: UserFilter; afterId: string | null; limit: number }) {
  const f = a.filter;
  const [row] = await q.list_users(db, [f.companyId, f.departmentId, f.onlyActive, f.like, a.afterId, a.limit]);
  return row;
}

/** One page of the users change feed after `since` (or after the `after` key), with the purge horizon. */
export async function listUserChanges(
  db: Db,
  a: { since: number; filter: UserFilter; after: { version: number; id: string } | null; limit: number },
) {
  const f = a.filter;
  const [row] = await q.list_user_changes(db, [
    a.since,
    f.companyId,
    a.after?.version ?? null,
    a.after?.id ?? null,
    a.limit,
    f.departmentId,
    f.onlyActive,
    f.like,
  ]);
  return row;
}

/** One live user's wire record. */
export async function getUser(db: Db, id: string): Promise<DirectoryUser | undefined> {
  const [row] = await q.get_user(db, [id]);
  return row?.doc;
}

/** One live user's wire record by login id (any case). */
export async function getUserByLogin(db: Db, loginId: string): Promise<DirectoryUser | undefined> {
  const [row] = await q.get_user_by_login(db, [loginId]);
  return row?.doc;
}

/** An existing user's stored fields, found by login id. */
export type ExistingUser = RowOf<typeof q.users_by_login>;

/** Live users by lowercase login id. */
export function usersByLogin(db: Db, loginKeys: string[]): Promise<ExistingUser[]> {
  return q.users_by_login(db, [loginKeys]);
}

/** Live holders of (company, employee number) pairs. */
export function usersByEmployeeNo(db: Db, pairs: Array<{ companyId: string; employeeNo: string }>) {
  return q.users_by_employee_no(db, [
    pairs.map((p) => p.companyId),
    pairs.map((p) => p.employeeNo),
  ]);
}

/** Inserts or updates whole records; returns the rows written (unchanged ones are absent). */
export function upsertUsers(db: Db, a: { records: UserRecord[]; version: number }) {
  return q.upsert_users(db, [a.records, a.version]);
}

/** Writes a whole record when `expectedVersion` still matches; false when it did not. */
export async function updateUser(
  db: Db,
  a: { id: string; expectedVersion: number; version: number; record: UserRecord },
): Promise<boolean> {
  const rows = await q.update_user(db, [a.id, a.expectedVersion, a.version, a.record]);
  return rows.length === 1;
}

/** Sets the active flag; false when the user is absent or already in that state. */
export async function setUserActive(db: Db, a: { id: string; active: boolean; version: number }): Promise<boolean> {
  return (await q.set_user_active(db, [a.id, a.active, a.version])).length === 1;
}

/** Tombstones a user; false when absent. */
export async function deleteUser(db: Db, a: { id: string; version: number }): Promise<boolean> {
  return (await q.delete_user(db, [a.id, a.version])).length === 1;
}

/** New version for the users of a department whose name or code changed. */
export async function touchUsersOfDepartment(db: Db, a: { departmentId: string; version: number }): Promise<void> {
  await q.touch_users_of_department(db, [a.departmentId, a.version]);
}

/** New version for the users of a company whose default locale changed. */
export async function touchUsersOfCompany(db: Db, a: { companyId: string; version: number }): Promise<void> {
  await q.touch_users_of_company(db, [a.companyId, a.version]);
}

/** Deletes tombstones past retention. */
export async function purgeUserTombstones(
  db: Db,
  days: number,
): Promise<{ maxVersion: number | null; purged: number }> {
  const [row] = await q.purge_user_tombstones(db, [days]);
  return row;
}

/** Deletes moves out of companies past retention (their tombstones leave the company feeds). */
export async function purgeCompanyDepartures(
  db: Db,
  days: number,
): Promise<{ maxVersion: number | null; purged: number }> {
  const [row] = await q.purge_company_departures(db, [days]);
  return row;
}
