/** Companies: codes unique, the default company kept, and locale changes carried to users and departments. */
import * as companies from "@/sql/directory/companies.ts";
import type { CompanyFields, CompanyRow } from "@/sql/directory/companies.ts";
import { touchUsersOfCompany } from "@/sql/directory/users.ts";
import { touchDepartmentsOfCompany } from "@/sql/directory/departments.ts";
import { type Actor, insertAudit } from "@/sql/directory/audit.ts";
import { AppError, notFound } from "@/domain/errors.ts";
import { type DirectoryContext, inDirectoryLedger, type Tx } from "./context.ts";
import type { Page } from "./paging.ts";
import { portalRead } from "./portal_reads.ts";
import { DEFAULT_COMPANY_ID } from "./user_records.ts";
import type { Company } from "./schemas.ts";

export type { Company } from "./schemas.ts";

/** Lists companies by code. */
export function listCompanies(
  ctx: DirectoryContext,
  query: { limit: number; cursor?: string },
  portalId?: string,
): Promise<Page> {
  return portalRead(ctx, { portalId, ledger: "directory" }, (on) => companiesPage(on, query));
}

async function companiesPage(ctx: DirectoryContext, query: { limit: number; cursor?: string }): Promise<Page> {
  const after = query.cursor ? String(ctx.cursors.decode("companies", query.cursor, query)[0]) : null;
  const page = await companies.listCompanies(ctx.sql, { afterCode: after, limit: query.limit });
  return {
    items: page.items,
    nextCursor: page.more ? ctx.cursors.encode("companies", [page.lastCode!], query) : null,
    dataVersion: page.dataVersion,
  };
}

async function stored(db: Tx | DirectoryContext["sql"], id: string): Promise<CompanyRow> {
  const row = await companies.getCompany(db, id);
  if (!row) throw notFound("The company");
  return row;
}

/** One live company, or 404. */
export async function getCompany(ctx: DirectoryContext, id: string): Promise<Company> {
  return (await stored(ctx.sql, id)).doc;
}

/** Creates a company. */
export function createCompany(
  ctx: DirectoryContext,
  actor: Actor,
  input: Partial<CompanyFields> & { code: string; name: string },
) {
  return inDirectoryLedger(ctx, async (tx, version) => {
    const fields = {
      code: input.code,
      name: input.name,
      nameEn: input.nameEn ?? "",
      defaultLocale: input.defaultLocale ?? "ko",
      isActive: input.isActive ?? true,
    };
    const id = await companies.insertCompany(tx, { fields, version });
    await insertAudit(tx, { actor, action: "company.create", targetType: "company", targetId: id });
    return (await stored(tx, id)).doc;
  });
}

/** Updates a company when `expectedVersion` is still its version. */
export function updateCompany(
  ctx: DirectoryContext,
  actor: Actor,
  id: string,
  expectedVersion: number,
  patch: Partial<CompanyFields>,
) {
  return inDirectoryLedger(ctx, async (tx, version) => {
    const c = await stored(tx, id);
    if (c.version !== expectedVersion) {
      throw new AppError("version_conflict", "The company changed since that version", {
        extra: { data: c.doc },
      });
    }
    const next = {
      code: patch.code ?? c.code,
      name: patch.name ?? c.name,
      nameEn: patch.nameEn ?? c.nameEn,
      defaultLocale: patch.defaultLocale ?? c.defaultLocale,
      isActive: patch.isActive ?? c.isActive,
    };
    await companies.updateCompany(tx, { id, expectedVersion, version, fields: next });
    if (next.defaultLocale !== c.defaultLocale) {
      await touchUsersOfCompany(tx, { companyId: id, version });
      await touchDepartmentsOfCompany(tx, { companyId: id, version });
    }
    await insertAudit(tx, {
      actor,
      action: "company.update",
      targetType: "company",
      targetId: id,
      details: { fields: Object.keys(patch) },
    });
    return (await stored(tx, id)).doc;
  });
}

/** Deactivates a company (idempotent). */
export function deactivateCompany(ctx: DirectoryContext, actor: Actor, id: string) {
  return inDirectoryLedger(ctx, async (tx, version) => {
    const c = await stored(tx, id);
    if (c.isActive) {
      const fields = { code: c.code, name: c.name, nameEn: c.nameEn, defaultLocale: c.defaultLocale, isActive: false };
      await companies.updateCompany(tx, { id, expectedVersion: c.version, version, fields });
      await insertAudit(tx, { actor, action: "company.deactivate", targetType: "company", targetId: id });
    }
    return (await stored(tx, id)).doc;
  });
}

/** Deletes a company that has no live departments or users; the default company stays. */
export function deleteCompany(ctx: DirectoryContext, actor: Actor, id: string) {
  return inDirectoryLedger(ctx, async (tx, version) => {
    await stored(tx, id);
    if (id === DEFAULT_COMPANY_ID) throw new AppError("conflict", "The default company cannot be deleted");
    const deps = await companies.companyDependents(tx, id);
    if (deps.departments > 0 || deps.users > 0) {
      throw new AppError("conflict", `The company still has ${deps.departments} departments and ${deps.users} users`);
    }
    await companies.deleteCompany(tx, { id, version });
    await insertAudit(tx, { actor, action: "company.delete", targetType: "company", targetId: id });
    return { id, deleted: true as const, version };
  });
}
