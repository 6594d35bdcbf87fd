/** Statements on directory departments. */
import { type Db, loadQueries, type RowOf, typed } from "@/sql/mod.ts";
import { RENDERED_PAGE } from "./users.ts";

const q = loadQueries(new URL("./departments.sql", import.meta.url), {
  list_departments: {
    params: ["uuid?", "bool", "uuid?", "text?", "int4"],
    columns: { ...RENDERED_PAGE, lastCompanyId: "uuid?", lastTreeKey: "text?" },
  },
  list_department_changes: {
    params: ["int8", "uuid?", "int8?", "uuid?", "int4", "bool"],
    columns: { ...RENDERED_PAGE, purgedThrough: "int8", lastVersion: "int8?", lastId: "uuid?" },
  },
  get_department: {
    params: ["uuid"],
    columns: {
      id: "uuid",
      companyId: "uuid",
      parentId: "uuid?",
      code: "text",
      isActive: "bool",
      depth: "int4",
      path: "_uuid",
      sortOrder: "int4",
      version: "int8",
      treeKey: "text",
      doc: typed<Department>("json"),
    },
  },
  departments_of_companies: { params: ["_uuid"], columns: { id: "uuid", companyId: "uuid", codeKey: "text" } },
  insert_department: {
    params: ["uuid", "uuid", "text", "text", "text", "uuid?", "int4", "bool", "int8"],
    columns: { id: "uuid" },
  },
  update_department_fields: {
    params: ["uuid", "int8", "int8", "text", "text", "text", "bool"],
    columns: { id: "uuid" },
  },
  move_subtree: { params: ["uuid", "_uuid", "text", "int4", "int8", "int4"] },
  set_department_active: { params: ["uuid", "bool", "int8"], columns: { id: "uuid" } },
  department_dependents: { params: ["uuid"], columns: { children: "int4", users: "int4" } },
  delete_department: { params: ["uuid", "int8"], columns: { id: "uuid" } },
  touch_departments_of_company: { params: ["uuid", "int8"] },
  purge_department_tombstones: { params: ["int4"], columns: { maxVersion: "int8?", purged: "int4" } },
});

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
export type DepartmentRow = RowOf<typeof q.get_department>;

/** One page in tree order after the (company, tree key) position. */
export async function listDepartments(
  db: Db,
  a: {
    companyId: string | null;
    includeInactive: boolean;
    after: { companyId: string; treeKey: string } | null;
    limit: number;
  },
) {
  const [row] = await q.list_departments(db, [
    a.companyId,
    a.includeInactive,
    a.after?.companyId ?? null,
    a.after?.treeKey ?? null,
    a.limit,
  ]);
  return row;
}

/** One page of the departments change feed, with the purge horizon. */
export async function listDepartmentChanges(
  db: Db,
  a: {
    since: number;
    companyId: string | null;
    includeInactive: boolean;
    after: { version: number; id: string } | null;
    limit: number;
  },
) {
  const [row] = await q.list_department_changes(db, [
    a.since,
    a.companyId,
    a.after?.version ?? null,
    a.after?.id ?? null,
    a.limit,
    a.includeInactive,
  ]);
  return row;
}

/** One live department. */
export async function getDepartment(db: Db, id: string): Promise<DepartmentRow | undefined> {
  const [row] = await q.get_department(db, [id]);
  return row;
}

/** Live departments of the given companies, keyed for code lookups. */
export function departmentsOfCompanies(db: Db, companyIds: string[]) {
  return q.departments_of_companies(db, [companyIds]);
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
export async function insertDepartment(db: Db, a: { department: NewDepartment; version: number }): Promise<void> {
  const d = a.department;
  await q.insert_department(db, [
    d.id,
    d.companyId,
    d.code,
    d.name,
    d.nameEn,
    d.parentId,
    d.sortOrder,
    d.isActive,
    a.version,
  ]);
}

/** Writes own fields when `expectedVersion` matches; false when it did not. */
export async function updateDepartmentFields(
  db: Db,
  a: {
    id: string;
    expectedVersion: number;
    version: number;
    fields: { code: string; name: string; nameEn: string; isActive: boolean };
  },
): Promise<boolean> {
  const f = a.fields;
  const rows = await q.update_department_fields(db, [
    a.id,
    a.expectedVersion,
    a.version,
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
  a: {
    department: { id: string; depth: number };
    parent: { path: string[]; treeKey: string } | null;
    sortOrder: number;
    version: number;
  },
): Promise<void> {
  const { department: d, parent } = a;
  await q.move_subtree(db, [d.id, parent?.path ?? [], parent?.treeKey ?? "", a.sortOrder, a.version, d.depth]);
}

/** Sets the active flag; false when absent or unchanged. */
export async function setDepartmentActive(
  db: Db,
  a: { id: string; active: boolean; version: number },
): Promise<boolean> {
  return (await q.set_department_active(db, [a.id, a.active, a.version])).length === 1;
}

/** Live children and users of a department. */
export async function departmentDependents(db: Db, id: string): Promise<{ children: number; users: number }> {
  const [row] = await q.department_dependents(db, [id]);
  return row;
}

/** Tombstones a department; false when absent. */
export async function deleteDepartment(db: Db, a: { id: string; version: number }): Promise<boolean> {
  return (await q.delete_department(db, [a.id, a.version])).length === 1;
}

/** New version for the departments of a company whose default locale changed. */
export async function touchDepartmentsOfCompany(db: Db, a: { companyId: string; version: number }): Promise<void> {
  await q.touch_departments_of_company(db, [a.companyId, a.version]);
}

/** Deletes unreferenced tombstones past retention. */
export async function purgeDepartmentTombstones(db: Db, days: number) {
  const [row] = await q.purge_department_tombstones(db, [days]);
  return row;
}
