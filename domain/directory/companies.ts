/** Companies: codes unique, the default company kept, and locale changes carried to users and departments. */
import * as companies from "@/sql/directory/companies.ts";
import type { CompanyFields, CompanyRow } from "@/sql/directory/companies.ts";
import { touchUsersOfCompany } from "@/sql/directory/users.ts";
import { touchDepartmentsOfCompany } from "@/sql/directory/departments.ts";
import { type Actor, insertAudit } from "@/sql/directory/audit.ts";
import { AppError, notFound } from "@/domain/errors.ts";
import { type DirectoryContext, inDirectoryLedger, type Tx } from "./context.ts";
import { type Page, splitPage } from "./paging.ts";
import { DEFAULT_COMPANY_ID } from "./user_records.ts";

/** A company on the wire. */
export interface Company {
  id: string;
  code: string;
  name: string;
  nameEn: string;
  defaultLocale: string;
  isActive: boolean;
  version: number;
  updatedAt: string;
}

/** Builds the wire record. */
export function toCompany(r: CompanyRow): Company {
  return { ...r, updatedAt: r.updatedAt.toISOString() };
}

/** Lists companies by code. */
export async function listCompanies(
  ctx: DirectoryContext,
  query: { limit: number; cursor?: string },
): Promise<Page<Company>> {
  const after = query.cursor ? String(ctx.cursors.decode("companies", query.cursor)[0]) : null;
  const rows = await companies.listCompanies(ctx.sql, after, query.limit + 1);
  const { page, more } = splitPage(rows, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toCompany(r as CompanyRow)),
    nextCursor: more && last ? ctx.cursors.encode("companies", [last.code!.toLowerCase()]) : null,
    dataVersion: rows[0].dataVersion,
  };
}

async function stored(db: Tx | DirectoryContext["sql"], id: string): Promise<CompanyRow> {
  const row = await companies.getCompany(db, id);
  if (!row) throw notFound("The company");
  return row;
}

/** One live company, or 404. */
export async function getCompany(ctx: DirectoryContext, id: string): Promise<Company> {
  return toCompany(await stored(ctx.sql, id));
}

/** Creates a company. */
export function createCompany(
  ctx: DirectoryContext,
  actor: Actor,
  input: Partial<CompanyFields> & { code: string; name: string },
) {
  return inDirectoryLedger(ctx, async (tx, version) => {
    const id = await companies.insertCompany(tx, {
      code: input.code,
      name: input.name,
      nameEn: input.nameEn ?? "",
      defaultLocale: input.defaultLocale ?? "ko",
      isActive: input.isActive ?? true,
    }, version);
    await insertAudit(tx, actor, { action: "company.create", targetType: "company", targetId: id });
    return toCompany(await stored(tx, id));
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
        extra: { data: toCompany(c) },
      });
    }
    const next = { ...c, ...patch };
    await companies.updateCompany(tx, id, expectedVersion, version, next);
    if (next.defaultLocale !== c.defaultLocale) {
      await touchUsersOfCompany(tx, id, version);
      await touchDepartmentsOfCompany(tx, id, version);
    }
    await insertAudit(tx, actor, {
      action: "company.update",
      targetType: "company",
      targetId: id,
      details: { fields: Object.keys(patch) },
    });
    return toCompany(await stored(tx, id));
  });
}

/** Deactivates a company (idempotent). */
export function deactivateCompany(ctx: DirectoryContext, actor: Actor, id: string) {
  return inDirectoryLedger(ctx, async (tx, version) => {
    const c = await stored(tx, id);
    if (c.isActive) {
      await companies.updateCompany(tx, id, c.version, version, { ...c, isActive: false });
      await insertAudit(tx, actor, { action: "company.deactivate", targetType: "company", targetId: id });
    }
    return toCompany(await stored(tx, id));
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
    await companies.deleteCompany(tx, id, version);
    await insertAudit(tx, actor, { action: "company.delete", targetType: "company", targetId: id });
    return { id, deleted: true as const, version };
  });
}
