/** Statements on companies. */
import { type Db, loadQueries, type RowOf, typed } from "@/sql/mod.ts";
import { RENDERED_PAGE } from "./users.ts";

const q = loadQueries(new URL("./companies.sql", import.meta.url), {
  list_companies: { params: ["text?", "int4"], columns: { ...RENDERED_PAGE, lastCode: "text?" } },
  get_company: {
    params: ["uuid"],
    columns: {
      id: "uuid",
      code: "text",
      name: "text",
      nameEn: "text",
      defaultLocale: "text",
      isActive: "bool",
      version: "int8",
      doc: typed<Company>("json"),
    },
  },
  companies_by_ids: { params: ["_uuid"], columns: { id: "uuid", defaultLocale: "text" } },
  insert_company: { params: ["text", "text", "text", "text", "bool", "int8"], columns: { id: "uuid" } },
  update_company: { params: ["uuid", "int8", "int8", "text", "text", "text", "text", "bool"], columns: { id: "uuid" } },
  company_dependents: { params: ["uuid"], columns: { departments: "int4", users: "int4" } },
  delete_company: { params: ["uuid", "int8"], columns: { id: "uuid" } },
});

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
export type CompanyRow = RowOf<typeof q.get_company>;

/** One page of companies by code. */
export async function listCompanies(db: Db, a: { afterCode: string | null; limit: number }) {
  const [row] = await q.list_companies(db, [a.afterCode, a.limit]);
  return row;
}

/** One live company. */
export async function getCompany(db: Db, id: string): Promise<CompanyRow | undefined> {
  const [row] = await q.get_company(db, [id]);
  return row;
}

/** Which of the ids are live companies. */
export function companiesByIds(db: Db, ids: string[]) {
  return q.companies_by_ids(db, [ids]);
}

/** Creates a company and returns its id. */
export async function insertCompany(db: Db, a: { fields: CompanyFields; version: number }): Promise<string> {
  const f = a.fields;
  const [row] = await q.insert_company(db, [f.code, f.name, f.nameEn, f.defaultLocale, f.isActive, a.version]);
  return row.id;
}

/** Writes fields when `expectedVersion` matches; false when it did not. */
export async function updateCompany(
  db: Db,
  a: { id: string; expectedVersion: number; version: number; fields: CompanyFields },
): Promise<boolean> {
  const f = a.fields;
  const rows = await q.update_company(db, [
    a.id,
    a.expectedVersion,
    a.version,
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
  const [row] = await q.company_dependents(db, [id]);
  return row;
}

/** Tombstones a company; false when absent. */
export async function deleteCompany(db: Db, a: { id: string; version: number }): Promise<boolean> {
  return (await q.delete_company(db, [a.id, a.version])).length === 1;
}
