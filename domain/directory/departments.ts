/**
 * Departments: one tree per company, codes unique per company, and parent moves
 * that can never make a cycle (every write holds the ledger lock, so the check and
 * the move see the same tree).
 */
import * as departments from "@/sql/directory/departments.ts";
import type { DepartmentRow } from "@/sql/directory/departments.ts";
import { touchUsersOfDepartment } from "@/sql/directory/users.ts";
import { getCompany } from "@/sql/directory/companies.ts";
import { type Actor, insertAudit } from "@/sql/directory/audit.ts";
import { AppError, notFound } from "@/domain/errors.ts";
import { type DirectoryContext, inDirectoryLedger, type Tx } from "./context.ts";
import { assertNotPurged, type Page } from "./paging.ts";
import { portalRead } from "./portal_reads.ts";
import { DEFAULT_COMPANY_ID } from "./user_records.ts";
import type * as schemas from "./schemas.ts";

export type { Department } from "./schemas.ts";

/** Query of `GET /departments`. */
export interface DepartmentListQuery {
  companyId?: string;
  includeInactive: boolean;
  limit: number;
  cursor?: string;
  updatedSince?: number;
}

/**
 * Lists departments in tree order (parents before children, across pages), or,
 * with `updatedSince`, the change feed in version order with tombstones. Without
 * `includeInactive`, an inactive department hides its whole subtree.
 */
export function listDepartments(ctx: DirectoryContext, query: DepartmentListQuery, portalId?: string): Promise<Page> {
  const who = { portalId, ledger: "directory" as const, atLeast: query.updatedSince };
  return portalRead(ctx, who, (on) => departmentsPage(on, query));
}

async function departmentsPage(ctx: DirectoryContext, query: DepartmentListQuery): Promise<Page> {
  const companyId = query.companyId ?? null;
  if (query.updatedSince !== undefined) {
    const after = query.cursor ? ctx.cursors.decode("department-changes", query.cursor, query) : null;
    const page = await departments.listDepartmentChanges(ctx.sql, {
      since: query.updatedSince,
      companyId,
      includeInactive: query.includeInactive,
      after: after ? { version: Number(after[0]), id: String(after[1]) } : null,
      limit: query.limit,
    });
    assertNotPurged(query.updatedSince, page.purgedThrough);
    return {
      items: page.items,
      nextCursor: page.more ? ctx.cursors.encode("department-changes", [page.lastVersion!, page.lastId!], query) : null,
      dataVersion: page.dataVersion,
    };
  }
  const after = query.cursor ? ctx.cursors.decode("departments", query.cursor, query) : null;
  const page = await departments.listDepartments(ctx.sql, {
    companyId,
    includeInactive: query.includeInactive,
    after: after ? { companyId: String(after[0]), treeKey: String(after[1]) } : null,
    limit: query.limit,
  });
  return {
    items: page.items,
    nextCursor: page.more ? ctx.cursors.encode("departments", [page.lastCompanyId!, page.lastTreeKey!], query) : null,
    dataVersion: page.dataVersion,
  };
}

async function stored(tx: Tx | DirectoryContext["sql"], id: string): Promise<DepartmentRow> {
  const row = await departments.getDepartment(tx, id);
  if (!row) throw notFound("The department");
  return row;
}

/** One live department, or 404. */
export async function getDepartment(ctx: DirectoryContext, id: string): Promise<schemas.Department> {
  return (await stored(ctx.sql, id)).doc;
}

async function parentFor(tx: Tx, companyId: string, parentId: string | null): Promise<DepartmentRow | null> {
  if (parentId === null) return null;
  const parent = await departments.getDepartment(tx, parentId);
  if (!parent || parent.companyId !== companyId) {
    throw new AppError("unprocessable", "parentId names no department of the same company", {
      errors: [{ path: "parentId", message: "no such department in this company" }],
    });
  }
  return parent;
}

/** Creates a department; without companyId it belongs to the default company. */
export function createDepartment(ctx: DirectoryContext, actor: Actor, input: schemas.DepartmentCreate) {
  return inDirectoryLedger(ctx, async (tx, version) => {
    const companyId = input.companyId ?? DEFAULT_COMPANY_ID;
    if (!await getCompany(tx, companyId)) {
      throw new AppError("unprocessable", "companyId names no company", {
        errors: [{ path: "companyId", message: "no such company" }],
      });
    }
    await parentFor(tx, companyId, input.parentId ?? null);
    const id = crypto.randomUUID();
    const department = {
      id,
      companyId,
      code: input.code,
      name: input.name,
      nameEn: input.nameEn ?? "",
      parentId: input.parentId ?? null,
      sortOrder: input.sortOrder ?? 0,
      isActive: input.isActive ?? true,
    };
    await departments.insertDepartment(tx, { department, version });
    await insertAudit(tx, { actor, action: "department.create", targetType: "department", targetId: id });
    return (await stored(tx, id)).doc;
  });
}

/** Fields a department update may change. */
export type DepartmentPatch = Omit<schemas.DepartmentPatch, "version">;

/**
 * Updates a department when `expectedVersion` is still its version. A new parent
 * that is the department itself or one of its descendants is refused (a cycle).
 */
export function updateDepartment(
  ctx: DirectoryContext,
  actor: Actor,
  id: string,
  expectedVersion: number,
  patch: DepartmentPatch,
) {
  return inDirectoryLedger(ctx, async (tx, version) => {
    const d = await stored(tx, id);
    if (d.version !== expectedVersion) {
      throw new AppError("version_conflict", "The department changed since that version", {
        extra: { data: d.doc },
      });
    }
    const parentId = patch.parentId !== undefined ? patch.parentId : d.parentId;
    const sortOrder = patch.sortOrder ?? d.sortOrder;
    const fields = {
      code: patch.code ?? d.code,
      name: patch.name ?? d.doc.name,
      nameEn: patch.nameEn ?? d.doc.nameEn,
      isActive: patch.isActive ?? d.isActive,
    };
    await departments.updateDepartmentFields(tx, { id, expectedVersion, version, fields });
    if (parentId !== d.parentId || sortOrder !== d.sortOrder) {
      const parent = await parentFor(tx, d.companyId, parentId);
      if (parent && parent.path.includes(id)) {
        throw new AppError("unprocessable", "A department cannot move under itself or its descendants", {
          errors: [{ path: "parentId", message: "would make a cycle" }],
        });
      }
      await departments.moveSubtree(tx, { department: d, parent, sortOrder, version });
    }
    if (fields.code !== d.code || fields.name !== d.doc.name) {
      await touchUsersOfDepartment(tx, { departmentId: id, version });
    }
    await insertAudit(tx, {
      actor,
      action: "department.update",
      targetType: "department",
      targetId: id,
      details: { fields: Object.keys(patch) },
    });
    return (await stored(tx, id)).doc;
  });
}

/** Deactivates a department (idempotent). */
export function deactivateDepartment(ctx: DirectoryContext, actor: Actor, id: string) {
  return inDirectoryLedger(ctx, async (tx, version) => {
    await stored(tx, id);
    if (await departments.setDepartmentActive(tx, { id, active: false, version })) {
      await insertAudit(tx, { actor, action: "department.deactivate", targetType: "department", targetId: id });
    }
    return (await stored(tx, id)).doc;
  });
}

/** Deletes a department that has no live children and no live users. */
export function deleteDepartment(ctx: DirectoryContext, actor: Actor, id: string) {
  return inDirectoryLedger(ctx, async (tx, version) => {
    await stored(tx, id);
    const deps = await departments.departmentDependents(tx, id);
    if (deps.children > 0 || deps.users > 0) {
      throw new AppError(
        "conflict",
        `The department still has ${deps.children} child departments and ${deps.users} users`,
      );
    }
    await departments.deleteDepartment(tx, { id, version });
    await insertAudit(tx, { actor, action: "department.delete", targetType: "department", targetId: id });
    return { id, deleted: true as const, version };
  });
}
