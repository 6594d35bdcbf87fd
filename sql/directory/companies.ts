/** Statements on companies. */
import { type Db, loadQueries } from "@/sql/mod.ts";
import type { RenderedPage } from "./users.ts";

const q = loadQueries(new URL("./companies.sql", import.meta.url), [
  "list_companies",
  "get_company",
  "companies_by_ids",
  "insert_company",
  "update_company",
  "company_dependents",
  "delete_company",
]);

/** A company's wire record, rendered by company_view. */
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

/** The writable fields of a company. */
export interface CompanyFields {
  code: string;
  name: string;
  nameEn: string;
  defaultLocale: string;
  isActive: boolean;
}

/** A company's stored fields and its wire record. */
export type CompanyRow = CompanyFields & { id: string; version: number; doc: Company };

/** One page of companies by code. */
export async function listCompanies(db: Db, afterCode: string | null, limit: number) {
  const [row] = await q.list_companies<RenderedPage & { lastCode: string | null }>(db, [afterCode, limit]);
  return row;
}

/** One live company. */
export async function getCompany(db: Db, id: string): Promise<CompanyRow | undefined> {
  const [row] = await q.get_company<CompanyRow>(db, [id]);
  return row;
}

/** Which of the ids are live companies. */
export function companiesByIds(db: Db, ids: string[]) {
  return q.companies_by_ids<{ id: string; defaultLocale: string }>(db, [ids]);
}

/** Creates a company and returns its id. */
export async function insertCompany(db: Db, f: CompanyFields, version: number): Promise<string> {
  const [row] = await q.insert_company<{ id: string }>(db, [
    f.code,
    f.name,
    f.nameEn,
    f.defaultLocale,
    f.isActive,
    version,
  ]);
  return row.id;
}

/** Writes fields when `expectedVersion` matches; false when it did not. */
export async function updateCompany(db: Db, id: string, expectedVersion: number, version: number, f: CompanyFields) {
  const rows = await q.update_company(db, [
    id,
    expectedVersion,
    version,
    f.code,
    f.name,
    f.nameEn,
    f.defaultLocale,
    f.isActive,
  ]);
  return rows.length === 1;
}

/** Live departments and users of a company. */
export async function companyDependents(db: Db, id: string): Promise<{ departments: number; users: number }> {
  const [row] = await q.company_dependents<{ departments: number; users: number }>(db, [id]);
  return row;
}

/** Tombstones a company; false when absent. */
export async function deleteCompany(db: Db, id: string, version: number): Promise<boolean> {
  return (await q.delete_company(db, [id, version])).length === 1;
}
