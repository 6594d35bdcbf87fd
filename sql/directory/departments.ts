/** Statements on directory departments. */
import { type Db, loadQueries } from "@/sql/mod.ts";
import type { RenderedPage } from "./users.ts";

const q = loadQueries(new URL("./departments.sql", import.meta.url), [
  "list_departments",
  "list_department_changes",
  "get_department",
  "departments_of_companies",
  "insert_department",
  "update_department_fields",
  "move_subtree",
  "set_department_active",
  "department_dependents",
  "delete_department",
  "touch_departments_of_company",
  "purge_department_tombstones",
]);

/** A department's wire record, rendered by department_view. */
export interface Department {
  id: string;
  code: string;
  name: string;
  nameEn: string;
  parentId: string | null;
  companyId: string;
  companyDefaultLocale: string;
  isActive: boolean;
  depth: number;
  /** Ancestor ids from the root to this department, inclusive. */
  path: string[];
  sortOrder: number;
  version: number;
  updatedAt: string;
}

/** A department with the tree fields moves need. */
export interface DepartmentRow {
  id: string;
  companyId: string;
  parentId: string | null;
  code: string;
  isActive: boolean;
  depth: number;
  path: string[];
  sortOrder: number;
  version: number;
  treeKey: string;
  doc: Department;
}

/** One page in tree order after the (company, tree key) position. */
export async function listDepartments(
  db: Db,
  companyId: string | null,
  includeInactive: boolean,
  after: { companyId: string; treeKey: string } | null,
  limit: number,
) {
  const [row] = await q.list_departments<
    RenderedPage & { lastCompanyId: string | null; lastTreeKey: string | null }
  >(db, [companyId, includeInactive, after?.companyId ?? null, after?.treeKey ?? null, limit]);
  return row;
}

/** One page of the departments change feed, with the purge horizon. */
export async function listDepartmentChanges(
  db: Db,
  since: number,
  companyId: string | null,
  includeInactive: boolean,
  after: { version: number; id: string } | null,
  limit: number,
) {
  const [row] = await q.list_department_changes<
    RenderedPage & { purgedThrough: number; lastVersion: number | null; lastId: string | null }
  >(db, [since, companyId, after?.version ?? null, after?.id ?? null, limit, includeInactive]);
  return row;
}

/** One live department. */
export async function getDepartment(db: Db, id: string): Promise<DepartmentRow | undefined> {
  const [row] = await q.get_department<DepartmentRow>(db, [id]);
  return row;
}

/** Live departments of the given companies, keyed for code lookups. */
export function departmentsOfCompanies(db: Db, companyIds: string[]) {
  return q.departments_of_companies<{ id: string; companyId: string; codeKey: string }>(db, [companyIds]);
}

/** The fields a department is created with. */
export interface NewDepartment {
  id: string;
  companyId: string;
  code: string;
  name: string;
  nameEn: string;
  parentId: string | null;
  sortOrder: number;
  isActive: boolean;
}

/** Creates a department. */
export async function insertDepartment(db: Db, d: NewDepartment, version: number): Promise<void> {
  await q.insert_department(db, [
    d.id,
    d.companyId,
    d.code,
    d.name,
    d.nameEn,
    d.parentId,
    d.sortOrder,
    d.isActive,
    version,
  ]);
}

/** Writes own fields when `expectedVersion` matches; false when it did not. */
export async function updateDepartmentFields(
  db: Db,
  id: string,
  expectedVersion: number,
  version: number,
  f: { code: string; name: string; nameEn: string; isActive: boolean },
): Promise<boolean> {
  const rows = await q.update_department_fields(db, [
    id,
    expectedVersion,
    version,
    f.code,
    f.name,
    f.nameEn,
    f.isActive,
  ]);
  return rows.length === 1;
}

/** Moves a department (and its subtree) under `parent`, or to the root when parent is null. */
export async function moveSubtree(
  db: Db,
  d: { id: string; depth: number },
  parent: { path: string[]; treeKey: string } | null,
  sortOrder: number,
  version: number,
): Promise<void> {
  await q.move_subtree(db, [d.id, parent?.path ?? [], parent?.treeKey ?? "", sortOrder, version, d.depth]);
}

/** Sets the active flag; false when absent or unchanged. */
export async function setDepartmentActive(db: Db, id: string, active: boolean, version: number): Promise<boolean> {
  return (await q.set_department_active(db, [id, active, version])).length === 1;
}

/** Live children and users of a department. */
export async function departmentDependents(db: Db, id: string): Promise<{ children: number; users: number }> {
  const [row] = await q.department_dependents<{ children: number; users: number }>(db, [id]);
  return row;
}

/** Tombstones a department; false when absent. */
export async function deleteDepartment(db: Db, id: string, version: number): Promise<boolean> {
  return (await q.delete_department(db, [id, version])).length === 1;
}

/** New version for the departments of a company whose default locale changed. */
export async function touchDepartmentsOfCompany(db: Db, companyId: string, version: number): Promise<void> {
  await q.touch_departments_of_company(db, [companyId, version]);
}

/** Deletes unreferenced tombstones past retention. */
export async function purgeDepartmentTombstones(db: Db, days: number) {
  const [row] = await q.purge_department_tombstones<{ maxVersion: number | null; purged: number }>(db, [days]);
  return row;
}
