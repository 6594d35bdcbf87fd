/** Statements on directory users. */
import { type Db, loadQueries } from "@/sql/mod.ts";

const q = loadQueries(new URL("./users.sql", import.meta.url), [
  "list_users",
  "list_user_changes",
  "get_user",
  "users_by_login",
  "users_by_employee_no",
  "upsert_users",
  "update_user",
  "set_user_active",
  "delete_user",
  "touch_users_of_department",
  "touch_users_of_company",
  "purge_user_tombstones",
]);

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

/** A page rendered by the database: the items as a JSON array text, and where the page ended. */
export interface RenderedPage {
  dataVersion: number;
  items: string;
  more: boolean;
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
export async function listUsers(db: Db, f: UserFilter, afterId: string | null, limit: number) {
  const [row] = await q.list_users<RenderedPage & { lastId: string | null }>(db, [
    f.companyId,
    f.departmentId,
    f.onlyActive,
    f.like,
    afterId,
    limit,
  ]);
  return row;
}

/** One page of the users change feed after `since` (or after the `after` key), with the purge horizon. */
export async function listUserChanges(
  db: Db,
  since: number,
  f: UserFilter,
  after: { version: number; id: string } | null,
  limit: number,
) {
  const [row] = await q.list_user_changes<
    RenderedPage & { purgedThrough: number; lastVersion: number | null; lastId: string | null }
  >(db, [since, f.companyId, after?.version ?? null, after?.id ?? null, limit, f.departmentId, f.onlyActive, f.like]);
  return row;
}

/** One live user's wire record. */
export async function getUser(db: Db, id: string): Promise<DirectoryUser | undefined> {
  const [row] = await q.get_user<{ doc: DirectoryUser }>(db, [id]);
  return row?.doc;
}

/** An existing user's stored fields, found by login id. */
export type ExistingUser = UserRecord & { id: string; loginKey: string };

/** Live users by lowercase login id. */
export function usersByLogin(db: Db, loginKeys: string[]): Promise<ExistingUser[]> {
  return q.users_by_login<ExistingUser>(db, [loginKeys]);
}

/** Live holders of (company, employee number) pairs. */
export function usersByEmployeeNo(db: Db, pairs: Array<{ companyId: string; employeeNo: string }>) {
  return q.users_by_employee_no<{ id: string; companyId: string; employeeNo: string; loginKey: string }>(db, [
    pairs.map((p) => p.companyId),
    pairs.map((p) => p.employeeNo),
  ]);
}

/** Inserts or updates whole records; returns the rows written (unchanged ones are absent). */
export function upsertUsers(db: Db, records: UserRecord[], version: number) {
  return q.upsert_users<{ id: string; loginKey: string; inserted: boolean }>(db, [
    records as unknown as Record<string, unknown>[],
    version,
  ]);
}

/** Writes a whole record when `expectedVersion` still matches; false when it did not. */
export async function updateUser(
  db: Db,
  id: string,
  expectedVersion: number,
  version: number,
  record: UserRecord,
): Promise<boolean> {
  const rows = await q.update_user(db, [id, expectedVersion, version, record as unknown as Record<string, unknown>]);
  return rows.length === 1;
}

/** Sets the active flag; false when the user is absent or already in that state. */
export async function setUserActive(db: Db, id: string, active: boolean, version: number): Promise<boolean> {
  return (await q.set_user_active(db, [id, active, version])).length === 1;
}

/** Tombstones a user; false when absent. */
export async function deleteUser(db: Db, id: string, version: number): Promise<boolean> {
  return (await q.delete_user(db, [id, version])).length === 1;
}

/** New version for the users of a department whose name or code changed. */
export async function touchUsersOfDepartment(db: Db, departmentId: string, version: number): Promise<void> {
  await q.touch_users_of_department(db, [departmentId, version]);
}

/** New version for the users of a company whose default locale changed. */
export async function touchUsersOfCompany(db: Db, companyId: string, version: number): Promise<void> {
  await q.touch_users_of_company(db, [companyId, version]);
}

/** Deletes tombstones past retention. */
export async function purgeUserTombstones(
  db: Db,
  days: number,
): Promise<{ maxVersion: number | null; purged: number }> {
  const [row] = await q.purge_user_tombstones<{ maxVersion: number | null; purged: number }>(db, [days]);
  return row;
}
